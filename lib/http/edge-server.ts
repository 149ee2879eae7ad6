// The node:http server scripts/serve.ts puts in front of Next.js (one process or each cluster worker):
// it stamps each request with its socket address (which route handlers cannot otherwise see) and its
// request id, refuses API paths Next.js cannot route, and keeps idle connections open as long as
// HTTP_KEEP_ALIVE_TIMEOUT_MS says. Its own module so tests can build the same server.
import http from "node:http";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { config } from "@/lib/config";
import { newId } from "@/lib/ids";
import { runWithDeadline, type RequestDeadline } from "@/lib/platform/request-deadline";
import { countInto, overloadCounters } from "@/lib/platform/overload-counters";
import { admissionVerdict, classify, EventLoopDelay, PRIORITY_CLASSES, type AdmissionLimits } from "./admission";
import { answerAtEdge, answerClientError, answerOverloaded, refuseApiPath } from "./edge";
import { baseHeaders, identityHeaders } from "./headers";
import { REQUEST_ID_HEADER } from "./request-id";
import { context, propagation, ROOT_CONTEXT } from "@opentelemetry/api";
import { runWithLogContext, traceIdOf } from "@/lib/logging/log-context";
import { tracingEnabled } from "@/lib/tracing/tracing";

export type EdgeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;

export type EdgeTimeouts = { keepAliveTimeoutMs: number; headersTimeoutMs: number };

/** HTTP_KEEP_ALIVE_TIMEOUT_MS and HTTP_HEADERS_TIMEOUT_MS (lib/config.ts, where the defaults are explained). */
export function configuredTimeouts(): EdgeTimeouts {
  const settings = config();
  return {
    keepAliveTimeoutMs: settings.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: settings.HTTP_HEADERS_TIMEOUT_MS,
  };
}

/** ADMISSION_MAX_IN_FLIGHT and ADMISSION_MAX_EVENT_LOOP_DELAY_MS (lib/config.ts, docs/decisions/overload.md). */
export function configuredAdmission(): AdmissionLimits {
  const settings = config();
  return {
    maxInFlight: settings.ADMISSION_MAX_IN_FLIGHT,
    maxEventLoopDelayMs: settings.ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
  };
}

/** `dev`: the development server, whose routes compile on their first request (RequestDeadline.budgetFromRouteStartMs). */
export function edgeServer(
  handle: EdgeHandler,
  timeouts: EdgeTimeouts = configuredTimeouts(),
  limits: AdmissionLimits = configuredAdmission(),
  { dev = false }: { dev?: boolean } = {},
): http.Server {
  // Given at construction: Node checks there that headersTimeout is within requestTimeout.
  const options: http.ServerOptions = {
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    headersTimeout: timeouts.headersTimeoutMs,
  };
  const counters = overloadCounters();
  const loop = new EventLoopDelay((ms) => (counters.eventLoopDelayMs = ms));
  let inFlight = 0;
  const server = http.createServer(options, (req, res) => {
    // Our own headers, over any client-sent copy: the socket's address, and the one id of this
    // request, which the route wrappers answer and log with.
    const requestId = newId("req");
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
    req.headers[REQUEST_ID_HEADER] = requestId;
    // Set before Next runs, so every answer carries them, Next's own redirects and error pages
    // too (Next keeps a header that is already set). The API's security headers only on API paths:
    // set here they would win over a page's own (proxy.ts, the card-details page's framing origin).
    const api = (req.url ?? "/").startsWith("/api/");
    for (const [name, value] of (api ? baseHeaders : identityHeaders)(requestId)) res.setHeader(name, value);
    // Admission first, before the rate limit's Redis call or any route's database work: a refusal
    // here costs microseconds, so shedding does not eat the capacity it protects.
    const priority = classify(req.method ?? "GET", req.url ?? "/");
    const verdict = admissionVerdict(priority, { inFlight, eventLoopDelayMs: loop.current }, limits);
    if (verdict !== "admit") {
      countInto(counters.shed, `${priority}:${verdict}`);
      return answerOverloaded(res, requestId, api, verdict);
    }
    countInto(counters.admitted, priority);
    inFlight += 1;
    counters.inFlight = inFlight;
    const clientGone = new AbortController();
    res.once("close", () => {
      inFlight -= 1;
      counters.inFlight = inFlight;
      // Closed before the answer was all written: the client is gone, its work may stop (request-deadline.ts).
      if (!res.writableFinished) clientGone.abort();
      else deadline.answered = true;
    });
    const admittedAt = Date.now();
    const deadline: RequestDeadline = {
      priority,
      admittedAt,
      deadline: admittedAt + PRIORITY_CLASSES[priority].budgetMs,
      clientGone: clientGone.signal,
      decisionCritical: priority === "decision",
      ...(dev ? { budgetFromRouteStartMs: PRIORITY_CLASSES[priority].budgetMs } : {}),
    };
    // Every line logged while serving it carries its request id, and the trace id its caller sent.
    const logContext = { requestId, traceId: traceIdOf(req.headers.traceparent) };
    const serve = () =>
      runWithLogContext(logContext, () => {
        const refusal = refuseApiPath(req.url ?? "/");
        if (refusal) return void answerAtEdge(res, refusal, requestId, req);
        void handle(req, res);
      });
    // With tracing on, the caller's traceparent is the parent of every span of this request.
    runWithDeadline(deadline, () =>
      tracingEnabled() ? context.with(propagation.extract(ROOT_CONTEXT, req.headers), serve) : serve(),
    );
  });
  server.on("clientError", answerClientError);
  server.on("close", () => loop.stop());
  return server;
}

/** Stops taking connections, closes the idle ones now, and cuts any request still running after 5 s. */
export function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    // A request still running after 5 s (a slow client) is cut rather than awaited.
    setTimeout(() => server.closeAllConnections(), 5_000).unref();
  });
}
