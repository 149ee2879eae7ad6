// GET /api/public/sdk/v1/events/{id}: one event.
import { getEvent } from "@/lib/events/list-events";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { getEventOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(getEventOperation, async ({ tenant, params, db }) => ({ body: await getEvent(db, tenant, params.id) })),
);
