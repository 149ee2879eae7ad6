// The wrapper for unauthenticated public routes: per-address rate limit, input validation from the
// operation's declaration (lib/operations), error envelope, headers.
import type { z } from "zod";
import { beginAdmittedWork } from "./admission";
import { clientAddress } from "./client-address";
import { errorResponse } from "./error-response";
import { assertDeclaredBody } from "./handler-result";
import { baseHeaders, jsonTextResponse } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { parseRouteInput, type RouteContext, type RouteInput, type RouteSchemas } from "./route-input";
import type { RouteHandler } from "./sdk-route";
import { observeRequest } from "@/lib/metrics/metrics";
import { inOperation } from "./operation-context";

/** What the wrapper reads of a PublicOperation (lib/operations). */
export type PublicRouteDeclaration = RouteSchemas & {
  operationId?: string;
  success?: { status: number; schema: z.ZodType };
};

/** `json` is an already-serialized body, for large documents that never change (the OpenAPI document). */
export type PublicResult = { status?: number; headers?: Record<string, string> } & (
  { body: unknown } | { json: string }
);

export function publicRoute<const D extends PublicRouteDeclaration>(
  operation: D,
  handler: (input: Omit<RouteInput<D>, "rawBody"> & { requestId: string; address: string }) => Promise<PublicResult>,
): RouteHandler & { operation: D } {
  let checkedJson: string | undefined;
  async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdOf(request);
    return inOperation(operation.operationId ?? "undeclared", request, requestId, () =>
      serve(request, context, requestId),
    );
  }

  async function serve(request: Request, context: RouteContext | undefined, requestId: string): Promise<Response> {
    const startedAt = performance.now();
    const headers = baseHeaders(requestId);
    const answered = (response: Response) => {
      observeRequest(operation.operationId ?? "undeclared", response.status, (performance.now() - startedAt) / 1000);
      return response;
    };
    try {
      beginAdmittedWork();
      const address = clientAddress(request);
      await enforceRateLimit({ kind: "address", id: address }, headers);
      const { rawBody: _ignored, ...input } = await parseRouteInput(request, context, operation);
      const result = await handler({ ...input, requestId, address });
      const text = "json" in result ? result.json : JSON.stringify(result.body);
      // A prebuilt `json` never changes: checked the first time it is sent.
      if (text !== checkedJson) assertDeclaredBody(operation, text);
      if ("json" in result) checkedJson = text;
      for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
      return answered(jsonTextResponse(result.status ?? operation.success?.status ?? 200, text, headers));
    } catch (error) {
      return answered(errorResponse(error, requestId, headers));
    }
  }
  return Object.assign(route, { operation });
}
