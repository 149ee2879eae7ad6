// The typed input a route declares (body, query, path schemas) and how the pipeline fills it.
import type { z } from "zod";
import { queryObject, readJsonBody, validate } from "./parse-input";

export type RouteSchemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
};

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RouteInput<S extends RouteSchemas> = {
  body: Out<S["body"]>;
  query: Out<S["query"]>;
  params: Out<S["params"]>;
  /** The body exactly as sent (parsed JSON), for fingerprinting idempotent requests. */
  rawBody: unknown;
};

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export async function parseRouteInput<S extends RouteSchemas>(
  request: Request,
  context: RouteContext | undefined,
  schemas: S,
  seen?: { bodyText?: string },
): Promise<RouteInput<S>> {
  const rawParams = context ? await context.params : {};
  const params = schemas.params ? validate(schemas.params, rawParams, "path") : undefined;
  const query = schemas.query ? validate(schemas.query, queryObject(request), "query") : undefined;
  const rawBody = schemas.body ? await readJsonBody(request, seen) : undefined;
  const body = schemas.body ? validate(schemas.body, rawBody, "body") : undefined;
  return { body, query, params, rawBody } as RouteInput<S>;
}
