// GET /api/public/sdk/v1/event-types: every event kind, with its description and the JSON Schema of its data.
import { routeMethods } from "@/lib/http/route-methods";
import { sdkRoute } from "@/lib/http/sdk-route";
import { listEventTypesOperation } from "@/lib/operations";
import { listEventTypes } from "@/lib/events/list-event-types";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  sdkRoute(listEventTypesOperation, async () => ({ body: listEventTypes() })),
);
