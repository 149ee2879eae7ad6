// Event operations: the event log, one event, and the catalog of event kinds.
import { eventTypeListSchema } from "@/lib/schemas/event-catalog";
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

export const listEventTypesOperation = defineOperation({
  operationId: "listEventTypes",
  method: "GET",
  path: "/api/public/sdk/v1/event-types",
  surface: "sdk",
  summary: "List the event kinds",
  description:
    "Every kind of event the service sends, with what it means, the JSON Schema of its `data` (generated from the same " +
    "schemas as this document's `webhooks` section) and the payload schema version. Endpoints subscribe by these names. " +
    "Any key with `webhooks:read`, `events:read` or `webhooks:write` reads it.",
  tags: ["Webhooks"],
  scope: "webhooks:read",
  success: { status: 200, description: "Every kind.", schema: eventTypeListSchema },
});
