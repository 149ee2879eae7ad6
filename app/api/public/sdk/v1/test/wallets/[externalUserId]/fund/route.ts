// POST /api/public/sdk/v1/test/wallets/{externalUserId}/fund: test mode only; credits the wallet from the reserve.
import { sdkRoute } from "@/lib/http/sdk-route";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { fundWalletBodySchema } from "@/lib/schemas/transaction";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const POST = sdkRoute(
  { scope: "transactions:write", params: walletPathSchema, body: fundWalletBodySchema },
  async ({ tenant, params, body, db }) => {
    requireTestMode(tenant);
    return { status: 201, body: await fundWallet(db, tenant, params.externalUserId, body) };
  },
);
