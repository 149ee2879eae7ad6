// The shape of an API operation's one declaration, read by the route wrappers (lib/http), the
// OpenAPI document (lib/openapi), the 405 answers and the test router. Plain data: no HTTP types.
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { Scope } from "@/lib/keys/scopes";

/** The methods a route file answers; any of them not declared for its path is a 405. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type ParametersSchema = z.ZodType<unknown, Record<string, unknown>>;

type DeclarationBase = {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path template; its route file is app/<template with {x} as [x]>/route.ts. */
  path: `/api/public/${string}`;
  summary: string;
  description?: string;
  tags: readonly string[];
  /** The path parameters' schema (OpenAPI `in: path`); objects, like the query's. */
  params?: ParametersSchema;
  query?: ParametersSchema;
  body?: z.ZodType;
  /** Codes this operation can answer beyond what its surface, write flag and input already imply. */
  errors?: readonly ErrorCode[];
};

/** An /api/public/sdk/v1 operation: authenticated by API key, needing `scope`. */
export type SdkOperation = DeclarationBase & {
  surface: "sdk";
  scope: Scope;
  success: {
    status: number;
    description: string;
    schema: z.ZodType;
    /**
     * A read's second form of the same answer, as text of this media type (a CSV report), which the
     * handler returns as `{ text, contentType }` when the request asks for it; documented beside the
     * JSON schema. Reads only: a write's stored answer for Idempotency-Key replays is JSON.
     */
    text?: { contentType: string; description: string; example: string };
  };
};

/** A keyless public operation, limited per client address. */
export type PublicOperation = DeclarationBase & {
  surface: "public";
  success: { status: 200; description: string; schema: z.ZodType; contentType?: string };
};

export type Operation = SdkOperation | PublicOperation;

/** Every method but GET changes something: it runs in one transaction and honours Idempotency-Key. */
export function isWrite(operation: { method: HttpMethod }): boolean {
  return operation.method !== "GET";
}

/** Declares an operation, keeping its schemas' exact types for the handler it is routed to. */
export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}
