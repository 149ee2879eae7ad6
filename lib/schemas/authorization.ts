// Authorization shapes: the spend, capture and refund requests and the record the API and the
// card.authorized / card.captured / card.refunded webhooks return.
import { z } from "zod";
import {
  amountOutSchema,
  amountSchema,
  currencyOutSchema,
  currencySchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
} from "./common";

export const merchantSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .meta({ description: "The merchant's name as shown to the holder.", example: "Corner Coffee" }),
    category: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .meta({ description: "Merchant category, e.g. an MCC or a label.", example: "5814" }),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code")
      .optional()
      .meta({ description: "ISO 3166-1 alpha-2 country of the merchant.", example: "NG" }),
  })
  .strict()
  .meta({ id: "MerchantInput" });

export const authorizeBodySchema = z
  .object({
    amount: amountSchema.meta({ description: "Amount to hold, in the card's currency (major unit)." }),
    currency: currencySchema
      .optional()
      .meta({
        description:
          "Optional; when given it must equal the card's currency, or the spend is declined with card_currency_mismatch.",
      }),
    merchant: merchantSchema,
  })
  .strict()
  .meta({ id: "CreateAuthorizationRequest" });

export const captureBodySchema = z
  .object({
    amount: amountSchema
      .optional()
      .meta({
        description:
          "Amount to capture, at most the authorized amount; absent captures it all. The rest of the hold is released.",
      }),
  })
  .strict()
  .meta({ id: "CaptureAuthorizationRequest" });

export const refundBodySchema = z
  .object({
    amount: amountSchema
      .optional()
      .meta({
        description: "Amount to refund, at most what is captured and not yet refunded; absent refunds all of that.",
      }),
  })
  .strict()
  .meta({ id: "RefundAuthorizationRequest" });

export const authorizationPathSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .meta({ description: "The authorization's id.", example: "auth_3kT9sLm2QpX7vB1nR5cY8dWz" }),
});

export const AUTHORIZATION_STATUSES = ["pending", "closed", "declined"] as const;
export const DECLINE_CODES = [
  "insufficient_funds",
  "spend_limit_exceeded",
  "card_inactive",
  "card_currency_mismatch",
] as const;

export const authorizationSchema = z
  .object({
    id: z.string().meta({ example: "auth_3kT9sLm2QpX7vB1nR5cY8dWz" }),
    object: z.literal("authorization"),
    cardId: z.string(),
    walletId: z.string(),
    externalUserId: z.string(),
    amount: amountOutSchema.meta({ description: "Amount authorized (or attempted, when declined)." }),
    currency: currencyOutSchema,
    status: z.enum(AUTHORIZATION_STATUSES).meta({
      description:
        "pending: the hold is open. closed: captured, fully or partly (the rest released). declined: refused; see declineCode.",
    }),
    declineCode: z.enum(DECLINE_CODES).nullable().meta({ description: "Why the card refused; null unless declined." }),
    capturedAmount: amountOutSchema,
    refundedAmount: amountOutSchema,
    merchant: z.object({ name: z.string(), category: z.string().nullable(), country: z.string().nullable() }),
    source: z.enum(["sdk", "tap"]).meta({ description: "sdk: an SDK spend; tap: a simulated card tap (test mode)." }),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Authorization" });

export const authorizationWriteResponseSchema = authorizationSchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "AuthorizationWriteResponse" });

export type AuthorizeBody = z.output<typeof authorizeBodySchema>;
export type CaptureBody = z.output<typeof captureBodySchema>;
export type RefundBody = z.output<typeof refundBodySchema>;
export type AuthorizationRecord = z.output<typeof authorizationSchema>;
export type DeclineCode = (typeof DECLINE_CODES)[number];
