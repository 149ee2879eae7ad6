// GET /api/public/sdk/v1/webhooks/deliveries/{id}: one delivery with every attempt.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getWebhookDeliveryOperation } from "@/lib/operations";
import { getDelivery } from "@/lib/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWebhookDeliveryOperation, async ({ tenant, params, db }) => ({
    body: await getDelivery(db, tenant, params.id),
  })),
);
