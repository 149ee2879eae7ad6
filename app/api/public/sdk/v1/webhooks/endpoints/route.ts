// GET /api/public/sdk/v1/webhooks/endpoints: the application's endpoints in the key's mode, with their health. POST: register one.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { createWebhookEndpointOperation, listWebhookEndpointsOperation } from "@/lib/operations";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpointRecords } from "@/lib/webhooks/list-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWebhookEndpointsOperation, async ({ tenant, query, db }) => ({
    body: await listEndpointRecords(db, tenant, query),
  })),
  sdkRoute(createWebhookEndpointOperation, async ({ tenant, caller, body, db }) => ({
    body: await createEndpoint(db, tenant, caller, body),
  })),
);
