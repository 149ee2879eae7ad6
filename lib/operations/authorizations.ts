// Operations for spends, captures, reversals, refunds and the wallet's transactions.
import type { ErrorCode } from "@/lib/errors";
import {
  DECLINE_CODES,
  authorizationPathSchema,
  authorizationReversedResponseSchema,
  authorizationWithHistorySchema,
  authorizationWriteResponseSchema,
  authorizeBodySchema,
  captureBodySchema,
  refundBodySchema,
} from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { transactionListSchema } from "@/lib/schemas/transaction";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

export const DECLINE_DESCRIPTION = `A decline answers 402 with \`type: card_error\`, the decline \`code\` (${DECLINE_CODES.map((code) => `\`${code}\``).join(", ")}) and the recorded declined authorization under \`error.authorization\`; it places no hold and fires no event.`;

/** What a spend can answer besides the pipeline's own errors; the simulated tap runs the same path. */
export const SPEND_ERRORS: readonly ErrorCode[] = [
  "unsupported_currency",
  "amount_precision",
  "card_not_found",
  ...DECLINE_CODES,
];

export const createAuthorizationOperation = defineOperation({
  operationId: "createAuthorization",
  method: "POST",
  path: "/api/public/sdk/v1/cards/{id}/authorizations",
  surface: "sdk",
  summary: "Spend with a card",
  description: `For programs that acquire their own spends (they report each spend here); a card spent at real merchants gets its spends from the card network through its processor instead (test mode: the simulator, POST /test/cards/{id}/network/{kind}). Authorizes a spend: places a hold of \`amount\` on the wallet (available balance drops, posted does not) and fires \`card.authorized\` with the authorization. The spend is checked in this order: the card's currency and status (and its wallet's), then the spending controls of the card and of its wallet (categories, countries, per-authorization and window limits; see updateCard), then the wallet's available balance. ${DECLINE_DESCRIPTION}`,
  tags: ["Authorizations"],
  scope: "transactions:write",
  params: cardPathSchema,
  body: authorizeBodySchema,
  success: {
    status: 201,
    description: "The approved authorization (status pending).",
    schema: authorizationWriteResponseSchema,
  },
  errors: SPEND_ERRORS,
});

export const getAuthorizationOperation = defineOperation({
  operationId: "getAuthorization",
  method: "GET",
  path: "/api/public/sdk/v1/authorizations/{id}",
  surface: "sdk",
  summary: "Retrieve an authorization",
  tags: ["Authorizations"],
  scope: "wallets:read",
  params: authorizationPathSchema,
  success: {
    status: 200,
    description: "The authorization, with its history oldest first.",
    schema: authorizationWithHistorySchema,
  },
  errors: ["authorization_not_found"],
});

export const captureAuthorizationOperation = defineOperation({
  operationId: "captureAuthorization",
  method: "POST",
  path: "/api/public/sdk/v1/authorizations/{id}/capture",
  surface: "sdk",
  summary: "Capture an authorization",
  description:
    "Captures a pending authorization, fully (no amount) or partly: the captured amount leaves the wallet, the rest of the hold is released, the authorization becomes `closed`, and `card.captured` fires. One capture per authorization. A hold that was reversed or has expired (see `expiresAt`) is not captured late: 409 `authorization_reversed` or `authorization_expired`.",
  tags: ["Authorizations"],
  scope: "transactions:write",
  params: authorizationPathSchema,
  body: captureBodySchema,
  success: { status: 200, description: "The closed authorization.", schema: authorizationWriteResponseSchema },
  errors: [
    "amount_precision",
    "authorization_not_found",
    "authorization_not_pending",
    "authorization_reversed",
    "authorization_expired",
    "amount_exceeds_authorization",
  ],
});

/** What ending a hold by hand can answer besides the pipeline's own errors: any status but pending is 409. */
export const HOLD_END_ERRORS: readonly ErrorCode[] = [
  "authorization_not_found",
  "authorization_not_pending",
  "authorization_reversed",
  "authorization_expired",
];

export const reverseAuthorizationOperation = defineOperation({
  operationId: "reverseAuthorization",
  method: "POST",
  path: "/api/public/sdk/v1/authorizations/{id}/reverse",
  surface: "sdk",
  summary: "Reverse an authorization",
  description:
    "Releases the whole hold of a pending authorization without capturing any of it (the purchase was cancelled, or the merchant will never capture): the wallet's available balance rises by the amount, the authorization becomes `reversed`, and `card.reversed` fires. Any other status is 409: `authorization_reversed` or `authorization_expired` when the hold has already ended that way, `authorization_not_pending` when it was captured or declined. No body.",
  tags: ["Authorizations"],
  scope: "transactions:write",
  params: authorizationPathSchema,
  success: { status: 200, description: "The reversed authorization.", schema: authorizationReversedResponseSchema },
  errors: HOLD_END_ERRORS,
});

export const refundAuthorizationOperation = defineOperation({
  operationId: "refundAuthorization",
  method: "POST",
  path: "/api/public/sdk/v1/authorizations/{id}/refund",
  surface: "sdk",
  summary: "Refund a captured authorization",
  description:
    "Returns part (amount) or the rest (no amount) of the captured money to the wallet and fires `card.refunded`; `refundedAmount` is the running total. Several partial refunds are allowed, never more than was captured in total.",
  tags: ["Authorizations"],
  scope: "transactions:write",
  params: authorizationPathSchema,
  body: refundBodySchema,
  success: {
    status: 200,
    description: "The authorization with its new refundedAmount.",
    schema: authorizationWriteResponseSchema,
  },
  errors: [
    "amount_precision",
    "authorization_not_found",
    "authorization_not_captured",
    "amount_exceeds_captured",
    "balance_limit_exceeded",
  ],
});

export const listWalletTransactionsOperation = defineOperation({
  operationId: "listWalletTransactions",
  method: "GET",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/transactions",
  surface: "sdk",
  summary: "List a wallet's transactions",
  description:
    "The wallet's ledger movements (funding, captures, refunds), newest first, paged with `limit` and `starting_after`. Holds are not transactions: they show in the wallet's available balance and as pending authorizations.",
  tags: ["Authorizations"],
  scope: "wallets:read",
  params: walletPathSchema,
  query: listQuerySchema,
  success: { status: 200, description: "A page of transactions.", schema: transactionListSchema },
  errors: ["wallet_not_found"],
});
