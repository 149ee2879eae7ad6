// GET /api/public/sdk/v1/webhooks/endpoints: the application's endpoints in the key's mode, with their health.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listWebhookEndpointsOperation } from "@/lib/operations";
import { listEndpointRecords } from "@/lib/webhooks/list-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWebhookEndpointsOperation, async ({ tenant, query, db }) => ({
    body: await listEndpointRecords(db, tenant, query),
  })),
);
