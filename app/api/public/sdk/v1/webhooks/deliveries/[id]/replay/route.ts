// POST /api/public/sdk/v1/webhooks/deliveries/{id}/replay: queue one more attempt of a delivery (202), within the replay limits.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { replayWebhookDeliveryOperation } from "@/lib/operations";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(replayWebhookDeliveryOperation, async ({ tenant, params, db }) => ({
    body: await replayDelivery(db, tenant, params.id),
  })),
);
