// POST /api/public/sdk/v1/wallets/{externalUserId}/close: close an empty wallet for good, canceling
// its cards. Cards a processor manages (Lithic) are canceled there first, outside the transaction.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { closeWalletOperation } from "@/lib/operations";
import { prepareWalletStatus, setWalletStatus, type PreparedWalletStatus } from "@/lib/wallets/set-wallet-status";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute<typeof closeWalletOperation, PreparedWalletStatus>(
    closeWalletOperation,
    async ({ tenant, params, db, prepared }) => ({
      body: await setWalletStatus(db, tenant, params.externalUserId, "closed", prepared),
    }),
    ({ tenant, params, db }) => prepareWalletStatus(db, tenant, params.externalUserId, "closed"),
  ),
);
