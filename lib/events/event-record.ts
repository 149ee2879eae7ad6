// The event record as the events API returns it.
import type { Event } from "@/lib/generated/prisma/client";
import type { EventRecord } from "@/lib/schemas/event";
import { EVENT_TYPES, type EventType } from "./record-event";

export function eventType(type: string): EventType {
  const known = EVENT_TYPES.find((t) => t === type);
  if (!known) throw new Error(`unknown event type ${type}`);
  return known;
}

export function eventRecord(event: Event): EventRecord {
  const data = typeof event.data === "object" && event.data !== null && !Array.isArray(event.data) ? event.data : {};
  return {
    id: event.id,
    object: "event",
    type: eventType(event.type),
    data,
    livemode: event.livemode,
    createdAt: event.createdAt.toISOString(),
  };
}
