// GET /api/public/sdk/v1/wallets/{externalUserId}/cards: the wallet's cards, newest first.
import { listWalletCards } from "@/lib/cards/list-wallet-cards";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listWalletCardsOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWalletCardsOperation, async ({ tenant, params, query, db }) => ({
    body: await listWalletCards(db, tenant, params.externalUserId, query),
  })),
);
