// The wrapper for unauthenticated public routes: per-address rate limit, error envelope, headers.
import { clientAddress } from "./client-address";
import { errorResponse } from "./error-response";
import { baseHeaders, jsonTextResponse } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { parseRouteInput, type RouteContext, type RouteInput, type RouteSchemas } from "./route-input";

/** `json` is an already-serialized body, for large documents that never change (the OpenAPI document). */
export type PublicResult = { status?: number; headers?: Record<string, string> } & (
  { body: unknown } | { json: string }
);

export function publicRoute<S extends RouteSchemas>(
  options: S & { rateLimit?: boolean },
  handler: (input: Omit<RouteInput<S>, "rawBody"> & { requestId: string; address: string }) => Promise<PublicResult>,
) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdOf(request);
    const headers = baseHeaders(requestId);
    try {
      const address = clientAddress(request);
      if (options.rateLimit !== false) await enforceRateLimit({ kind: "address", id: address }, headers);
      const { rawBody: _ignored, ...input } = await parseRouteInput(request, context, options);
      const result = await handler({ ...input, requestId, address });
      for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
      return jsonTextResponse(
        result.status ?? 200,
        "json" in result ? result.json : JSON.stringify(result.body),
        headers,
      );
    } catch (error) {
      return errorResponse(error, requestId, headers);
    }
  };
}
