// Event shapes: the event record the events API returns, and the list query.
import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { livemodeSchema, timestampSchema } from "./common";
import { listQuerySchema, listSchema } from "./pagination";

export const eventTypeSchema = z.enum(EVENT_TYPES).meta({ description: "The event kind.", example: "card.issued" });

export const eventSchema = z
  .object({
    id: z.string().meta({ example: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX" }),
    object: z.literal("event"),
    type: eventTypeSchema,
    data: z
      .record(z.string(), z.unknown())
      .meta({
        description:
          "The resource record as the API returned it when the event happened (wallet, card or authorization).",
      }),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "Event" });

export const listEventsQuerySchema = listQuerySchema
  .extend({ type: eventTypeSchema.optional().meta({ description: "Only events of this kind." }) })
  .strict();

export const eventPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The event's id.", example: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX" }),
});

export const eventListSchema = listSchema(eventSchema, "EventList");

export type EventRecord = z.output<typeof eventSchema>;
export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
