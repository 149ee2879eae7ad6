// Sends one signed webhook request: to the address vetted at send time (so DNS cannot be swapped
// between the check and the connection), no redirects followed, one deadline for the whole exchange,
// and only a bounded excerpt of the answer kept. Connections are kept alive in one pool per origin
// and vetted address: a socket in a pool was opened to that pool's address, so reusing it never
// reaches an address the guard has not approved at this send.
import type { LookupFunction } from "node:net";
import { Pool } from "undici";
import {
  checkEndpointUrl,
  destinationRule,
  resolveDestination,
  UnsafeDestinationError,
  type LookupHost,
  type VettedAddress,
} from "./address-guard";
import { RESPONSE_EXCERPT_BYTES, trimUtf8 } from "./response-excerpt";
import { context, propagation, SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { tracer, tracingEnabled } from "@/lib/tracing/tracing";

export { RESPONSE_EXCERPT_BYTES };
export const SEND_TIMEOUT_MS = 10_000;
/**
 * An answer body longer than this is not read to its end: the socket is dropped and the attempt
 * fails, whatever its status, so a receiver streaming without end costs one socket, not a sender.
 */
export const ANSWER_LIMIT_BYTES = 256 * 1024;
/** Sockets per destination; more sends wait in the pool's own queue, within their deadline. */
const CONNECTIONS_PER_DESTINATION = 16;
/** Pools kept; the least recently used one is closed past this. */
const MAX_POOLS = 1_000;

export type SendInput = {
  url: string;
  body: string;
  headers: Record<string, string>;
  livemode: boolean;
  timeoutMs?: number;
  /** The resolver the guard asks; the system's by default (tests swap DNS answers here). */
  lookupHost?: LookupHost;
  /**
   * For a caller that reads the answer (an authorization decision): keep this many bytes of it
   * and give up past them, instead of the excerpt and ANSWER_LIMIT_BYTES.
   */
  answerBytes?: number;
  /**
   * Pools apart from webhooks' (an authorization decision's), with this many sockets per
   * destination: a decision endpoint that hangs holds its own sockets, not a webhook's.
   */
  separatePool?: { name: string; connections: number };
  /** The client span's name with tracing on: "webhook.send" unless the caller says ("authorization.decision"). */
  spanName?: string;
};

export type SendResult = {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** The deadline passed before the exchange ended (the error says so too). */
  timedOut?: boolean;
  /** The address guard refused the destination: nothing was sent, and there is no answer to keep. */
  refused?: boolean;
};

class DeadlineError extends Error {
  override name = "DeadlineError";
}

const pools = new Map<string, Pool>();

function pinnedLookup(destination: VettedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };
}

function poolFor(url: URL, destination: VettedAddress, separate?: SendInput["separatePool"]): Pool {
  const key = `${separate ? `${separate.name} ` : ""}${url.origin} ${destination.address}`;
  const existing = pools.get(key);
  if (existing) {
    // Most recently used last, so the first entry is the one to close when full.
    pools.delete(key);
    pools.set(key, existing);
    return existing;
  }
  const pool = new Pool(url.origin, {
    connections: separate?.connections ?? CONNECTIONS_PER_DESTINATION,
    keepAliveTimeout: 4_000,
    keepAliveMaxTimeout: 30_000,
    connect: { lookup: pinnedLookup(destination) },
  });
  pools.set(key, pool);
  if (pools.size > MAX_POOLS) {
    const [oldestKey, oldest] = pools.entries().next().value ?? [];
    if (oldestKey !== undefined && oldest) {
      pools.delete(oldestKey);
      void oldest.close().catch(() => undefined);
    }
  }
  return pool;
}

/** Closes every kept-alive connection (the worker's stop). */
export async function closeConnectionPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((pool) => pool.close().catch(() => undefined)));
}

