// The one wrapper for every /api/public/sdk/v1 route: authenticate, rate limit, scope and IP
// check, input validation, idempotent transactional writes, error envelope, headers.
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Db } from "@/lib/db/client";
import type { Scope } from "@/lib/keys/scopes";
import type { Tenant } from "@/lib/tenant";
import { authenticate } from "./authenticate";
import { authorize } from "./authorize";
import { clientAddress } from "./client-address";
import { errorResponse } from "./error-response";
import { renderResult, type HandlerResult } from "./handler-result";
import { baseHeaders, jsonTextResponse } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { parseRouteInput, type RouteContext, type RouteInput, type RouteSchemas } from "./route-input";
import { runWrite } from "./run-write";

export type SdkHandlerInput<S extends RouteSchemas> = Omit<RouteInput<S>, "rawBody"> & {
  /** For what only the request says, such as the origin the client addressed. */
  request: Request;
  tenant: Tenant;
  /** Inside a write, the write's transaction; otherwise the shared client. */
  db: Db;
  requestId: string;
};

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function sdkRoute<S extends RouteSchemas>(
  options: S & { scope: Scope },
  handler: (input: SdkHandlerInput<S>) => Promise<HandlerResult>,
) {
  return async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdOf(request);
    const headers = baseHeaders(requestId);
    try {
      const address = clientAddress(request);
      const outcome = await authenticate(request);
      await enforceRateLimit(
        outcome.ok ? { kind: "key", id: outcome.auth.keyId } : { kind: "address", id: address },
        headers,
      );
      if (!outcome.ok) throw outcome.error;
      const auth = outcome.auth;
      authorize(auth, options.scope, address);
      const { rawBody, ...input } = await parseRouteInput(request, context, options);
      const tenant: Tenant = { applicationId: auth.applicationId, livemode: auth.livemode };

      const rendered = WRITE_METHODS.has(request.method)
        ? await runWrite({ request, tenant, rawBody, requestId, headers }, (tx: Prisma.TransactionClient) =>
            handler({ ...input, request, tenant, db: tx, requestId }),
          )
        : renderResult(await handler({ ...input, request, tenant, db: prisma(), requestId }), requestId, false);
      return jsonTextResponse(rendered.status, rendered.text, headers);
    } catch (error) {
      return errorResponse(error, requestId, headers);
    }
  };
}
