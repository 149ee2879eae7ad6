// Statement shapes: the issue request, the statement record (with its transactions, token and QR
// code in the create response only), and the public statement-token verification result.
import { z } from "zod";
import {
  amountOutSchema,
  currencyOutSchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { documentSchema, EXAMPLE_STATEMENT_DOCUMENT } from "./document";
import {
  EXAMPLE_BASE_URL,
  EXAMPLE_IDS,
  EXAMPLE_STATEMENT_QR_SVG,
  EXAMPLE_STATEMENT_TOKEN,
  EXAMPLE_TIMES,
  EXAMPLE_USER,
} from "./examples";
import {
  CAPTURE_TRANSACTION_EXAMPLE,
  FUNDING_TRANSACTION_EXAMPLE,
  REFUND_TRANSACTION_EXAMPLE,
  transactionSchema,
} from "./transaction";

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

export const holderNameSchema = z.string().trim().min(1).max(200).meta({
  description: "The holder's name; required when the wallet has no name, and must equal it when it has one.",
  example: EXAMPLE_USER.name,
});

export const createStatementBodySchema = withExample(
  z
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
    .strict(),
  // No holderName: Ada's wallet has a name, which the statement uses.
  { id: "CreateStatementRequest", example: { periodStart: "2026-10-01", periodEnd: "2026-10-31", expiresInDays: 90 } },
);

export const statementPathSchema = z.object({
  id: z
    .string()
    .regex(/^stmt_[0-9A-Za-z]{24}$/, "must be a statement id (stmt_...)")
    .meta({ description: "The statement's id (`stmt_` + 24 letters and digits).", example: EXAMPLE_IDS.statement }),
});

const statementShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.statement }),
  object: z.literal("statement"),
  walletId: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  holderName: z.string().meta({ example: EXAMPLE_USER.name }),
  currency: currencyOutSchema,
  periodStart: z.string().meta({ description: "`YYYY-MM-DD`.", format: "date", example: "2026-10-01" }),
  periodEnd: z.string().meta({ description: "`YYYY-MM-DD`, inclusive.", format: "date", example: "2026-10-31" }),
  openingBalance: amountOutSchema.meta({
    description: "Posted balance at the start of periodStart (UTC).",
    example: 0,
  }),
  closingBalance: amountOutSchema.meta({
    description: "Posted balance after the period's last transaction (at issue, for a period ending today).",
    example: 486.2,
  }),
  issuedAt: timestampSchema,
  expiresAt: timestampSchema.nullable(),
  revokedAt: timestampSchema.nullable(),
  livemode: livemodeSchema,
});

/** Ada's October statement: from 0.00 to 486.20 over the top-up, the coffee and its refund. */
export const STATEMENT_EXAMPLE: z.output<typeof statementShape> = {
  id: EXAMPLE_IDS.statement,
  object: "statement",
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  holderName: EXAMPLE_USER.name,
  currency: EXAMPLE_USER.currency,
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  openingBalance: 0,
  closingBalance: 486.2,
  issuedAt: EXAMPLE_TIMES.statementIssued,
  expiresAt: EXAMPLE_TIMES.statementExpires,
  revokedAt: null,
  livemode: false,
};

export const statementSchema = statementShape.meta({ id: "Statement", example: STATEMENT_EXAMPLE });

const verifyUrl = `${EXAMPLE_BASE_URL}/verify?token=${EXAMPLE_STATEMENT_TOKEN}#document=${EXAMPLE_STATEMENT_DOCUMENT}`;

