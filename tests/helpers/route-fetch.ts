// A fetch that answers in-process from the real route handlers under app/api/public, routed as
// Next.js routes them, with the client address stamped as scripts/serve.ts stamps it, and every
// answer checked against the OpenAPI document like callRoute's. testClient() puts the typed API
// client on top, so tests call the API exactly as an integrator's code does.
import { readdirSync } from "node:fs";
import path from "node:path";
import { createServiceClient, type ServiceClient, type ServiceClientOptions } from "@/lib/client/create-service-client";
import { REPO_ROOT } from "@/lib/db/paths";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import type { RouteContext } from "@/lib/http/route-input";
import { readCheckedResponse } from "./openapi-response-check";

type Segment = { kind: "static"; value: string } | { kind: "dynamic" | "catch-all"; name: string };
type RouteFile = { file: string; segments: Segment[] };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const APP_DIR = path.join(REPO_ROOT, "app");
const SEGMENT_RANK = { static: 0, dynamic: 1, "catch-all": 2 } as const;
// Statuses whose Response may not carry a body.
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function segmentOf(name: string): Segment {
  const catchAll = /^\[\.\.\.(\w+)\]$/.exec(name);
  if (catchAll) return { kind: "catch-all", name: catchAll[1]! };
  const dynamic = /^\[(\w+)\]$/.exec(name);
  if (dynamic) return { kind: "dynamic", name: dynamic[1]! };
  return { kind: "static", value: name };
}

/** Every route.ts under app/api/public, most specific first: per segment, static before [param] before [...rest]. */
function publicRoutes(): RouteFile[] {
  return readdirSync(path.join(APP_DIR, "api", "public"), { recursive: true, encoding: "utf8" })
    .filter((file) => path.basename(file) === "route.ts")
    .map((file) => {
      const absolute = path.join(APP_DIR, "api", "public", file);
      const folders = path.relative(APP_DIR, path.dirname(absolute)).split(path.sep);
      // Route groups, "(name)", do not appear in the URL.
      return { file: absolute, segments: folders.filter((f) => !/^\(.*\)$/.test(f)).map(segmentOf) };
    })
    .sort((a, b) => compareSpecificity(a.segments, b.segments));
}

function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const difference = SEGMENT_RANK[a[i]!.kind] - SEGMENT_RANK[b[i]!.kind];
    if (difference !== 0) return difference;
  }
  return b.length - a.length;
}

function matchRoute(route: RouteFile, parts: string[]): Record<string, string | string[]> | undefined {
  const params: Record<string, string | string[]> = {};
  for (const [i, segment] of route.segments.entries()) {
    if (segment.kind === "catch-all") {
      if (parts.length <= i) return undefined;
      params[segment.name] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.kind === "static" && part !== segment.value) return undefined;
    if (segment.kind === "dynamic") params[segment.name] = part;
  }
  return parts.length === route.segments.length ? params : undefined;
}

// Route modules export their method handlers (GET, POST...) as functions of this shape.
function isHandler(value: unknown): value is Handler {
  return typeof value === "function";
}

let routes: RouteFile[] | undefined;

/** A fetch for requests from `address` (as the socket would show it); the answer comes from the route modules. */
export function createRouteFetch(options: { address?: string } = {}) {
  return async (input: Request): Promise<Response> => {
    routes ??= publicRoutes();
    const url = new URL(input.url);
    const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const found = routes
      .map((route) => ({ route, params: matchRoute(route, parts) }))
      .find((candidate) => candidate.params !== undefined);
    if (!found) throw new Error(`routeFetch: no route under app/api/public serves ${url.pathname}`);

    // Like scripts/serve.ts: the address header is the server's own, whatever the caller sent.
    const headers = new Headers(input.headers);
    headers.set(CLIENT_ADDRESS_HEADER, options.address ?? "127.0.0.1");
    const request = new Request(input, { headers });

    const routeModule: Record<string, unknown> = await import(found.route.file);
    const handler = routeModule[request.method];
    const response = isHandler(handler)
      ? await handler(request, { params: Promise.resolve(found.params ?? {}) })
      : new Response(null, { status: 405 });

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
