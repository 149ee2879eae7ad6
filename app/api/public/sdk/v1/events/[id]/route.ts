// GET /api/public/sdk/v1/events/{id}: one event.
import { getEvent } from "@/lib/events/list-events";
import { sdkRoute } from "@/lib/http/sdk-route";
import { eventPathSchema } from "@/lib/schemas/event";

export const GET = sdkRoute({ scope: "events:read", params: eventPathSchema }, async ({ tenant, params, db }) => ({
  body: await getEvent(db, tenant, params.id),
}));
