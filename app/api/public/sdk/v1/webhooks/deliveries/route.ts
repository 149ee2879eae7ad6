// GET /api/public/sdk/v1/webhooks/deliveries: deliveries with their last attempt, filterable by event, kind, status and endpoint.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listWebhookDeliveriesOperation } from "@/lib/operations";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listWebhookDeliveriesOperation, async ({ tenant, query, db }) => ({
    body: await listDeliveries(db, tenant, query),
  })),
);
