// GET /api/public/sdk/v1/webhooks/deliveries: deliveries with their last attempt, filterable by event, kind, status and endpoint.
import { sdkRoute } from "@/lib/http/sdk-route";
import { listDeliveriesQuerySchema } from "@/lib/schemas/webhook";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const GET = sdkRoute(
  { scope: "events:read", query: listDeliveriesQuerySchema },
  async ({ tenant, query, db }) => ({
    body: await listDeliveries(db, tenant, query),
  }),
);
