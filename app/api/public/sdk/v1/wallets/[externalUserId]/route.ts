// GET /api/public/sdk/v1/wallets/{externalUserId}: read a wallet with its balances.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getWalletOperation } from "@/lib/operations";
import { getWallet } from "@/lib/wallets/get-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWalletOperation, async ({ tenant, params, db }) => ({
    body: await getWallet(db, tenant, params.externalUserId),
  })),
);
