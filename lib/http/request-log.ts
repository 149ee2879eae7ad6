// The last step of the SDK pipeline: hands each finished request that a key attributes to an
// application to the request log's writer (lib/request-log), which buffers it and writes it later.
// Nothing here waits or touches the database; with REQUEST_LOG=off nothing is traced at all.
import { requestLogWriter } from "@/lib/request-log/writer";
import type { SdkAuth } from "./authenticate";
import type { RenderedResult } from "./handler-result";

/** What the steps learn about a request as it runs; authenticateAndLimit fills in the key. */
export type RequestTrace = {
  startedAt: number;
  createdAt: Date;
  auth?: SdkAuth;
  address?: string;
  bodyText?: string;
};

export function traceRequest(): RequestTrace | undefined {
  return requestLogWriter() ? { startedAt: performance.now(), createdAt: new Date() } : undefined;
}

// The envelope's first "code" is the error's (lib/http/errors.ts errorBody puts it before the message).
const ERROR_CODE = /"code":"([a-z_]+)"/;

/** Records the answer; a request without a usable key cannot be attributed and is not logged. */
export function logRequest(
  trace: RequestTrace | undefined,
  request: Request,
  requestId: string,
  rendered: RenderedResult,
  headers: Headers,
): void {
  if (!trace?.auth) return;
  const url = request.url;
  requestLogWriter()?.record({
    id: requestId,
    applicationId: trace.auth.applicationId,
    livemode: trace.auth.livemode,
    apiKeyId: trace.auth.keyId,
    method: request.method,
    path: url.slice(url.indexOf("/", url.indexOf("//") + 2)),
    status: rendered.status,
    errorCode: rendered.status >= 400 ? (ERROR_CODE.exec(rendered.text)?.[1] ?? null) : null,
    clientAddress: trace.address ?? "unknown",
    latencyMs: Math.round(performance.now() - trace.startedAt),
    idempotencyKey: request.headers.get("idempotency-key")?.slice(0, 255) ?? null,
    idempotentReplay: headers.get("idempotent-replayed") === "true",
    requestBody: trace.bodyText,
    responseBody: rendered.text,
    createdAt: trace.createdAt,
  });
}
