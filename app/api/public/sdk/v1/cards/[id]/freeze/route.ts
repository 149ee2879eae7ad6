// POST /api/public/sdk/v1/cards/{id}/freeze: freeze a card (it declines spends until unfrozen).
import { freezeCard } from "@/lib/cards/freeze-card";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cardPathSchema } from "@/lib/schemas/card-controls";

export const POST = sdkRoute({ scope: "cards:write", params: cardPathSchema }, async ({ tenant, params, db }) => ({
  body: await freezeCard(db, tenant, params.id),
}));
