// Test-mode helper operations: fund a wallet, simulate a card tap, expire a hold now.
import {
  authorizationExpiredResponseSchema,
  authorizationPathSchema,
  authorizationWriteResponseSchema,
  authorizeBodySchema,
} from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { fundWalletBodySchema, transactionWriteResponseSchema } from "@/lib/schemas/transaction";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { DECLINE_DESCRIPTION, HOLD_END_ERRORS, SPEND_ERRORS } from "./authorizations";
import { defineOperation } from "./define";

export const fundTestWalletOperation = defineOperation({
  operationId: "fundTestWallet",
  method: "POST",
  path: "/api/public/sdk/v1/test/wallets/{externalUserId}/fund",
  surface: "sdk",
  summary: "Fund a test wallet",
  description:
    "Test mode only (live keys get 403 `test_mode_only`; live wallets are funded by the operator). Credits the wallet from the platform's test reserve as one balanced ledger transfer.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: walletPathSchema,
  body: fundWalletBodySchema,
  success: { status: 201, description: "The funding transaction.", schema: transactionWriteResponseSchema },
  errors: ["test_mode_only", "amount_precision", "wallet_not_found", "wallet_not_active", "balance_limit_exceeded"],
});

export const simulateCardTapOperation = defineOperation({
  operationId: "simulateCardTap",
  method: "POST",
  path: "/api/public/sdk/v1/test/cards/{id}/tap",
  surface: "sdk",
  summary: "Simulate a card tap",
  description: `Test mode only (live keys get 403 \`test_mode_only\`). Runs the same path as an SDK spend, with \`source: "tap"\`. ${DECLINE_DESCRIPTION}`,
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: cardPathSchema,
  body: authorizeBodySchema,
  success: { status: 201, description: "The approved authorization.", schema: authorizationWriteResponseSchema },
  errors: ["test_mode_only", ...SPEND_ERRORS],
});

export const expireTestAuthorizationOperation = defineOperation({
  operationId: "expireTestAuthorization",
  method: "POST",
  path: "/api/public/sdk/v1/test/authorizations/{id}/expire",
  surface: "sdk",
  summary: "Expire a test hold now",
  description:
    "Test mode only (live keys get 403 `test_mode_only`). Does now what the webhook worker does at a pending authorization's `expiresAt`: releases the whole hold, sets the status to `expired` and fires `card.reversed`. Any other status is 409, as for a reversal. No body.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: authorizationPathSchema,
  success: { status: 200, description: "The expired authorization.", schema: authorizationExpiredResponseSchema },
  errors: ["test_mode_only", ...HOLD_END_ERRORS],
});
