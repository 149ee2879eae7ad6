// Turns the declarations in lib/operations into OpenAPI operations, giving every one the same
// headers, security and error responses, all derived from the zod shapes and the error table the
// code itself uses.
import { z } from "zod";
import type {
  ZodOpenApiExamplesObject,
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
} from "zod-openapi";
import { errorStatus, type ErrorCode } from "@/lib/http/errors";
import type { Scope } from "@/lib/keys/scopes";
import { isWrite, type Operation, type PublicOperation, type SdkOperation } from "@/lib/operations";
import { errorEnvelopeSchema } from "@/lib/schemas/common";
import { EXAMPLE_IDEMPOTENCY_KEY, EXAMPLE_IDS } from "@/lib/schemas/examples";
import { SCHEMA_VERSION } from "@/lib/version";
import { errorExample } from "./error-examples";

const header = (description: string, example: string) => z.string().meta({ description, example });

const commonHeaders = {
  "x-service-schema-version": header(`Payload schema version of the API; currently ${SCHEMA_VERSION}.`, SCHEMA_VERSION),
  "x-request-id": header("Identifies this request; quote it when asking for help.", EXAMPLE_IDS.request),
};

const rateLimitHeaders = {
  "x-ratelimit-limit": header("Requests allowed per minute.", "60"),
  "x-ratelimit-remaining": header("Requests left in the current window.", "59"),
  "x-ratelimit-reset": header("Seconds until the window resets.", "42"),
};

// Every route, SDK and public, is rate-limited, so every answer carries the x-ratelimit-* headers.
function responseHeaders() {
  return z.object({ ...commonHeaders, ...rateLimitHeaders });
}

const STATUS_TEXT: Record<number, string> = {
  400: "The request is invalid (validation_failed, invalid_json, amount_precision, unsupported_currency...).",
  401: "Missing, unknown or revoked API key.",
  402: "The card refused the payment.",
  403: "The key lacks the scope, or the caller's address is not allowed.",
  404: "The resource does not exist in this application and mode.",
  409: "Conflict with the resource's current state, or the same Idempotency-Key is still in flight.",
  413: "The request body is over 1 MiB.",
  415: "Writes must send Content-Type: application/json.",
  422: "The Idempotency-Key was used with a different request, or the change would take a balance past what the ledger holds.",
  429: "Over the rate limit; retry after the number of seconds in Retry-After.",
  500: "Something failed on our side.",
  502: "The card processor refused the change; nothing changed.",
  503: "A dependency is unavailable, or the service is over capacity and refused at once; retry after Retry-After.",
};

