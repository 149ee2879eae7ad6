// GET /api/public/sdk/v1/wallets/{externalUserId}: read a wallet with its balances.
import { sdkRoute } from "@/lib/http/sdk-route";
import { walletPathSchema } from "@/lib/schemas/wallet";
import { getWallet } from "@/lib/wallets/get-wallet";

export const GET = sdkRoute({ scope: "wallets:read", params: walletPathSchema }, async ({ tenant, params, db }) => ({
  body: await getWallet(db, tenant, params.externalUserId),
}));
