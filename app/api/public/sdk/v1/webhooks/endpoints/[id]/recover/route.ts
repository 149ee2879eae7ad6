// POST /api/public/sdk/v1/webhooks/endpoints/{id}/recover: re-send the endpoint's deliveries since a time, in order, as one recovery (202).
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { recoverWebhookEndpointOperation } from "@/lib/operations";
import { startRecovery } from "@/lib/webhooks/recovery";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(recoverWebhookEndpointOperation, async ({ tenant, caller, params, body, db }) => ({
    body: await startRecovery(db, tenant, caller, params.id, body),
  })),
);