export async function sendWebhookRequest(input: SendInput): Promise<SendResult> {
  if (!tracingEnabled()) return send(input);
  // A client span around the request, whose traceparent the receiver gets to join our trace.
  return tracer().startActiveSpan(input.spanName ?? "webhook.send", { kind: SpanKind.CLIENT }, async (span) => {
    try {
      const headers = { ...input.headers };
      propagation.inject(context.active(), headers);
      const result = await send({ ...input, headers });
      if (result.statusCode !== null) span.setAttribute("http.response.status_code", result.statusCode);
      if (result.error) span.setStatus({ code: SpanStatusCode.ERROR, message: result.error });
      return result;
    } finally {
      span.end();
    }
  });
}

async function send(input: SendInput): Promise<SendResult> {
  const timeoutMs = input.timeoutMs ?? SEND_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineError(`timed out after ${timeoutMs} ms`)), timeoutMs);
  try {
    const url = checkEndpointUrl(input.url, input.livemode);
    const destination = await withDeadline(
      resolveDestination(url, destinationRule(input.livemode), input.lookupHost),
      deadline.signal,
    );
    const { statusCode, excerpt, location, overlong } = await post(url, destination, input, deadline.signal);
    return {
      statusCode,
      latencyMs: elapsed(),
      responseExcerpt: excerpt,
      error: answerError(statusCode, location, overlong, input.answerBytes ?? ANSWER_LIMIT_BYTES),
    };
  } catch (error) {
    return {
      statusCode: null,
      latencyMs: elapsed(),
      responseExcerpt: null,
      error: describeError(error),
      timedOut: deadline.signal.aborted,
      ...(error instanceof UnsafeDestinationError ? { refused: true } : {}),
    };
  } finally {
    clearTimeout(timer);
  }
}

function withDeadline<T>(work: Promise<T>, deadline: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.reason);
    if (deadline.aborted) return onAbort();
    deadline.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.removeEventListener("abort", onAbort));
  });
}

async function post(
  url: URL,
  destination: VettedAddress,
  input: SendInput,
  deadline: AbortSignal,
): Promise<{ statusCode: number; excerpt: string; location: string | null; overlong: boolean }> {
  const response = await poolFor(url, destination, input.separatePool).request({
    path: `${url.pathname}${url.search}`,
    method: "POST",
    headers: input.headers,
    body: input.body,
    signal: deadline,
    // undici's own timers would fire with their own wording; the one deadline above governs.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
  const keepBytes = input.answerBytes ?? RESPONSE_EXCERPT_BYTES;
  const limitBytes = input.answerBytes ?? ANSWER_LIMIT_BYTES;
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  let overlong = false;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    if (kept < keepBytes) {
      const slice = chunk.subarray(0, keepBytes - kept);
      chunks.push(slice);
      kept += slice.length;
    }
    read += chunk.length;
    if (read > limitBytes) {
      overlong = true;
      response.body.destroy();
      break;
    }
  }
  const location = response.headers.location;
  return {
    statusCode: response.statusCode,
    // Cut at a character's edge, so the excerpt holds no half character (and a replacement sign).
    excerpt: trimUtf8(Buffer.concat(chunks)).toString("utf8"),
    location: typeof location === "string" ? location : null,
    overlong,
  };
}

/** Why an answer that arrived still fails the attempt, or null when its status alone decides. */
function answerError(
  statusCode: number,
  location: string | null,
  overlong: boolean,
  limitBytes: number,
): string | null {
  if (statusCode >= 300 && statusCode < 400)
    return `Redirect (${statusCode}${location ? ` to ${location.slice(0, 200)}` : ""}) not followed: webhooks are never redirected; register the final URL.`;
  if (overlong)
    return `The answer's body ran past ${limitBytes / 1024} KiB and was not read to its end; answer with a short body.`;
  return null;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = "code" in error && typeof error.code === "string" ? `${error.code}: ` : "";
  return `${code}${error.message}`.slice(0, 500);
}
