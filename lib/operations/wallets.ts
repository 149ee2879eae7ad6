// Wallet operations: provision and read.
import {
  createWalletBodySchema,
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
