// A fetch that answers in-process from the real route handlers under app/api/public, routed by the
// operations declared in lib/operations (template → app/<template with {x} as [x]>/route.ts, the
// most specific template first, as Next.js routes), unknown paths to the catch-all, with the
// client address stamped as scripts/serve.ts stamps it, and every answer checked against the
// OpenAPI document like callRoute's. testClient() puts the typed API client on top, so tests call
// the API exactly as an integrator's code does.
import path from "node:path";
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from "@/lib/client/create-service-client";
import { REPO_ROOT } from "@/lib/db/paths";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import type { RouteContext } from "@/lib/http/route-input";
import { OPERATIONS } from "@/lib/operations";
import { readCheckedResponse } from "./openapi-response-check";

type Handler = (request: Request, context: RouteContext) => Promise<Response>;
type Route = { template: string; file: string; segments: string[] };

const PUBLIC_PREFIX = "/api/public";
/** What Next.js runs when no route matches: app/api/public/[...path]/route.ts. */
export const CATCH_ALL_ROUTE_FILE = path.join(REPO_ROOT, "app", "api", "public", "[...path]", "route.ts");
// Statuses whose Response may not carry a body.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const isParam = (segment: string) => /^\{\w+\}$/.test(segment);

/** The route module that serves a path template. */
export function routeFileOf(template: string): string {
  return path.join(
    REPO_ROOT,
    "app",
    ...template
      .split("/")
      .filter(Boolean)
      .map((s) => s.replace(/^\{(\w+)\}$/, "[$1]")),
    "route.ts",
  );
}

/** One route per declared path, most specific first: per segment, a static one before {param}. */
const ROUTES: Route[] = [...new Set(OPERATIONS.map((operation) => operation.path))]
  .map((template) => ({ template, file: routeFileOf(template), segments: template.split("/").filter(Boolean) }))
  .sort((a, b) => {
    for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
      const difference = Number(isParam(a.segments[i]!)) - Number(isParam(b.segments[i]!));
      if (difference !== 0) return difference;
    }
    return b.segments.length - a.segments.length;
  });

function matchRoute(route: Route, parts: string[]): Record<string, string> | undefined {
  if (parts.length !== route.segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, segment] of route.segments.entries()) {
    if (isParam(segment)) params[segment.slice(1, -1)] = parts[i]!;
    else if (segment !== parts[i]) return undefined;
  }
  return params;
}

/** The module and params Next.js would hand a request for `pathname` (decoded segments, as Next gives them). */
export function resolveRoute(pathname: string): { file: string; params: Record<string, string | string[]> } {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of ROUTES) {
    const params = matchRoute(route, parts);
    if (params) return { file: route.file, params };
  }
  if (!pathname.startsWith(`${PUBLIC_PREFIX}/`))
    throw new Error(`routeFetch: ${pathname} is not under ${PUBLIC_PREFIX}`);
  return { file: CATCH_ALL_ROUTE_FILE, params: { path: parts.slice(2) } };
}

// Route modules export their method handlers (GET, POST...) as functions of this shape.
function isHandler(value: unknown): value is Handler {
  return typeof value === "function";
}

/** A fetch for requests from `address` (as the socket would show it); the answer comes from the route modules. */
export function createRouteFetch(options: { address?: string; checkAgainstDocument?: boolean } = {}) {
  return async (input: Request): Promise<Response> => {
    const url = new URL(input.url);
    const found = resolveRoute(url.pathname);

    // Like scripts/serve.ts: the address header is the server's own, whatever the caller sent.
    const headers = new Headers(input.headers);
    headers.set(CLIENT_ADDRESS_HEADER, options.address ?? "127.0.0.1");
    const request = new Request(input, { headers });

    const routeModule: Record<string, unknown> = await import(found.file);
    // Like Next.js: HEAD runs the GET handler when the module exports no HEAD, and sends no body.
    const head = request.method === "HEAD" && !isHandler(routeModule.HEAD);
    const handler = routeModule[head ? "GET" : request.method];
    if (!isHandler(handler)) throw new Error(`routeFetch: ${found.file} exports no ${request.method}`);
    const answered = await handler(request, { params: Promise.resolve(found.params) });
    const response = head
      ? new Response(null, { status: answered.status, statusText: answered.statusText, headers: answered.headers })
      : answered;

    // Generated-input tests assert their own rules on answers the document need not list.
    if (options.checkAgainstDocument === false) return response;
    const { text } = await readCheckedResponse(request.method, url.pathname + url.search, response);
    return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

export const routeFetch = createRouteFetch();

export type TestClientOptions = Omit<ServiceClientOptions, "baseUrl" | "apiKey" | "fetch"> & { address?: string };

/**
 * The typed API client answering from the route handlers in this process. It sends each request
 * once unless `retries` says otherwise: a test must see the server's first answer, since a retried
 * 5xx or 429 would hide what it asserts.
 */
export function testClient(key?: string, options: TestClientOptions = {}): ServiceClient {
  const { address, ...clientOptions } = options;
  return createServiceClient({
    baseUrl: "http://localhost",
    apiKey: key,
    fetch: createRouteFetch({ address }),
    retries: 0,
    ...clientOptions,
  });
}
