// POST /api/public/sdk/v1/wallets: provision a wallet for one of the application's users.
import { sdkRoute } from "@/lib/http/sdk-route";
import { createWalletBodySchema } from "@/lib/schemas/wallet";
import { createWallet } from "@/lib/wallets/create-wallet";

export const POST = sdkRoute(
  { scope: "wallets:write", body: createWalletBodySchema },
  async ({ tenant, body, db }) => ({
    status: 201,
    body: await createWallet(db, tenant, body),
  }),
);
