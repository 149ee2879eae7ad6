// Building blocks shared by the API's zod shapes; each carries the OpenAPI description it renders.
import "zod-openapi";
import { z } from "zod";
import { MAX_AMOUNT } from "@/lib/money/bounds";
import { EXAMPLE_IDS, EXAMPLE_USER } from "./examples";

/**
 * `schema.meta(meta)` with an OpenAPI example the compiler checks against what the schema accepts.
 * `id` goes in the same call because zod does not let a schema inherit its parent's id.
 */
export function withExample<T extends z.ZodType>(schema: T, meta: z.GlobalMeta & { example: z.input<T> }): T {
  return schema.meta(meta);
}

export const externalUserIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_.:@-]{1,128}$/, "must be 1-128 characters of A-Z a-z 0-9 _ . : @ -")
  .meta({
    description: "Your own identifier for the user; 1-128 characters of `[A-Za-z0-9_.:@-]`.",
    example: EXAMPLE_USER.externalUserId,
  });

export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "must be a three-letter ISO 4217 code")
  .transform((c) => c.toUpperCase())
  .meta({ description: "ISO 4217 currency code (upper case in responses).", example: "USD" });

export const currencyOutSchema = z.string().meta({ description: "ISO 4217 currency code.", example: "USD" });

/** A major-unit amount as a JSON number; decimals beyond the currency's exponent are refused later, with its code. */
export const amountSchema = z.number().positive().max(MAX_AMOUNT).meta({
  description:
    "Amount in the major unit of the currency (e.g. 250.5 USD): above 0 and at most 10^15 (inclusive), with at most the currency's ISO 4217 decimal places.",
  example: 25.5,
});

export const amountOutSchema = z
  .number()
  .meta({ description: "Amount in the major unit of the currency.", example: 25.5 });

export const timestampSchema = z
  .string()
  .meta({ description: "ISO 8601 UTC timestamp.", format: "date-time", example: "2026-11-21T10:00:00.000Z" });

export const livemodeSchema = z
  .boolean()
  .meta({ description: "false for records made with sk_test_ keys, true for sk_live_ keys." });

export const idempotentReplaySchema = z.boolean().meta({
  description: "true when this response is the stored answer to an earlier request with the same Idempotency-Key.",
});

export const errorEnvelopeSchema = withExample(
  z.object({
    error: z.object({
      type: z.string().meta({ description: "Error category, e.g. invalid_request_error." }),
      code: z.string().meta({ description: "Machine-readable code, e.g. validation_failed." }),
      message: z.string().meta({ description: "A sentence for the developer." }),
      param: z.string().optional().meta({ description: "The one field to blame, when there is one." }),
      details: z
        .array(z.object({ path: z.string(), message: z.string(), code: z.string() }))
        .optional()
        .meta({ description: "Every validation issue, for validation_failed." }),
      required_scope: z
        .string()
        .optional()
        .meta({ description: "scope_missing only: the scope the key lacks.", example: "wallets:write" }),
      authorization: z
        .object({ id: z.string(), object: z.literal("authorization") })
        .loose()
        .optional()
        .meta({
          description:
            "402 card declines only: the declined authorization, recorded with status declined (see the Authorization schema).",
        }),
      request_id: z.string().meta({ description: "Same as the x-request-id header.", example: EXAMPLE_IDS.request }),
    }),
  }),
  {
    id: "Error",
    description: "The error envelope of every non-2xx API response.",
    example: {
      error: {
        type: "invalid_request_error",
        code: "validation_failed",
        message: "email: Invalid email address",
        param: "email",
        details: [{ path: "email", message: "Invalid email address", code: "invalid_format" }],
        request_id: EXAMPLE_IDS.request,
      },
    },
  },
);
