// What scripts/serve.ts refuses before Next.js sees a request (which Next would otherwise answer
// with its own page and none of our headers), answered with the same envelope and headers as
// every route, and logged with the request id.
import type { ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { newId } from "@/lib/ids";
import { errorResponse } from "./error-response";
import { ApiError, errorBody } from "./errors";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "@/lib/client-address";
import { baseHeaders } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { logger } from "@/lib/logging/logger";

/**
 * A refusal for an /api/ request target that Next.js would answer itself: a malformed
 * percent-escape (its 400 or 500 page), or an empty segment, from a trailing slash or `//` (its
 * 308 redirect, which would send `/cards//freeze` on to `/cards/freeze`). No API path has an empty
 * segment, so that is a 404; pages keep Next's redirect.
 */
export function refuseApiPath(target: string): ApiError | undefined {
  const pathname = target.split(/[?#]/, 1)[0] ?? "";
  if (!pathname.startsWith("/api/")) return undefined;
  const segments = pathname.slice(1).split("/");
  for (const segment of segments) {
    try {
      decodeURIComponent(segment);
    } catch {
      return new ApiError(
        "validation_failed",
        "The path has a malformed percent-escape: each % must start a %XX escape of UTF-8 bytes.",
      );
    }
  }
  if (segments.includes("")) {
    return new ApiError(
      "route_not_found",
      "No API route has an empty path segment (a trailing slash or //). See /api/public/openapi.json.",
    );
  }
  return undefined;
}

/**
 * Sends the refusal as the routes would, and logs it: no request refused here goes unrecorded. It
 * counts against the client address's API budget (no key is looked up for a path no route serves),
 * so it carries the rate-limit headers too, and over the limit it is a 429 like any request.
 */
export async function answerAtEdge(
  response: ServerResponse,
  refusal: ApiError,
  requestId: string,
  request: { method?: string; url?: string; headers: Record<string, string | string[] | undefined> },
): Promise<void> {
  const headers = baseHeaders(requestId);
  const forwarded = request.headers["x-forwarded-for"];
  const address = clientAddressOf(
    String(request.headers[CLIENT_ADDRESS_HEADER] ?? "unknown"),
    forwarded === undefined ? null : String(forwarded),
  );
  let answerWith = refusal;
  try {
    await enforceRateLimit({ kind: "address", id: address }, headers);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    answerWith = error;
  }
  logger("http").warn(
    { requestId, status: answerWith.status, code: answerWith.code, method: request.method, path: request.url },
    "refused at the edge",
  );
  const answer = errorResponse(answerWith, requestId, headers);
  response.statusCode = answer.status;
  for (const [name, value] of answer.headers) response.setHeader(name, value);
  response.end(Buffer.from(await answer.arrayBuffer()));
}

/**
 * For node:http's 'clientError': a request too malformed to parse (a raw control character in
 * the request line, oversized headers) gets the envelope and our headers instead of node's bare
 * 400. Timeouts, resets and a client hanging up mid-request just close the connection: there is
 * no one waiting for an answer.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || !error.code?.startsWith("HPE_") || error.code === "HPE_INVALID_EOF_STATE") {
    socket.destroy();
    return;
  }
  const requestId = newId("req");
  const refusal = new ApiError(
    "validation_failed",
    error.code === "HPE_HEADER_OVERFLOW" ? "The request headers are too large." : "The request is not valid HTTP/1.1.",
  );
  logger("http").warn(
    { requestId, status: refusal.status, code: refusal.code, parseError: error.code },
    "unparsable request",
  );
  const body = JSON.stringify(errorBody(refusal, requestId));
  const headers = baseHeaders(requestId);
  headers.set("content-type", "application/json; charset=utf-8");
  headers.set("content-length", String(Buffer.byteLength(body)));
  headers.set("connection", "close");
  const head = [...headers].map(([name, value]) => `${name}: ${value}\r\n`).join("");
  socket.end(`HTTP/1.1 ${refusal.status} Bad Request\r\n${head}\r\n${body}`);
}

const BUSY_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Busy</title></head><body><h1>Busy, try again</h1><p>The service is over capacity right now. Try again in a moment.</p></body></html>`;

/**
 * Admission control's refusal (lib/http/admission.ts): 503 `overloaded` with Retry-After: 1 and the
 * envelope on API paths, a short busy page elsewhere. Not logged one by one (under overload that
 * would cost the capacity it saves): lib/platform/overload-counters.ts counts them.
 */
export function answerOverloaded(response: ServerResponse, requestId: string, api: boolean, bound: string): void {
  response.statusCode = 503;
  response.setHeader("retry-after", "1");
  response.setHeader("cache-control", "no-store");
  if (!api) {
    response.setHeader("content-type", "text/html; charset=utf-8");
    response.end(BUSY_PAGE);
    return;
  }
  const refusal = new ApiError("overloaded", `The service is over capacity (${bound}); retry after the given seconds.`);
  response.setHeader("content-type", "application/json; charset=utf-8");
  response.end(JSON.stringify(errorBody(refusal, requestId)));
}
