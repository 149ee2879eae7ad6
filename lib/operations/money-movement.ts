// The application's balance, its test top-ups, and transfers between it and its wallets
// (docs/decisions/money-movement.md).
import {
  balanceSchema,
  createTransferBodySchema,
  testTopUpBodySchema,
  topUpWriteResponseSchema,
  transferListQuerySchema,
  transferListSchema,
  transferPathSchema,
  transferSchema,
  transferWriteResponseSchema,
} from "@/lib/schemas/money-movement";
import { defineOperation } from "./define";

export const getBalanceOperation = defineOperation({
  operationId: "getBalance",
  method: "GET",
  path: "/api/public/sdk/v1/balance",
  surface: "sdk",
  summary: "Retrieve the application's balance",
  description:
    "The application's own money in this mode, per currency it holds, in Stripe's shape: `available` can be moved to wallets now; `pending` is on its way in. Filled by top-ups (test: `POST /test/top-ups`; live: a bank deposit the operator records), emptied by transfers to wallets.",
  tags: ["Money movement"],
  scope: "wallets:read",
  success: { status: 200, description: "The balance.", schema: balanceSchema },
  errors: [],
});

export const createTestTopUpOperation = defineOperation({
  operationId: "createTestTopUp",
  method: "POST",
  path: "/api/public/sdk/v1/test/top-ups",
  surface: "sdk",
  summary: "Top up the test balance",
  description:
    "Test mode only (live keys get 403 `test_mode_only`; a live top-up is a bank deposit the operator records with `cli top-ups record`). Adds the amount to the application's test balance at once, from the platform's test reserve, and fires `top_up.created`.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  body: testTopUpBodySchema,
  success: { status: 201, description: "The top-up.", schema: topUpWriteResponseSchema },
  errors: ["test_mode_only", "unsupported_currency", "amount_precision", "balance_limit_exceeded"],
});

export const createTransferOperation = defineOperation({
  operationId: "createTransfer",
  method: "POST",
  path: "/api/public/sdk/v1/transfers",
  surface: "sdk",
  summary: "Move money between the balance and wallets",
  description:
    "Balance to wallet (funding a user), wallet to wallet (between two users of the application) or wallet to balance (collecting), in the currency of every wallet named. Instant and atomic: both sides post in one ledger transfer or nothing posts. Fires `transfer.created` in the sequence of each wallet it touches. A frozen or closed wallet cannot send; a closed one cannot receive. Too little available on the sending side is 402 `insufficient_funds` with nothing posted; a transfer over a limit of the sending wallet that counts transfers (`spendingControls.spendingLimits[].transfers: true`) is 402 `spending_limit_exceeded`.",
  tags: ["Money movement"],
  scope: "transactions:write",
  body: createTransferBodySchema,
  success: { status: 201, description: "The transfer.", schema: transferWriteResponseSchema },
  errors: [
    "wallet_not_found",
    "currency_mismatch",
    "unsupported_currency",
    "amount_precision",
    "wallet_not_active",
    "insufficient_funds",
    "spending_limit_exceeded",
    "balance_limit_exceeded",
  ],
});

export const getTransferOperation = defineOperation({
  operationId: "getTransfer",
  method: "GET",
  path: "/api/public/sdk/v1/transfers/{id}",
  surface: "sdk",
  summary: "Retrieve a transfer",
  tags: ["Money movement"],
  scope: "wallets:read",
  params: transferPathSchema,
  success: { status: 200, description: "The transfer.", schema: transferSchema },
  errors: ["transfer_not_found"],
});

export const listTransfersOperation = defineOperation({
  operationId: "listTransfers",
  method: "GET",
  path: "/api/public/sdk/v1/transfers",
  surface: "sdk",
  summary: "List transfers",
  description: "The application's transfers in this mode, newest first; with `wallet`, those in or out of that wallet.",
  tags: ["Money movement"],
  scope: "wallets:read",
  query: transferListQuerySchema,
  success: { status: 200, description: "A page of transfers.", schema: transferListSchema },
  errors: ["wallet_not_found"],
});
