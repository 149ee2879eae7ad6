// GET /api/public/sdk/v1/cards/{id}: read a card.
import { getCard } from "@/lib/cards/get-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getCardOperation, async ({ tenant, params, db }) => ({ body: await getCard(db, tenant, params.id) })),
);
