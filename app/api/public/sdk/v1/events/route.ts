// GET /api/public/sdk/v1/events: the application's events, newest first, filterable by kind.
import { listEvents } from "@/lib/events/list-events";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listEventsOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listEventsOperation, async ({ tenant, query, db }) => ({ body: await listEvents(db, tenant, query) })),
);
