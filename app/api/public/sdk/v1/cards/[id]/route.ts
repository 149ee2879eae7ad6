// GET /api/public/sdk/v1/cards/{id}: read a card.
import { getCard } from "@/lib/cards/get-card";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cardPathSchema } from "@/lib/schemas/card-controls";

export const GET = sdkRoute({ scope: "cards:read", params: cardPathSchema }, async ({ tenant, params, db }) => ({
  body: await getCard(db, tenant, params.id),
}));
