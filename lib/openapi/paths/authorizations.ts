// OpenAPI operations for spends, captures, refunds and the wallet's transactions, from the same zod shapes the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { ErrorCode } from "@/lib/http/errors";
import {
  DECLINE_CODES,
  authorizationPathSchema,
  authorizationSchema,
  authorizationWriteResponseSchema,
  authorizeBodySchema,
  captureBodySchema,
  refundBodySchema,
} from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { transactionListSchema } from "@/lib/schemas/transaction";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { sdkOperation } from "../operation";

export const DECLINE_DESCRIPTION = `A decline answers 402 with \`type: card_error\`, the decline \`code\` (${DECLINE_CODES.map((code) => `\`${code}\``).join(", ")}) and the recorded declined authorization under \`error.authorization\`; it places no hold and fires no event.`;

/** What a spend can answer besides the pipeline's own errors; the simulated tap runs the same path. */
export const SPEND_ERRORS: ErrorCode[] = [
  "unsupported_currency",
  "amount_precision",
  "card_not_found",
  ...DECLINE_CODES,
];

export const authorizationPaths: ZodOpenApiPathsObject = {
  "/api/public/sdk/v1/cards/{id}/authorizations": {
    post: sdkOperation({
      operationId: "createAuthorization",
      summary: "Spend with a card",
      description: `Authorizes a spend: places a hold of \`amount\` on the wallet (available balance drops, posted does not) and fires \`card.authorized\` with the authorization. ${DECLINE_DESCRIPTION}`,
      tags: ["Authorizations"],
      scope: "transactions:write",
      write: true,
      requestParams: { path: cardPathSchema },
      body: authorizeBodySchema,
      success: {
        status: 201,
        description: "The approved authorization (status pending).",
        schema: authorizationWriteResponseSchema,
      },
      errors: SPEND_ERRORS,
    }),
  },
  "/api/public/sdk/v1/authorizations/{id}": {
    get: sdkOperation({
      operationId: "getAuthorization",
      summary: "Retrieve an authorization",
      tags: ["Authorizations"],
      scope: "wallets:read",
      requestParams: { path: authorizationPathSchema },
      success: { status: 200, description: "The authorization.", schema: authorizationSchema },
      errors: ["authorization_not_found"],
    }),
  },
  "/api/public/sdk/v1/authorizations/{id}/capture": {
    post: sdkOperation({
      operationId: "captureAuthorization",
      summary: "Capture an authorization",
      description:
        "Captures a pending authorization, fully (no amount) or partly: the captured amount leaves the wallet, the rest of the hold is released, the authorization becomes `closed`, and `card.captured` fires. One capture per authorization.",
      tags: ["Authorizations"],
      scope: "transactions:write",
      write: true,
      requestParams: { path: authorizationPathSchema },
      body: captureBodySchema,
      success: { status: 200, description: "The closed authorization.", schema: authorizationWriteResponseSchema },
      errors: [
        "amount_precision",
        "authorization_not_found",
        "authorization_not_pending",
        "amount_exceeds_authorization",
      ],
    }),
  },
  "/api/public/sdk/v1/authorizations/{id}/refund": {
    post: sdkOperation({
      operationId: "refundAuthorization",
      summary: "Refund a captured authorization",
      description:
        "Returns part (amount) or the rest (no amount) of the captured money to the wallet and fires `card.refunded`; `refundedAmount` is the running total. Several partial refunds are allowed, never more than was captured in total.",
      tags: ["Authorizations"],
      scope: "transactions:write",
      write: true,
      requestParams: { path: authorizationPathSchema },
      body: refundBodySchema,
      success: {
        status: 200,
        description: "The authorization with its new refundedAmount.",
        schema: authorizationWriteResponseSchema,
      },
      errors: ["amount_precision", "authorization_not_found", "authorization_not_captured", "amount_exceeds_captured"],
    }),
  },
  "/api/public/sdk/v1/wallets/{externalUserId}/transactions": {
    get: sdkOperation({
      operationId: "listWalletTransactions",
      summary: "List a wallet's transactions",
      description:
        "The wallet's ledger movements (funding, captures, refunds), newest first, paged with `limit` and `starting_after`. Holds are not transactions: they show in the wallet's available balance and as pending authorizations.",
      tags: ["Authorizations"],
      scope: "wallets:read",
      requestParams: { path: walletPathSchema, query: listQuerySchema },
      success: { status: 200, description: "A page of transactions.", schema: transactionListSchema },
      errors: ["wallet_not_found"],
    }),
  },
};
