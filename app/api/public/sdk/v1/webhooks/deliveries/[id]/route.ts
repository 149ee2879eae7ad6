// GET /api/public/sdk/v1/webhooks/deliveries/{id}: one delivery with every attempt.
import { sdkRoute } from "@/lib/http/sdk-route";
import { deliveryPathSchema } from "@/lib/schemas/webhook";
import { getDelivery } from "@/lib/webhooks/list-deliveries";

export const GET = sdkRoute({ scope: "events:read", params: deliveryPathSchema }, async ({ tenant, params, db }) => ({
  body: await getDelivery(db, tenant, params.id),
}));
