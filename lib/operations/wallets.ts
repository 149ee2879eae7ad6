// Wallet operations: provision, read and update (spending controls).
import {
  createWalletBodySchema,
  updateWalletBodySchema,
  walletPathSchema,
  walletSchema,
  walletWriteResponseSchema,
} from "@/lib/schemas/wallet";
import { defineOperation } from "./define";

export const createWalletOperation = defineOperation({
  operationId: "createWallet",
  method: "POST",
  path: "/api/public/sdk/v1/wallets",
  surface: "sdk",
  summary: "Provision a wallet",
  description:
    "Creates a wallet for one of your users and fires `wallet.provisioned`. One wallet per externalUserId per mode.",
  tags: ["Wallets"],
  scope: "wallets:write",
  body: createWalletBodySchema,
  success: { status: 201, description: "The wallet.", schema: walletWriteResponseSchema },
  errors: ["unsupported_currency", "wallet_exists"],
});

export const getWalletOperation = defineOperation({
  operationId: "getWallet",
  method: "GET",
  path: "/api/public/sdk/v1/wallets/{externalUserId}",
  surface: "sdk",
  summary: "Retrieve a wallet",
  tags: ["Wallets"],
  scope: "wallets:read",
  params: walletPathSchema,
  success: { status: 200, description: "The wallet with its balances.", schema: walletSchema },
  errors: ["wallet_not_found"],
});

export const updateWalletOperation = defineOperation({
  operationId: "updateWallet",
  method: "POST",
  path: "/api/public/sdk/v1/wallets/{externalUserId}",
  surface: "sdk",
  summary: "Update a wallet's spending controls",
  description:
    "Sets the wallet's `spendingControls`, replacing every control it had. They apply to every card of the wallet, on top of each card's own: a spend must pass both. A window limit counts approved spends of all the wallet's cards less what is later released (reversed, expired, or the uncaptured rest of a partial capture) in the calendar window (UTC) the spend was approved in; a limit added during a window counts that window's earlier spending too. Malformed controls answer 400 naming the field and change nothing.",
  tags: ["Wallets"],
  scope: "wallets:write",
  params: walletPathSchema,
  body: updateWalletBodySchema,
  success: {
    status: 200,
    description: "The wallet with its controls and spending.",
    schema: walletWriteResponseSchema,
  },
  errors: ["wallet_not_found", "amount_precision"],
});

/** Freeze, unfreeze and close: one shape, as the card's (docs/decisions/wallet-status.md). */
const walletStatusChange = <const A extends "freeze" | "unfreeze" | "close">(
  action: A,
  summary: string,
  description: string,
) =>
  defineOperation({
    operationId: `${action}Wallet`,
    method: "POST",
    path: `/api/public/sdk/v1/wallets/{externalUserId}/${action}`,
    surface: "sdk",
    summary,
    description,
    tags: ["Wallets"],
    scope: "wallets:write",
    params: walletPathSchema,
    success: { status: 200, description: "The wallet with its new status.", schema: walletWriteResponseSchema },
    errors: [
      "wallet_not_found",
      "wallet_not_active",
      ...(action === "close" ? (["wallet_not_empty", "processor_error", "processor_unavailable"] as const) : []),
    ],
  });

export const freezeWalletOperation = walletStatusChange(
  "freeze",
  "Freeze a wallet",
  "Fires `wallet.frozen`. A frozen wallet's cards decline every spend (402 `card_inactive`), and it cannot send transfers or pay out (409 `wallet_not_active`), until unfrozen; it can still receive transfers and funding. Freezing a frozen wallet changes nothing; a closed wallet answers 409 `wallet_not_active`. No body.",
);

export const unfreezeWalletOperation = walletStatusChange(
  "unfreeze",
  "Unfreeze a wallet",
  "Fires `wallet.unfrozen` and lets a frozen wallet spend, send and pay out again. Unfreezing an active wallet changes nothing; a closed wallet answers 409 `wallet_not_active`. No body.",
);

export const closeWalletOperation = walletStatusChange(
  "close",
  "Close a wallet",
  "Closes the wallet for good and fires `wallet.closed`: it can no longer spend, send, pay out, receive, be funded or get cards. Only an empty wallet closes: a non-zero posted or held balance, or a payout still pending or in transit, answers 409 `wallet_not_empty` and changes nothing. Its active and frozen cards are canceled first, each firing `card.canceled` (a card Lithic manages is canceled there first: 502 `processor_error` or 503 `processor_unavailable` if that fails). Closing a closed wallet changes nothing. No body.",
);
