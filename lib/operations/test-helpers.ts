// Test-mode helper operations: fund a wallet, simulate a card tap, expire a hold now, send a card
// network message through the built-in simulator.
import {
  authorizationExpiredResponseSchema,
  authorizationPathSchema,
  authorizationWriteResponseSchema,
  authorizeBodySchema,
} from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import {
  networkSimulationBodySchema,
  networkSimulationPathSchema,
  networkSimulationResultSchema,
} from "@/lib/schemas/network-simulation";
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
  description: `Test mode only (live keys get 403 \`test_mode_only\`). Runs the same path as an SDK spend, with \`source: "tap"\`, carried by the built-in card network simulator as an authorization: the first step of its history, which later simulated messages (POST /test/cards/{id}/network/{kind} with its \`authorizationId\`) continue. ${DECLINE_DESCRIPTION}`,
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
    "Test mode only (live keys get 403 `test_mode_only`). Does now what the webhook worker does at a pending authorization's `expiresAt`: releases the whole hold, sets the status to `expired` and fires `card.expired`. Any other status is 409, as for a reversal. No body.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: authorizationPathSchema,
  success: { status: 200, description: "The expired authorization.", schema: authorizationExpiredResponseSchema },
  errors: ["test_mode_only", ...HOLD_END_ERRORS],
});

export const simulateNetworkMessageOperation = defineOperation({
  operationId: "simulateNetworkMessage",
  method: "POST",
  path: "/api/public/sdk/v1/test/cards/{id}/network/{kind}",
  surface: "sdk",
  summary: "Send a card network message (simulator)",
  description:
    "Test mode only (live keys get 403 `test_mode_only`). The built-in card network simulator: sends one message of the card network's lifecycle for a test card through the same code a live processor's messages run (docs/decisions/card-network.md). `authorization` approves (all or part) or declines, inside the simulator's 2 s window (the decision endpoint's defaultAction answers when it is slow); an amount of 0 is an account verification, answered without a hold. `increment` raises a hold, checked like a new spend; `advice` is the network's stand-in approval, held even past the available balance; `reversal` and `expiry` release the hold (all or part); `clearing` settles against the authorization (partial, several, up to 20% over it for restaurants, bars, taxis and salons; `final` releases the rest); `force-post` is a clearing with no authorization, posted even below zero; `refund` credits the wallet (with or without an authorization); `return-reversal` takes a refund back. `networkId` is the message's own id, generated when absent and returned: a repeat with the same `networkId` changes nothing and answers as the first did (`replayed: true`). A decline is an answer (200, `result: declined`), not an error.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: networkSimulationPathSchema,
  body: networkSimulationBodySchema,
  success: {
    status: 200,
    description: "What the lifecycle did, and the authorization.",
    schema: networkSimulationResultSchema,
  },
  errors: [
    "test_mode_only",
    "card_not_found",
    "authorization_not_found",
    "currency_mismatch",
    "unsupported_currency",
    "amount_precision",
    "network_amount_invalid",
    "network_message_conflict",
  ],
});
