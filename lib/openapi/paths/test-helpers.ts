// OpenAPI operations for the test-mode helpers (funding, simulated taps), from the same zod shapes the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { authorizationWriteResponseSchema, authorizeBodySchema } from "@/lib/schemas/authorization";
import { cardPathSchema } from "@/lib/schemas/card-controls";
import { fundWalletBodySchema, transactionWriteResponseSchema } from "@/lib/schemas/transaction";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { sdkOperation } from "../operation";
import { DECLINE_DESCRIPTION, SPEND_ERRORS } from "./authorizations";

export const testHelperPaths: ZodOpenApiPathsObject = {
  "/api/public/sdk/v1/test/wallets/{externalUserId}/fund": {
    post: sdkOperation({
      operationId: "fundTestWallet",
      summary: "Fund a test wallet",
      description:
        "Test mode only (live keys get 403 `test_mode_only`; live wallets are funded by the operator). Credits the wallet from the platform's test reserve as one balanced ledger transfer.",
      tags: ["Test helpers"],
      scope: "transactions:write",
      write: true,
      requestParams: { path: walletPathSchema },
      body: fundWalletBodySchema,
      success: { status: 201, description: "The funding transaction.", schema: transactionWriteResponseSchema },
      errors: ["test_mode_only", "amount_precision", "wallet_not_found", "wallet_not_active"],
    }),
  },
  "/api/public/sdk/v1/test/cards/{id}/tap": {
    post: sdkOperation({
      operationId: "simulateCardTap",
      summary: "Simulate a card tap",
      description: `Test mode only (live keys get 403 \`test_mode_only\`). Runs the same path as an SDK spend, with \`source: "tap"\`. ${DECLINE_DESCRIPTION}`,
      tags: ["Test helpers"],
      scope: "transactions:write",
      write: true,
      requestParams: { path: cardPathSchema },
      body: authorizeBodySchema,
      success: { status: 201, description: "The approved authorization.", schema: authorizationWriteResponseSchema },
      errors: ["test_mode_only", ...SPEND_ERRORS],
    }),
  },
};
