// The catalog of event kinds as GET /event-types answers it: each kind's meaning and the JSON Schema
// of its data, from lib/schemas/event-catalog.ts.
import { EVENT_CATALOG, eventDataJsonSchema, type EventTypeList } from "@/lib/schemas/event-catalog";
import { SCHEMA_VERSION } from "@/lib/version";
import { EVENT_TYPES } from "./record-event";

/** Every kind, in the order EVENT_TYPES lists them. */
export function listEventTypes(): EventTypeList {
  return {
    object: "list",
    schemaVersion: SCHEMA_VERSION,
    data: EVENT_TYPES.map((type) => ({
      object: "event_type" as const,
      type,
      summary: EVENT_CATALOG[type].summary,
      description: EVENT_CATALOG[type].description,
      schemaVersion: SCHEMA_VERSION,
      dataSchema: eventDataJsonSchema(type),
    })),
  };
}
