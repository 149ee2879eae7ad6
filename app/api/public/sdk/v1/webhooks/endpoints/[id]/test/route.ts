// POST /api/public/sdk/v1/webhooks/endpoints/{id}/test: queue an example event of a chosen kind to one endpoint (202).
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { testWebhookEndpointOperation } from "@/lib/operations";
import { testEndpoint } from "@/lib/webhooks/test-endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(testWebhookEndpointOperation, async ({ tenant, caller, params, body, db }) => ({
    body: await testEndpoint(db, tenant, caller, params.id, body.type),
  })),
);
