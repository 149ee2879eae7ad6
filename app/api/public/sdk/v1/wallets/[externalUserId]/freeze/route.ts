// POST /api/public/sdk/v1/wallets/{externalUserId}/freeze: freeze a wallet (its cards decline, it
// cannot send or pay out, until unfrozen; it can still receive).
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { freezeWalletOperation } from "@/lib/operations";
import { setWalletStatus } from "@/lib/wallets/set-wallet-status";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(freezeWalletOperation, async ({ tenant, params, db }) => ({
    body: await setWalletStatus(db, tenant, params.externalUserId, "frozen"),
  })),
);
