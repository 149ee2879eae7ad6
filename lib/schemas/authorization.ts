// Authorization shapes: the spend, capture and refund requests and the record the API and the
// card.authorized / card.captured / card.refunded / card.reversed webhooks return.
import { z } from "zod";
import {
  amountOutSchema,
  amountSchema,
  currencyOutSchema,
  currencySchema,
  idempotentReplaySchema,
  livemodeSchema,
  timestampSchema,
  withExample,
} from "./common";
import { EXAMPLE_HOTEL_MERCHANT, EXAMPLE_IDS, EXAMPLE_MERCHANT, EXAMPLE_TIMES, EXAMPLE_USER } from "./examples";

export const merchantSchema = withExample(
  z
    .object({
      name: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .meta({ description: "The merchant's name as shown to the holder.", example: EXAMPLE_MERCHANT.name }),
      category: z
        .string()
        .trim()
        .min(1)
        .max(100)
        .optional()
        .meta({ description: "Merchant category, e.g. an MCC or a label.", example: EXAMPLE_MERCHANT.category }),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 alpha-2 code")
        .optional()
        .meta({ description: "ISO 3166-1 alpha-2 country of the merchant.", example: EXAMPLE_MERCHANT.country }),
    })
    .strict(),
  { id: "MerchantInput", example: EXAMPLE_MERCHANT },
);

export const authorizeBodySchema = withExample(
  z
    .object({
      amount: amountSchema.meta({ description: "Amount to hold, in the card's currency (major unit).", example: 20 }),
      currency: currencySchema.optional().meta({
        description:
          "Optional; when given it must equal the card's currency, or the spend is declined with card_currency_mismatch.",
      }),
      merchant: merchantSchema,
    })
    .strict(),
  { id: "CreateAuthorizationRequest", example: { amount: 20, currency: "USD", merchant: EXAMPLE_MERCHANT } },
);

export const captureBodySchema = withExample(
  z
    .object({
      amount: amountSchema.optional().meta({
        description:
          "Amount to capture, at most the authorized amount; absent captures it all. The rest of the hold is released.",
        example: 18.4,
      }),
    })
    .strict(),
  { id: "CaptureAuthorizationRequest", example: { amount: 18.4 } },
);

export const refundBodySchema = withExample(
  z
    .object({
      amount: amountSchema.optional().meta({
        description: "Amount to refund, at most what is captured and not yet refunded; absent refunds all of that.",
        example: 4.6,
      }),
    })
    .strict(),
  { id: "RefundAuthorizationRequest", example: { amount: 4.6 } },
);

export const authorizationPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The authorization's id.", example: EXAMPLE_IDS.authorization }),
});

export const DECISION_BY = ["application", "default", "controls", "funds", "status", "stand_in", "network"] as const;

/** What decided a spend (docs/decisions/authorization-decisions.md). */
export const decisionSchema = withExample(
  z.object({
    by: z.enum(DECISION_BY).meta({
      description:
        "application: the decision endpoint answered. default: its defaultAction applied (it did not answer usably in time, or was overloaded), or no endpoint is set (reason no_endpoint). status, controls, funds: the service's own check declined before (or, after an approval, again after) the endpoint was asked. stand_in: the card network approved it while we did not answer (an advice; no check of ours ran, it may overdraw). network: the network posted it with no authorization of ours (reason force_post, refund or return_reversal) or answered a balance inquiry or account verification (reason balance_inquiry, account_verification).",
    }),
    reason: z.string().meta({
      description:
        "approved, partially_approved or declined (by application); timeout, invalid_response, error, overloaded or no_endpoint (by default); the decline code (status, controls, funds).",
      example: "approved",
    }),
    latencyMs: z
      .number()
      .int()
      .optional()
      .meta({ description: "How long the decision endpoint took (when asked).", example: 41 }),
    statusCode: z
      .number()
      .int()
      .optional()
      .meta({ description: "The decision endpoint's HTTP status (when it answered).", example: 200 }),
  }),
  { id: "AuthorizationDecision", example: { by: "application", reason: "approved", latencyMs: 41, statusCode: 200 } },
);

export type AuthorizationDecision = z.output<typeof decisionSchema>;

export const AUTHORIZATION_STATUSES = ["pending", "closed", "reversed", "expired", "declined"] as const;
export const DECLINE_CODES = [
  "insufficient_funds",
  "spend_limit_exceeded",
  "card_inactive",
  "card_currency_mismatch",
  "spending_limit_exceeded",
  "category_blocked",
  "country_blocked",
  "card_expired",
  "declined_by_application",
] as const;

const authorizationShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.authorization }),
  object: z.literal("authorization"),
  cardId: z.string().meta({ example: EXAMPLE_IDS.card }),
  walletId: z.string().meta({ example: EXAMPLE_IDS.wallet }),
  externalUserId: z.string().meta({ example: EXAMPLE_USER.externalUserId }),
  amount: amountOutSchema.meta({ description: "Amount authorized (or attempted, when declined).", example: 20 }),
  currency: currencyOutSchema,
  status: z.enum(AUTHORIZATION_STATUSES).meta({
    description:
      "pending: the hold is open. closed: captured, fully or partly (the rest released). reversed: the application released the whole hold (POST /authorizations/{id}/reverse). expired: not captured by expiresAt, so the whole hold was released. declined: refused; see declineCode. A reversed or expired authorization cannot be captured (409 authorization_reversed / authorization_expired).",
  }),
  declineCode: z.enum(DECLINE_CODES).nullable().meta({ description: "Why the card refused; null unless declined." }),
  capturedAmount: amountOutSchema.meta({ example: 18.4 }),
  refundedAmount: amountOutSchema.meta({ example: 4.6 }),
  merchant: z.object({ name: z.string(), category: z.string().nullable(), country: z.string().nullable() }),
  source: z.enum(["sdk", "tap", "network"]).meta({
    description:
      "sdk: a spend the application reported (POST /cards/{id}/authorizations); tap: a simulated card tap (test mode); network: a card network message through the card's processor (the built-in simulator in test mode).",
  }),
  expiresAt: timestampSchema.nullable().meta({
    description:
      "When the hold lapses if not captured: AUTHORIZATION_HOLD_DAYS (default 7) after approval; the hold is then released and the status becomes expired. null for a declined authorization.",
    example: EXAMPLE_TIMES.authorizationExpires,
  }),
  requestedAmount: amountOutSchema.nullable().meta({
    description:
      "What the spend asked for, when the decision endpoint approved less (a partial approval: amount is the hold); null otherwise.",
    example: null,
  }),
  decision: decisionSchema,
  metadata: z.record(z.string(), z.string()).meta({
    description: "What the decision endpoint answered as metadata (at most 20 keys); empty otherwise.",
    example: {},
  }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

type AuthorizationExample = z.output<typeof authorizationShape>;

/** A 20.00 hold at a coffee shop, as `card.authorized` and the spend call return it. */
export const AUTHORIZATION_PENDING_EXAMPLE: AuthorizationExample = {
  id: EXAMPLE_IDS.authorization,
  object: "authorization",
  cardId: EXAMPLE_IDS.card,
  walletId: EXAMPLE_IDS.wallet,
  externalUserId: EXAMPLE_USER.externalUserId,
  amount: 20,
  currency: EXAMPLE_USER.currency,
  status: "pending",
  declineCode: null,
  capturedAmount: 0,
  refundedAmount: 0,
  merchant: EXAMPLE_MERCHANT,
  source: "sdk",
  expiresAt: EXAMPLE_TIMES.authorizationExpires,
  requestedAmount: null,
  decision: { by: "default", reason: "no_endpoint" },
  metadata: {},
  livemode: false,
  createdAt: EXAMPLE_TIMES.authorized,
  updatedAt: EXAMPLE_TIMES.authorized,
};

/** The hold captured at 18.40 (`card.captured`); the other 1.60 went back to the available balance. */
export const AUTHORIZATION_CAPTURED_EXAMPLE: AuthorizationExample = {
  ...AUTHORIZATION_PENDING_EXAMPLE,
  status: "closed",
  capturedAmount: 18.4,
  updatedAt: EXAMPLE_TIMES.captured,
};

/** 4.60 of the capture refunded (`card.refunded`). */
export const AUTHORIZATION_REFUNDED_EXAMPLE: AuthorizationExample = {
  ...AUTHORIZATION_CAPTURED_EXAMPLE,
  refundedAmount: 4.6,
  updatedAt: EXAMPLE_TIMES.refunded,
};

/** A later spend over the card's 250.50 limit: recorded as declined, no hold; its event is card.declined. */
export const AUTHORIZATION_DECLINED_EXAMPLE: AuthorizationExample = {
  ...AUTHORIZATION_PENDING_EXAMPLE,
  id: EXAMPLE_IDS.declinedAuthorization,
  amount: 300,
  status: "declined",
  declineCode: "spend_limit_exceeded",
  decision: { by: "controls", reason: "spend_limit_exceeded" },
  merchant: { name: "Northwind Electronics", category: "5732", country: "US" },
  expiresAt: null,
  createdAt: EXAMPLE_TIMES.declined,
  updatedAt: EXAMPLE_TIMES.declined,
};

/** A hotel's 150.00 deposit hold, reversed before its expiry (`card.reversed`): all of it released. */
export const AUTHORIZATION_REVERSED_EXAMPLE: AuthorizationExample = {
  ...AUTHORIZATION_PENDING_EXAMPLE,
  id: EXAMPLE_IDS.reversedAuthorization,
  amount: 150,
  status: "reversed",
  merchant: EXAMPLE_HOTEL_MERCHANT,
  expiresAt: EXAMPLE_TIMES.hotelExpires,
  createdAt: EXAMPLE_TIMES.hotelAuthorized,
  updatedAt: EXAMPLE_TIMES.reversed,
};

export const authorizationSchema = authorizationShape.meta({
  id: "Authorization",
  example: AUTHORIZATION_REFUNDED_EXAMPLE,
});

export const authorizationWriteResponseSchema = withExample(
  authorizationShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "AuthorizationWriteResponse", example: { ...AUTHORIZATION_PENDING_EXAMPLE, idempotent_replay: false } },
);