function errorResponses(codes: readonly ErrorCode[], scope?: Scope): Record<string, ZodOpenApiResponseObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus(code), [...(byStatus.get(errorStatus(code)) ?? []), code]);
  const out: Record<string, ZodOpenApiResponseObject> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    // 429 and 503 always carry Retry-After; among 409s only idempotency_in_progress does.
    const alwaysRetryAfter = status === 429 || status === 503;
    const retryAfterHeader = header(
      "Seconds to wait before retrying (on 409, only with idempotency_in_progress).",
      "60",
    );
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? "Error."} Codes: ${list.join(", ")}.`,
      headers: alwaysRetryAfter
        ? responseHeaders().extend({ "retry-after": retryAfterHeader })
        : list.includes("idempotency_in_progress")
          ? responseHeaders().extend({ "retry-after": retryAfterHeader.optional() })
          : responseHeaders(),
      content: { "application/json": { schema: errorEnvelopeSchema, examples: errorExamples(list, scope) } },
    };
  }
  return out;
}

/** One named example per code the response can carry, e.g. `wallet_not_found`. */
function errorExamples(codes: readonly ErrorCode[], scope?: Scope): ZodOpenApiExamplesObject {
  const examples: ZodOpenApiExamplesObject = {};
  for (const code of codes) {
    const example = errorExample(code, scope);
    if (example) examples[code] = example;
  }
  return examples;
}

const ALWAYS_SDK: ErrorCode[] = [
  "missing_api_key",
  "invalid_api_key",
  "revoked_api_key",
  "scope_missing",
  "ip_not_allowed",
  "rate_limited",
  "internal_error",
  "unavailable",
  "overloaded",
];
const ALWAYS_WRITE: ErrorCode[] = [
  "validation_failed",
  "invalid_json",
  "unsupported_media_type",
  "invalid_idempotency_key",
  "idempotency_key_reused",
  "idempotency_in_progress",
];

/**
 * What reading the declared input can answer: the pipeline validates every declared path and query
 * schema (a NUL character anywhere fails too), and reads at most 1 MiB of a declared body.
 */
function inputErrors(params: ZodOpenApiOperationObject["requestParams"], body: boolean): ErrorCode[] {
  return [
    ...(params?.path || params?.query ? (["validation_failed"] as const) : []),
    ...(body ? (["payload_too_large"] as const) : []),
  ];
}

const idempotencyKeyHeader = z.string().min(1).max(255).optional().meta({
  description:
    "Makes the write safe to retry: the same key within 24 hours returns the original response. Any 1-255 visible ASCII characters; a UUID per logical operation is a good choice.",
  example: EXAMPLE_IDEMPOTENCY_KEY,
});

/** The declaration's path and query schemas as OpenAPI request parameters, or undefined when it has none. */
function requestParamsOf(op: Operation): ZodOpenApiOperationObject["requestParams"] {
  if (!op.params && !op.query) return undefined;
  return { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) };
}

/** The OpenAPI operation of an SDK declaration: its scope, key security, the pipeline's errors. */
export function sdkOperation(op: SdkOperation): ZodOpenApiOperationObject {
  const write = isWrite(op);
  const requestParams = requestParamsOf(op);
  const errors = [
    ...ALWAYS_SDK,
    ...(write ? ALWAYS_WRITE : []),
    ...inputErrors(requestParams, op.body !== undefined),
    ...(op.errors ?? []),
  ];
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: `${op.description ?? ""}\n\nRequired scope: \`${op.scope}\`.`.trim(),
    tags: [...op.tags],
    security: [{ bearerAuth: [op.scope] }],
    requestParams: {
      ...requestParams,
      ...(write ? { header: z.object({ "Idempotency-Key": idempotencyKeyHeader }) } : {}),
    },
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: write
          ? responseHeaders().extend({
              "idempotent-replayed": header(
                "Present and true when the response is a stored replay.",
                "true",
              ).optional(),
            })
          : responseHeaders(),
        content: {
          "application/json": { schema: op.success.schema },
          ...(op.success.text
            ? {
                [op.success.text.contentType]: {
                  schema: z
                    .string()
                    .meta({ description: op.success.text.description, example: op.success.text.example }),
                },
              }
            : {}),
        },
      },
      ...errorResponses([...new Set(errors)], op.scope),
    },
  };
}

/** The OpenAPI operation of a keyless public declaration: no security, limited per address. */
export function publicOperation(op: PublicOperation): ZodOpenApiOperationObject {
  const requestParams = requestParamsOf(op);
  const errors: ErrorCode[] = [
    ...inputErrors(requestParams, op.body !== undefined),
    "rate_limited",
    "internal_error",
    // Admission control answers it on every path before the route runs (lib/http/admission.ts).
    "overloaded",
    ...(op.errors ?? []),
  ];
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    security: [],
    ...(requestParams ? { requestParams } : {}),
    ...(op.body ? { requestBody: { required: true, content: { "application/json": { schema: op.body } } } } : {}),
    responses: {
      [String(op.success.status)]: {
        description: op.success.description,
        headers: responseHeaders(),
        content: { [op.success.contentType ?? "application/json"]: { schema: op.success.schema } },
      },
      ...errorResponses([...new Set(errors)]),
    },
  };
}

/** Every declared operation as the document's `paths`, keyed by template and lower-case method. */
export function documentPaths(operations: readonly Operation[]): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of operations) {
    paths[op.path] = {
      ...paths[op.path],
      [op.method.toLowerCase()]: op.surface === "sdk" ? sdkOperation(op) : publicOperation(op),
    };
  }
  return paths;
}
