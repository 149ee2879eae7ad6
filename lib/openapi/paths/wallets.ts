// OpenAPI operations for wallets, from the same zod shapes the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  createWalletBodySchema,
  walletPathSchema,
  walletSchema,
  walletWriteResponseSchema,
} from "@/lib/schemas/wallet";
import { sdkOperation } from "../operation";

export const walletPaths: ZodOpenApiPathsObject = {
  "/api/public/sdk/v1/wallets": {
    post: sdkOperation({
      operationId: "createWallet",
      summary: "Provision a wallet",
      description:
        "Creates a wallet for one of your users and fires `wallet.provisioned`. One wallet per externalUserId per mode.",
      tags: ["Wallets"],
      scope: "wallets:write",
      write: true,
      body: createWalletBodySchema,
      success: { status: 201, description: "The wallet.", schema: walletWriteResponseSchema },
      errors: ["unsupported_currency", "wallet_exists"],
    }),
  },
  "/api/public/sdk/v1/wallets/{externalUserId}": {
    get: sdkOperation({
      operationId: "getWallet",
      summary: "Retrieve a wallet",
      tags: ["Wallets"],
      scope: "wallets:read",
      requestParams: { path: walletPathSchema },
      success: { status: 200, description: "The wallet with its balances.", schema: walletSchema },
      errors: ["wallet_not_found"],
    }),
  },
};
