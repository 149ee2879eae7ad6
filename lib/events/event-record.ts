// The event record as the events API returns it.
import type { Event } from "@/lib/generated/prisma/client";
import type { EventRecord } from "@/lib/schemas/event";
import { EVENT_TYPES, type EventType } from "./record-event";

export function eventType(type: string): EventType {
  const known = EVENT_TYPES.find((t) => t === type);
  if (!known) throw new Error(`unknown event type ${type}`);
  return known;
}

/** The event's data as the object it was recorded as (JSON columns can hold any value). */
export function eventData(event: Pick<Event, "data">): Record<string, unknown> {
  return typeof event.data === "object" && event.data !== null && !Array.isArray(event.data) ? event.data : {};
}

export function eventRecord(event: Event): EventRecord {
  return {
    id: event.id,
    object: "event",
    type: eventType(event.type),
    sequence: event.sequence,
    data: eventData(event),
    livemode: event.livemode,
    createdAt: event.createdAt.toISOString(),
  };
}
