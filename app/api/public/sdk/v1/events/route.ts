// GET /api/public/sdk/v1/events: the application's events, newest first, filterable by kind.
import { listEvents } from "@/lib/events/list-events";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listEventsQuerySchema } from "@/lib/schemas/event";

export const GET = sdkRoute({ scope: "events:read", query: listEventsQuerySchema }, async ({ tenant, query, db }) => ({
  body: await listEvents(db, tenant, query),
}));
