// GET /api/public/sdk/v1/wallets/{externalUserId}/cards: the wallet's cards, newest first.
import { listWalletCards } from "@/lib/cards/list-wallet-cards";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listQuerySchema } from "@/lib/schemas/pagination";
import { walletPathSchema } from "@/lib/schemas/wallet";

export const GET = sdkRoute(
  { scope: "cards:read", params: walletPathSchema, query: listQuerySchema },
  async ({ tenant, params, query, db }) => ({ body: await listWalletCards(db, tenant, params.externalUserId, query) }),
);
