// POST /api/public/sdk/v1/webhooks/deliveries/{id}/replay: queue one more attempt of a delivery (202), within the replay limits.
import { sdkRoute } from "@/lib/http/sdk-route";
import { deliveryPathSchema } from "@/lib/schemas/webhook";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";

export const POST = sdkRoute(
  { scope: "webhooks:write", params: deliveryPathSchema },
  async ({ tenant, params, db }) => ({
    status: 202,
    body: await replayDelivery(db, tenant, params.id),
  }),
);
