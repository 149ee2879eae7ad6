// What a route file exports: every method Next.js could route to it. The declared ones go to their
// operation's wrapper; any other answers 405 method_not_allowed in the envelope, with an Allow
// header listing the path's declared methods (from lib/operations), rate-limited like the
// surface's other requests. Exporting them all keeps Next from answering a bare 405 itself.
import { allowedMethods, type HttpMethod, type Operation } from "@/lib/operations";
import { clientAddress } from "./client-address";
import { errorResponse } from "./error-response";
import { ApiError } from "./errors";
import { baseHeaders } from "./headers";
import { enforceRateLimit } from "./rate-limit";
import { requestIdOf } from "./request-id";
import { authenticateAndLimit, type RouteHandler } from "./sdk-route";

export type DeclaredRoute = RouteHandler & { operation: Operation };

/** GET, POST, PUT, PATCH, DELETE and OPTIONS for one path. Next derives HEAD from GET. */
export type RouteMethods = Record<HttpMethod | "OPTIONS", RouteHandler>;

/** Counts an undeclared request like the surface's others: per key on the SDK, else per address. */
async function limit(request: Request, surface: Operation["surface"], headers: Headers): Promise<void> {
  if (surface === "sdk") await authenticateAndLimit(request, headers);
  else await enforceRateLimit({ kind: "address", id: clientAddress(request) }, headers);
}

/** Answers with our headers and the Allow header; `answer` runs after the rate limit. */
function withAllow(path: string, surface: Operation["surface"], answer: (request: Request, allow: string) => Response) {
  const allow = allowedMethods(path).join(", ");
  return async function route(request: Request): Promise<Response> {
    const requestId = requestIdOf(request);
    const headers = baseHeaders(requestId);
    headers.set("allow", allow);
    try {
      await limit(request, surface, headers);
      const response = answer(request, allow);
      for (const [name, value] of headers) response.headers.set(name, value);
      return response;
    } catch (error) {
      return errorResponse(error, requestId, headers);
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
