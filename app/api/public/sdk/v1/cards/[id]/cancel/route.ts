// POST /api/public/sdk/v1/cards/{id}/cancel: cancel a card for good.
import { setCardStatus } from "@/lib/cards/set-card-status";
import { sdkRoute } from "@/lib/http/sdk-route";
import { cardPathSchema } from "@/lib/schemas/card-controls";

export const POST = sdkRoute({ scope: "cards:write", params: cardPathSchema }, async ({ tenant, params, db }) => ({
  body: await setCardStatus(db, tenant, params.id, "canceled"),
}));
