// POST /api/public/sdk/v1/test/wallets/{externalUserId}/fund: test mode only; credits the wallet from the reserve.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { fundTestWalletOperation } from "@/lib/operations";
import { requireTestMode } from "@/lib/test-helpers/require-test-mode";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(fundTestWalletOperation, async ({ tenant, params, body, db }) => {
    requireTestMode(tenant);
    return { body: await fundWallet(db, tenant, params.externalUserId, body) };
  }),
);
