// What a route file exports: every method Next.js could route to it. The declared ones go to their
// operation's wrapper; any other answers 405 method_not_allowed in the envelope, with an Allow
// header listing the path's declared methods (from lib/operations), rate-limited like the
// surface's other requests (and, on the SDK, logged like them). Exporting them all keeps Next from
// answering a bare 405 itself.
import { allowedMethods, type HttpMethod, type Operation } from "@/lib/operations";
import { clientAddress } from "./client-address";
import { renderError } from "./error-response";
import { ApiError } from "./errors";
import { baseHeaders, jsonTextResponse } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { logRequest, traceRequest, type RequestTrace } from "./request-log";
import { authenticateAndLimit, type RouteHandler } from "./sdk-route";

export type DeclaredRoute = RouteHandler & { operation: Operation };

/** GET, POST, PUT, PATCH, DELETE and OPTIONS for one path. Next derives HEAD from GET. */
export type RouteMethods = Record<HttpMethod | "OPTIONS", RouteHandler>;

/** Counts an undeclared request like the surface's others: per key on the SDK, else per address. */
async function limit(
  request: Request,
  surface: Operation["surface"],
  headers: Headers,
  trace: RequestTrace | undefined,
): Promise<void> {
  if (surface === "sdk") await authenticateAndLimit(request, headers, trace);
  else await enforceRateLimit({ kind: "address", id: clientAddress(request) }, headers);
}

/** Answers with our headers and the Allow header; `answer` runs after the rate limit. */
function withAllow(path: string, surface: Operation["surface"], answer: (request: Request, allow: string) => Response) {
  const allow = allowedMethods(path).join(", ");
  return async function route(request: Request): Promise<Response> {
    const trace = surface === "sdk" ? traceRequest() : undefined;
    const requestId = requestIdOf(request);
    const headers = baseHeaders(requestId);
    headers.set("allow", allow);
    try {
      await limit(request, surface, headers, trace);
      const response = answer(request, allow);
      for (const [name, value] of headers) response.headers.set(name, value);
      logRequest(trace, request, requestId, { status: response.status, text: "" }, headers);
      return response;
    } catch (error) {
      const rendered = renderError(error, requestId, headers);
      logRequest(trace, request, requestId, rendered, headers);
      return jsonTextResponse(rendered.status, rendered.text, headers);
    }
  };
}

function methodNotAllowed(path: string, surface: Operation["surface"]): RouteHandler {
  return withAllow(path, surface, (request, allow) => {
    throw new ApiError("method_not_allowed", `${request.method} is not allowed on ${path}; it allows ${allow}.`);
  });
}

/** OPTIONS: what the path allows, and nothing else (no CORS: the API is called server to server). */
function options(path: string, surface: Operation["surface"]): RouteHandler {
  return withAllow(path, surface, () => new Response(null, { status: 204 }));
}

/**
 * The exports of a route file, from the routes of the operations declared on its path:
 * `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(sdkRoute(op, handler))`.
 */
export function routeMethods(first: DeclaredRoute, ...rest: DeclaredRoute[]): RouteMethods {
  const { path, surface } = first.operation;
  const declared = new Map<HttpMethod, RouteHandler>();
  for (const route of [first, ...rest]) {
    if (route.operation.path !== path) {
      throw new Error(
        `routeMethods: ${route.operation.operationId} is declared on ${route.operation.path}, not ${path}`,
      );
    }
    declared.set(route.operation.method, route);
  }
  const refuse = methodNotAllowed(path, surface);
  const method = (name: HttpMethod) => declared.get(name) ?? refuse;
  return {
    GET: method("GET"),
    POST: method("POST"),
    PUT: method("PUT"),
    PATCH: method("PATCH"),
    DELETE: method("DELETE"),
    OPTIONS: options(path, surface),
  };
}
