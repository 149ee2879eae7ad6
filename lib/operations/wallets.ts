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
