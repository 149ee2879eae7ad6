// POST /api/public/sdk/v1/wallets/{externalUserId}/unfreeze: let a frozen wallet spend, send and pay out again.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { unfreezeWalletOperation } from "@/lib/operations";
import { setWalletStatus } from "@/lib/wallets/set-wallet-status";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(unfreezeWalletOperation, async ({ tenant, params, db }) => ({
    body: await setWalletStatus(db, tenant, params.externalUserId, "active"),
  })),
);