/** What the reverse operation answers: the hotel's hold, reversed. */
export const authorizationReversedResponseSchema = withExample(
  authorizationShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "AuthorizationReversedResponse", example: { ...AUTHORIZATION_REVERSED_EXAMPLE, idempotent_replay: false } },
);

/** What test mode's expire operation answers: the coffee's hold, had it lapsed uncaptured. */
export const authorizationExpiredResponseSchema = withExample(
  authorizationShape.extend({ idempotent_replay: idempotentReplaySchema }),
  {
    id: "AuthorizationExpiredResponse",
    example: {
      ...AUTHORIZATION_PENDING_EXAMPLE,
      status: "expired",
      updatedAt: EXAMPLE_TIMES.authorizationExpires,
      idempotent_replay: false,
    },
  },
);

export type AuthorizeBody = z.output<typeof authorizeBodySchema>;
export type CaptureBody = z.output<typeof captureBodySchema>;
export type RefundBody = z.output<typeof refundBodySchema>;
export type AuthorizationRecord = z.output<typeof authorizationSchema>;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export const NETWORK_STEP_KINDS = [
  "authorization",
  "increment",
  "advice",
  "reversal",
  "clearing",
  "force_post",
  "refund",
  "return_reversal",
  "expiry",
] as const;

export const authorizationHistoryStepSchema = z.object({
  kind: z.enum(NETWORK_STEP_KINDS).meta({
    description:
      "The card network message (docs/decisions/card-network.md); for a spend the application reported itself, its own steps (authorization, clearing for a capture, refund, reversal, expiry).",
  }),
  amount: amountOutSchema.meta({ description: "What the message carried, in the major unit.", example: 20 }),
  networkId: z.string().nullable().meta({
    description:
      "The message's own id at the network (a repeat with the same id changed nothing); null for the application's own steps.",
    example: "sim_7Qx2LmP9aR4tVw8Z",
  }),
  createdAt: timestampSchema,
});

/** GET /authorizations/{id}: the record and its history, oldest first. */
export const authorizationWithHistorySchema = withExample(
  authorizationShape.extend({
    history: z
      .array(authorizationHistoryStepSchema)
      .meta({ description: "Every step of the authorization, oldest first." }),
  }),
  {
    id: "AuthorizationWithHistory",
    example: {
      ...AUTHORIZATION_REFUNDED_EXAMPLE,
      history: [
        { kind: "authorization", amount: 20, networkId: null, createdAt: EXAMPLE_TIMES.authorized },
        { kind: "clearing", amount: 18.4, networkId: null, createdAt: EXAMPLE_TIMES.captured },
        { kind: "refund", amount: 4.6, networkId: null, createdAt: EXAMPLE_TIMES.refunded },
      ],
    },
  },
);

export type AuthorizationHistoryStep = z.output<typeof authorizationHistoryStepSchema>;
export type AuthorizationWithHistory = z.output<typeof authorizationWithHistorySchema>;
