// The one wrapper for every /api/public/sdk/v1 route: authenticate, rate limit, scope and IP
// check, input validation, idempotent transactional writes, error envelope, headers, and the
// request log (request-log.ts: handed off, never awaited). What it checks (scope, schemas, write,
// success status and schema) comes from the operation's one declaration in lib/operations.
import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { prisma, type Db } from "@/lib/db/client";
import { attributeEventsTo } from "@/lib/events/record-event";
import type { Scope } from "@/lib/keys/scopes";
import { isWrite, type HttpMethod } from "@/lib/operations/define";
import type { Tenant } from "@/lib/tenant";
import { authenticate, type AuthOutcome } from "./authenticate";
import { authorize } from "./authorize";
import { ApiError } from "./errors";
import { beginAdmittedWork } from "./admission";
import { clientAddress } from "./client-address";
import { renderError } from "./error-response";
import { assertDeclaredBody, renderResult, sentBody, type HandlerResult, type RenderedResult } from "./handler-result";
import { baseHeaders, jsonTextResponse } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { logRequest, traceRequest, type RequestTrace } from "./request-log";
import { parseRouteInput, type RouteContext, type RouteInput, type RouteSchemas } from "./route-input";
import { runWrite } from "./run-write";
import { observeRequest } from "@/lib/metrics/metrics";
import { inOperation } from "./operation-context";

/** What the wrapper reads of an SdkOperation (lib/operations). */
export type SdkRouteDeclaration = RouteSchemas & {
  scope: Scope;
  method: HttpMethod;
  operationId?: string;
  success?: { status: number; schema: z.ZodType; text?: { contentType: string } };
};

export type SdkHandlerInput<S extends RouteSchemas> = Omit<RouteInput<S>, "rawBody"> & {
  /** For what only the request says, such as the origin the client addressed. */
  request: Request;
  tenant: Tenant;
  /** The key the request came through and the client's address: who made a change, for its audit line. */
  caller: { keyId: string; address: string };
  /** Inside a write, the write's transaction; otherwise the shared client. */
  db: Db;
  requestId: string;
};

export type RouteHandler = (request: Request, context?: RouteContext) => Promise<Response>;

/**
 * Steps 1-2 of every SDK request, answered or not: find the key, then count the request against
 * it (or against the client address when there is no usable key). A found key goes into `trace`
 * before the limit, so a rate-limited request is logged too.
 */
export async function authenticateAndLimit(
  request: Request,
  headers: Headers,
  trace?: RequestTrace,
): Promise<{ outcome: AuthOutcome; address: string }> {
  const address = clientAddress(request);
  const outcome = await authenticate(request, address);
  if (trace && outcome.ok) {
    trace.auth = outcome.auth;
    trace.address = address;
  }
  await enforceRateLimit(
    outcome.ok ? { kind: "key", id: outcome.auth.keyId } : { kind: "address", id: address },
    headers,
  );
  return { outcome, address };
}

/**
 * `prepare` (writes only): runs outside the write's transaction, after its Idempotency-Key is claimed
 * and never on a replay, with the shared client as `db`; its result reaches the handler as `prepared`.
 * For work that waits on the network, so no transaction or connection is held meanwhile.
 */
export function sdkRoute<const D extends SdkRouteDeclaration, P>(
  operation: D,
  handler: (input: SdkHandlerInput<D> & { prepared?: NoInfer<P> }) => Promise<HandlerResult>,
  prepare?: (input: SdkHandlerInput<D>) => Promise<P>,
): RouteHandler & { operation: D } {
  const write = isWrite(operation);
  // The declared success status unless the handler says otherwise; the body checked outside production.
  const run = async (input: SdkHandlerInput<D> & { prepared?: P }): Promise<HandlerResult> => {
    const result = await handler(input);
    if ("refusal" in result) return result;
    if ("contentType" in result) {
      if (operation.success?.text?.contentType !== result.contentType) {
        throw new ApiError(
          "internal_error",
          `${operation.operationId ?? "The operation"} declares no ${result.contentType} answer.`,
        );
      }
      return result;
    }
    assertDeclaredBody(operation, sentBody(result.body, write));
    return { status: result.status ?? operation.success?.status, body: result.body };
  };

  async function route(request: Request, context?: RouteContext): Promise<Response> {
    const requestId = requestIdOf(request);
    return inOperation(operation.operationId ?? "undeclared", request, requestId, () =>
      serve(request, context, requestId),
    );
  }

  async function serve(request: Request, context: RouteContext | undefined, requestId: string): Promise<Response> {
    const startedAt = performance.now();
    const trace = traceRequest();
    const headers = baseHeaders(requestId);
    let rendered: RenderedResult;
    try {
      beginAdmittedWork();
      const { outcome, address } = await authenticateAndLimit(request, headers, trace);
      if (!outcome.ok) throw outcome.error;
      const auth = outcome.auth;
      authorize(auth, operation.scope, address);
      const { rawBody, ...input } = await parseRouteInput(request, context, operation, trace);
      const tenant: Tenant = { applicationId: auth.applicationId, livemode: auth.livemode };
      const caller = { keyId: auth.keyId, address };

      rendered = write
        ? await runWrite(
            { request, tenant, rawBody, requestId, headers },
            (tx: Prisma.TransactionClient, prepared: P | undefined) => {
              attributeEventsTo(tx, requestId);
              return run({ ...input, request, tenant, caller, db: tx, requestId, prepared });
            },
            prepare && (() => prepare({ ...input, request, tenant, caller, db: prisma(), requestId })),
          )
        : renderResult(await run({ ...input, request, tenant, caller, db: prisma(), requestId }), requestId, false);
    } catch (error) {
      rendered = renderError(error, requestId, headers);
    }
    logRequest(trace, request, requestId, rendered, headers);
    observeRequest(operation.operationId ?? "undeclared", rendered.status, (performance.now() - startedAt) / 1000);
    if (rendered.contentType === undefined) return jsonTextResponse(rendered.status, rendered.text, headers);
    headers.set("content-type", rendered.contentType);
    if (rendered.filename) headers.set("content-disposition", `attachment; filename="${rendered.filename}"`);
    return new Response(rendered.text, { status: rendered.status, headers });
  }
  return Object.assign(route, { operation });
}
