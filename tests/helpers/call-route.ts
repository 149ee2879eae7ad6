// Calls a real route handler with a real Request, as Next.js would, reads the answer, and checks
// it against the OpenAPI document (tests/helpers/openapi-response-check.ts).
import type { RouteContext } from "@/lib/http/route-input";
import { CLIENT_ADDRESS_HEADER } from "@/lib/client-address";
import { readCheckedResponse } from "./openapi-response-check";

type Handler = (request: Request, context?: RouteContext) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path: string;
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  address?: string;
};

export type CallResult = {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read the answer's fields freely; callRoute checks every answer against the OpenAPI document
  json: any;
};

export async function callRoute(handler: Handler, options: CallOptions): Promise<CallResult> {
  const headers = new Headers(options.headers);
  headers.set(CLIENT_ADDRESS_HEADER, options.address ?? "127.0.0.1");
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const request = new Request(`http://localhost${options.path}`, { method: options.method ?? "GET", headers, body });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const { text, json } = await readCheckedResponse(options.method ?? "GET", options.path, response);
  return { status: response.status, headers: response.headers, text, json };
}
