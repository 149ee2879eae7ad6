// The application's balance, its test top-ups, and transfers between it and its wallets
// (docs/decisions/money-movement.md).
import {
  bankAccountListSchema,
  bankAccountWriteResponseSchema,
  createBankAccountBodySchema,
  createPayoutBodySchema,
  payoutListQuerySchema,
  payoutListSchema,
  payoutPathSchema,
  payoutSchema,
  payoutWriteResponseSchema,
  testPayoutMoveBodySchema,
  testPayoutMovePathSchema,
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
import { walletPathSchema } from "@/lib/schemas/wallet";
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

const BANK_ACCOUNT_ERRORS = ["validation_failed", "unsupported_currency", "currency_mismatch"] as const;

export const createWalletBankAccountOperation = defineOperation({
  operationId: "createWalletBankAccount",
  method: "POST",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/bank-accounts",
  surface: "sdk",
  summary: "Add a wallet holder's bank account",
  description:
    "Records the holder's external bank account for payouts, in the wallet's currency: `{routingNumber, accountNumber}` (US, ABA checksum checked), `{sortCode, accountNumber}` (GB), `{iban}` (IBAN countries, mod 97 checked), `{bankCode, accountNumber}` (NG, NUBAN check digit checked). The identifiers are sealed at rest and answered only as `last4` and the bank's code.",
  tags: ["Money movement"],
  scope: "transactions:write",
  params: walletPathSchema,
  body: createBankAccountBodySchema,
  success: { status: 201, description: "The bank account, masked.", schema: bankAccountWriteResponseSchema },
  errors: ["wallet_not_found", ...BANK_ACCOUNT_ERRORS],
});

export const listWalletBankAccountsOperation = defineOperation({
  operationId: "listWalletBankAccounts",
  method: "GET",
  path: "/api/public/sdk/v1/wallets/{externalUserId}/bank-accounts",
  surface: "sdk",
  summary: "List a wallet holder's bank accounts",
  tags: ["Money movement"],
  scope: "wallets:read",
  params: walletPathSchema,
  success: {
    status: 200,
    description: "The wallet's bank accounts, masked, newest first.",
    schema: bankAccountListSchema,
  },
  errors: ["wallet_not_found"],
});

export const createBalanceBankAccountOperation = defineOperation({
  operationId: "createBalanceBankAccount",
  method: "POST",
  path: "/api/public/sdk/v1/balance/bank-accounts",
  surface: "sdk",
  summary: "Add the application's own bank account",
  description: "As for a wallet's, for payouts from the application's balance.",
  tags: ["Money movement"],
  scope: "transactions:write",
  body: createBankAccountBodySchema,
  success: { status: 201, description: "The bank account, masked.", schema: bankAccountWriteResponseSchema },
  errors: [...BANK_ACCOUNT_ERRORS],
});

export const listBalanceBankAccountsOperation = defineOperation({
  operationId: "listBalanceBankAccounts",
  method: "GET",
  path: "/api/public/sdk/v1/balance/bank-accounts",
  surface: "sdk",
  summary: "List the application's own bank accounts",
  tags: ["Money movement"],
  scope: "wallets:read",
  success: {
    status: 200,
    description: "The application's bank accounts, masked, newest first.",
    schema: bankAccountListSchema,
  },
  errors: [],
});

export const listPayoutsOperation = defineOperation({
  operationId: "listPayouts",
  method: "GET",
  path: "/api/public/sdk/v1/payouts",
  surface: "sdk",
  summary: "List payouts",
  description: "The application's payouts in this mode, newest first; with `wallet`, that wallet's.",
  tags: ["Money movement"],
  scope: "wallets:read",
  query: payoutListQuerySchema,
  success: { status: 200, description: "A page of payouts.", schema: payoutListSchema },
  errors: ["wallet_not_found"],
});

export const createPayoutOperation = defineOperation({
  operationId: "createPayout",
  method: "POST",
  path: "/api/public/sdk/v1/payouts",
  surface: "sdk",
  summary: "Pay out to a bank account",
  description:
    "Pays out of a wallet (to one of its holder's bank accounts) or the balance (to one of the application's). The amount is held at once (available drops; posted moves when it is paid), the payout is `pending` and goes to the payout rail; it moves to `in_transit`, then `paid`, or `failed` (the hold released), and a paid one may come back `returned` (credited back). Fires `payout.*` at each move. Test mode uses the built-in simulator rail; live payouts need a rail connector and otherwise answer 403 `payouts_not_configured`.",
  tags: ["Money movement"],
  scope: "transactions:write",
  body: createPayoutBodySchema,
  success: { status: 201, description: "The pending payout.", schema: payoutWriteResponseSchema },
  errors: [
    "payouts_not_configured",
    "wallet_not_found",
    "bank_account_not_found",
    "validation_failed",
    "currency_mismatch",
    "unsupported_currency",
    "amount_precision",
    "wallet_not_active",
    "insufficient_funds",
  ],
});

export const getPayoutOperation = defineOperation({
  operationId: "getPayout",
  method: "GET",
  path: "/api/public/sdk/v1/payouts/{id}",
  surface: "sdk",
  summary: "Retrieve a payout",
  tags: ["Money movement"],
  scope: "wallets:read",
  params: payoutPathSchema,
  success: { status: 200, description: "The payout.", schema: payoutSchema },
  errors: ["payout_not_found"],
});

export const cancelPayoutOperation = defineOperation({
  operationId: "cancelPayout",
  method: "POST",
  path: "/api/public/sdk/v1/payouts/{id}/cancel",
  surface: "sdk",
  summary: "Cancel a pending payout",
  description:
    "Releases the hold of a payout still `pending` and fires `payout.canceled`; any other status is 409 `payout_status_conflict`. No body.",
  tags: ["Money movement"],
  scope: "transactions:write",
  params: payoutPathSchema,
  success: { status: 200, description: "The canceled payout.", schema: payoutWriteResponseSchema },
  errors: ["payout_not_found", "payout_status_conflict"],
});

export const moveTestPayoutOperation = defineOperation({
  operationId: "moveTestPayout",
  method: "POST",
  path: "/api/public/sdk/v1/test/payouts/{id}/{move}",
  surface: "sdk",
  summary: "Report a test payout's next move",
  description:
    "Test mode only (live keys get 403 `test_mode_only`). Does what a bank's rail reports: `in-transit` (from pending), `paid` (from pending or in transit: the hold released and the amount posted out), `failed` (from pending or in transit: the hold released; optional `reason`), `returned` (from paid: credited back; optional `reason`). A move its status does not allow is 409 `payout_status_conflict`.",
  tags: ["Test helpers"],
  scope: "transactions:write",
  params: testPayoutMovePathSchema,
  body: testPayoutMoveBodySchema,
  success: { status: 200, description: "The payout after the move.", schema: payoutWriteResponseSchema },
  errors: ["test_mode_only", "payout_not_found", "payout_status_conflict"],
});