export const statementCreatedSchema = withExample(
  statementShape.extend({
    transactions: z.array(transactionSchema).meta({ description: "The period's transactions, oldest first." }),
    token: z.string().meta({
      description:
        "The verification token (`vst_` + 32 base62 characters). Shown only in this response (and its idempotent replays); stored hashed.",
      example: EXAMPLE_STATEMENT_TOKEN,
    }),
    document: documentSchema,
    verifyUrl: z.string().meta({
      description:
        "Public page that checks the token and, in the browser, the signed document carried in the fragment (`#document=`).",
      format: "uri",
      example: verifyUrl,
    }),
    qrSvg: z.string().meta({ description: "An SVG QR code that encodes verifyUrl, to print on the statement." }),
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "StatementCreated",
    example: {
      ...STATEMENT_EXAMPLE,
      transactions: [FUNDING_TRANSACTION_EXAMPLE, CAPTURE_TRANSACTION_EXAMPLE, REFUND_TRANSACTION_EXAMPLE],
      token: EXAMPLE_STATEMENT_TOKEN,
      document: EXAMPLE_STATEMENT_DOCUMENT,
      verifyUrl,
      qrSvg: EXAMPLE_STATEMENT_QR_SVG,
      idempotent_replay: false,
    },
  },
);

/** What revoking returns: the statement with its revokedAt. */
export const statementWriteResponseSchema = withExample(
  statementShape.extend({ idempotent_replay: idempotentReplaySchema }),
  {
    id: "StatementWriteResponse",
    example: { ...STATEMENT_EXAMPLE, revokedAt: "2026-11-20T16:45:00.000Z", idempotent_replay: false },
  },
);

export const STATEMENT_TOKEN_REASON_CODES = ["malformed", "not_found", "revoked", "expired"] as const;

export const statementTokenQuerySchema = z.strictObject({
  token: z.string().optional().meta({
    description:
      "The token printed on the statement. A missing or malformed token is answered with valid false and reason_code malformed, not an error (only a NUL character is refused, with 400 validation_failed).",
    example: EXAMPLE_STATEMENT_TOKEN,
  }),
});

export const statementTokenResultSchema = z
  .union([
    withExample(
      z.object({
        valid: z.literal(true),
        holder_name: z.string().meta({ example: EXAMPLE_USER.name }),
        period_start: z.string().meta({ description: "`YYYY-MM-DD`.", format: "date", example: "2026-10-01" }),
        period_end: z.string().meta({ description: "`YYYY-MM-DD`, inclusive.", format: "date", example: "2026-10-31" }),
        issued_at: timestampSchema,
        expires_at: timestampSchema.nullable(),
        currency: currencyOutSchema,
        opening_balance: amountOutSchema.meta({ example: 0 }),
        closing_balance: amountOutSchema.meta({ example: 486.2 }),
        livemode: livemodeSchema.meta({
          description: "false for a statement issued with a test key: not a real account.",
        }),
      }),
      {
        id: "StatementTokenValid",
        example: {
          valid: true,
          holder_name: EXAMPLE_USER.name,
          period_start: "2026-10-01",
          period_end: "2026-10-31",
          issued_at: EXAMPLE_TIMES.statementIssued,
          expires_at: EXAMPLE_TIMES.statementExpires,
          currency: EXAMPLE_USER.currency,
          opening_balance: 0,
          closing_balance: 486.2,
          livemode: false,
        },
      },
    ),
    withExample(
      z.object({
        valid: z.literal(false),
        reason: z.string().meta({
          description: "A sentence explaining the failure.",
          example: "This statement has been revoked by its issuer.",
        }),
        reason_code: z.enum(STATEMENT_TOKEN_REASON_CODES),
      }),
      {
        id: "StatementTokenInvalid",
        example: { valid: false, reason: "This statement has been revoked by its issuer.", reason_code: "revoked" },
      },
    ),
  ])
  .meta({
    id: "StatementTokenResult",
    description: "The answer for any token: valid true with the statement's details, or valid false with a reason.",
  });

export type CreateStatementBody = z.output<typeof createStatementBodySchema>;
export type StatementRecord = z.output<typeof statementSchema>;
export type StatementCreatedRecord = Omit<z.output<typeof statementCreatedSchema>, "idempotent_replay">;
export type StatementTokenResult = z.output<typeof statementTokenResultSchema>;
export type StatementTokenReasonCode = (typeof STATEMENT_TOKEN_REASON_CODES)[number];
