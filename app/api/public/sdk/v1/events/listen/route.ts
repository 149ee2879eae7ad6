// GET /api/public/sdk/v1/events/listen: the test-mode events after a cursor, as a long poll, for `listen`.
import { listenEvents } from "@/lib/events/listen-events";
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listenEventsOperation } from "@/lib/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listenEventsOperation, async ({ tenant, query, db }) => ({ body: await listenEvents(db, tenant, query) })),
);
