// Statement shapes: the issue request, the statement record (with its transactions, token and QR
// code in the create response only), and the public statement-token verification result.
import { z } from "zod";
import { amountOutSchema, currencyOutSchema, idempotentReplaySchema, livemodeSchema, timestampSchema } from "./common";
import { transactionSchema } from "./transaction";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 is refused). */
export const calendarDateSchema = z
  .string()
  .regex(ISO_DATE, "must be a date YYYY-MM-DD")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, "must be a real calendar date")
  .meta({ description: "Calendar date, `YYYY-MM-DD` (UTC).", example: "2026-10-01" });

export const holderNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .meta({
    description: "The holder's name; required when the wallet has no name, and must equal it when it has one.",
    example: "Ada Obi",
  });

export const createStatementBodySchema = z
  .object({
    periodStart: calendarDateSchema.meta({
      description: "First day of the period (UTC), `YYYY-MM-DD`.",
      example: "2026-10-01",
    }),
    periodEnd: calendarDateSchema.meta({
      description: "Last day of the period (UTC), inclusive, not after today.",
      example: "2026-10-31",
    }),
    holderName: holderNameSchema.optional(),
    expiresInDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .optional()
      .meta({ description: "Days until the verification token expires; default 90.", example: 90 }),
  })
  .strict()
  .meta({ id: "CreateStatementRequest" });

export const statementPathSchema = z.object({
  id: z
    .string()
    .regex(/^stmt_[0-9A-Za-z]{24}$/, "must be a statement id (stmt_...)")
    .meta({ example: "stmt_4mX0aJ1n0S2bqz0f1Xk8Qe7T" }),
});

export const statementSchema = z
  .object({
    id: z.string().meta({ example: "stmt_4mX0aJ1n0S2bqz0f1Xk8Qe7T" }),
    object: z.literal("statement"),
    walletId: z.string(),
    externalUserId: z.string(),
    holderName: z.string(),
    currency: currencyOutSchema,
    periodStart: z.string().meta({ description: "`YYYY-MM-DD`.", example: "2026-10-01" }),
    periodEnd: z.string().meta({ description: "`YYYY-MM-DD`, inclusive.", example: "2026-10-31" }),
    openingBalance: amountOutSchema.meta({ description: "Posted balance at the start of periodStart (UTC)." }),
    closingBalance: amountOutSchema.meta({
      description: "Posted balance after the period's last transaction (at issue, for a period ending today).",
    }),
    issuedAt: timestampSchema,
    expiresAt: timestampSchema.nullable(),
    revokedAt: timestampSchema.nullable(),
    livemode: livemodeSchema,
  })
  .meta({ id: "Statement" });

export const statementCreatedSchema = statementSchema
  .extend({
    transactions: z.array(transactionSchema).meta({ description: "The period's transactions, oldest first." }),
    token: z.string().meta({
      description:
        "The verification token (`vst_` + 32 base62 characters). Shown only in this response (and its idempotent replays); stored hashed.",
      example: "vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b",
    }),
    verifyUrl: z
      .string()
      .meta({
        description: "Public page that checks the token.",
        example: "https://example.com/verify?token=vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b",
      }),
    qrSvg: z.string().meta({ description: "An SVG QR code that encodes verifyUrl, to print on the statement." }),
    idempotent_replay: idempotentReplaySchema,
  })
  .meta({ id: "StatementCreated" });

export const statementWriteResponseSchema = statementSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "StatementWriteResponse" });

export const STATEMENT_TOKEN_REASON_CODES = ["malformed", "not_found", "revoked", "expired"] as const;

export const statementTokenQuerySchema = z.object({
  token: z.string().optional().meta({
    description:
      "The token printed on the statement. A missing or malformed token is answered with valid false and reason_code malformed, not an error.",
    example: "vst_8HcN2wQe5RtY1uIo3PaS7dFgK9LmZx0b",
  }),
});

export const statementTokenResultSchema = z
  .union([
    z
      .object({
        valid: z.literal(true),
        holder_name: z.string().meta({ example: "Ada Obi" }),
        period_start: z.string().meta({ description: "`YYYY-MM-DD`.", example: "2026-10-01" }),
        period_end: z.string().meta({ description: "`YYYY-MM-DD`, inclusive.", example: "2026-10-31" }),
        issued_at: timestampSchema,
        expires_at: timestampSchema.nullable(),
        currency: currencyOutSchema,
        opening_balance: amountOutSchema,
        closing_balance: amountOutSchema,
        livemode: livemodeSchema.meta({
          description: "false for a statement issued with a test key: not a real account.",
        }),
      })
      .meta({ id: "StatementTokenValid" }),
    z
      .object({
        valid: z.literal(false),
        reason: z
          .string()
          .meta({
            description: "A sentence explaining the failure.",
            example: "This statement has been revoked by its issuer.",
          }),
        reason_code: z.enum(STATEMENT_TOKEN_REASON_CODES),
      })
      .meta({ id: "StatementTokenInvalid" }),
  ])
  .meta({
    id: "StatementTokenResult",
    description: "Always HTTP 200: valid true with the statement's details, or valid false with a reason.",
  });

export type CreateStatementBody = z.output<typeof createStatementBodySchema>;
export type StatementRecord = z.output<typeof statementSchema>;
export type StatementCreatedRecord = Omit<z.output<typeof statementCreatedSchema>, "idempotent_replay">;
export type StatementTokenResult = z.output<typeof statementTokenResultSchema>;
export type StatementTokenReasonCode = (typeof STATEMENT_TOKEN_REASON_CODES)[number];
