// OpenAPI operations for events, from the same zod shapes the routes validate with.
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { eventListSchema, eventPathSchema, eventSchema, listEventsQuerySchema } from "@/lib/schemas/event";
import { sdkOperation } from "../operation";

export const eventPaths: ZodOpenApiPathsObject = {
  "/api/public/sdk/v1/events": {
    get: sdkOperation({
      operationId: "listEvents",
      summary: "List events",
      description:
        "The application's events in the key's mode, newest first. Each event is what a webhook delivers in its envelope's `data`.",
      tags: ["Webhooks"],
      scope: "events:read",
      requestParams: { query: listEventsQuerySchema },
      success: { status: 200, description: "A page of events.", schema: eventListSchema },
    }),
  },
  "/api/public/sdk/v1/events/{id}": {
    get: sdkOperation({
      operationId: "getEvent",
      summary: "Retrieve an event",
      tags: ["Webhooks"],
      scope: "events:read",
      requestParams: { path: eventPathSchema },
      success: { status: 200, description: "The event.", schema: eventSchema },
      errors: ["event_not_found"],
    }),
  },
};
