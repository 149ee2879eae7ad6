// POST /api/public/sdk/v1/wallets: provision a wallet for one of the application's users.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createWalletOperation } from "@/lib/operations";
import { createWallet } from "@/lib/wallets/create-wallet";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(createWalletOperation, async ({ tenant, body, db }) => ({ body: await createWallet(db, tenant, body) })),
);
