// GET /api/public/sdk/v1/webhooks/endpoints/{id}: one endpoint with its health.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getWebhookEndpointOperation } from "@/lib/operations";
import { getEndpointRecord } from "@/lib/webhooks/list-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWebhookEndpointOperation, async ({ tenant, params, db }) => ({
    body: await getEndpointRecord(db, tenant, params.id),
  })),
);
