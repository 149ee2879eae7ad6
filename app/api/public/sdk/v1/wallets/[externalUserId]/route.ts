// GET /api/public/sdk/v1/wallets/{externalUserId}: read a wallet with its balances. POST: update its
// spending controls.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getWalletOperation, updateWalletOperation } from "@/lib/operations";
import { getWallet } from "@/lib/wallets/get-wallet";
import { updateWallet } from "@/lib/wallets/update-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWalletOperation, async ({ tenant, params, db }) => ({
    body: await getWallet(db, tenant, params.externalUserId),
  })),
  sdkRoute(updateWalletOperation, async ({ tenant, params, body, db }) => ({
    body: await updateWallet(db, tenant, params.externalUserId, body),
  })),
);
