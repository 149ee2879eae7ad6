// GET /api/public/sdk/v1/cards/{id}: read a card. POST: update its spending controls.
import { getCard } from "@/lib/cards/get-card";
import { updateCard } from "@/lib/cards/update-card";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getCardOperation, updateCardOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getCardOperation, async ({ tenant, params, db }) => ({ body: await getCard(db, tenant, params.id) })),
  sdkRoute(updateCardOperation, async ({ tenant, params, body, db }) => ({
    body: await updateCard(db, tenant, params.id, body),
  })),
);
