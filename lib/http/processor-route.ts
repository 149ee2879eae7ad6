// The wrapper for a card processor's inbound endpoints (Lithic's ASA requests and events): the raw
// body (its signature covers the exact bytes) up to 1 MiB, the request id, the error envelope and
// the request metrics. No API key and no rate limit: the processor proves itself by its signature,
// which the connector verifies, and a limit would turn its traffic into declines. These endpoints
// are Lithic's contract (its OpenAPI document describes them), so they are not declared in
// lib/operations (docs/decisions/card-processors.md).
import { beginAdmittedWork } from "./admission";
import { errorResponse } from "./error-response";
import { baseHeaders, jsonResponse } from "./headers";
import { readBodyText } from "./parse-input";
import { requestIdOf } from "./request-id";
import type { RouteHandler } from "./sdk-route";
import { observeRequest } from "@/lib/metrics/metrics";

/** `receivedAt`: performance.now() when the request reached the route, for a budget counted from receipt. */
export type ProcessorRequest = { rawBody: string; headers: Headers; requestId: string; receivedAt: number };

export function processorRoute(
  name: string,
  handler: (input: ProcessorRequest) => Promise<{ status?: number; body: unknown }>,
): RouteHandler {
  return async function route(request: Request): Promise<Response> {
    const startedAt = performance.now();
    const requestId = requestIdOf(request);
    const headers = baseHeaders(requestId);
    let response: Response;
    try {
      beginAdmittedWork();
      const rawBody = await readBodyText(request);
      const result = await handler({ rawBody, headers: request.headers, requestId, receivedAt: startedAt });
      response = jsonResponse(result.status ?? 200, result.body, headers);
    } catch (error) {
      response = errorResponse(error, requestId, headers);
    }
    observeRequest(name, response.status, (performance.now() - startedAt) / 1000);
    return response;
  };
}
