// GET /api/public/sdk/v1/webhooks/endpoints/{id}: one endpoint with its health. POST: change it. DELETE: delete it.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import {
  deleteWebhookEndpointOperation,
  getWebhookEndpointOperation,
  updateWebhookEndpointOperation,
} from "@/lib/operations";
import { editEndpoint } from "@/lib/webhooks/edit-endpoint";
import { getEndpointRecord } from "@/lib/webhooks/list-endpoints";
import { removeEndpoint } from "@/lib/webhooks/remove-endpoint";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getWebhookEndpointOperation, async ({ tenant, params, db }) => ({
    body: await getEndpointRecord(db, tenant, params.id),
  })),
  sdkRoute(updateWebhookEndpointOperation, async ({ tenant, caller, params, body, db }) => ({
    body: await editEndpoint(db, tenant, caller, params.id, body),
  })),
  sdkRoute(deleteWebhookEndpointOperation, async ({ tenant, caller, params, db }) => ({
    body: await removeEndpoint(db, tenant, caller, params.id),
  })),
);
