// Event operations: the event log and one event.
import { eventListSchema, eventPathSchema, eventSchema, listEventsQuerySchema } from "@/lib/schemas/event";
import { defineOperation } from "./define";

export const listEventsOperation = defineOperation({
  operationId: "listEvents",
  method: "GET",
  path: "/api/public/sdk/v1/events",
  surface: "sdk",
  summary: "List events",
  description:
    "The application's events in the key's mode, newest first. Each event is what a webhook delivers in its envelope's `data`. Test events sent from the console's *Send test event* (sample data about no real wallet) are left out of this list; each is still found by its id.",
  tags: ["Webhooks"],
  scope: "events:read",
  query: listEventsQuerySchema,
  success: { status: 200, description: "A page of events.", schema: eventListSchema },
});

export const getEventOperation = defineOperation({
  operationId: "getEvent",
  method: "GET",
  path: "/api/public/sdk/v1/events/{id}",
  surface: "sdk",
  summary: "Retrieve an event",
  tags: ["Webhooks"],
  scope: "events:read",
  params: eventPathSchema,
  success: { status: 200, description: "The event.", schema: eventSchema },
  errors: ["event_not_found"],
});
