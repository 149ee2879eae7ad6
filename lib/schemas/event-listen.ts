// The listen feed's query and answer (GET /events/listen): the application's test-mode events after
// a cursor, for `listen` to forward to a local server (docs/decisions/webhook-listen.md).
import { z } from "zod";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { SCHEMA_VERSION } from "@/lib/version";
import { CARD_ISSUED_EVENT_EXAMPLE, eventSchema } from "./event";

/** A cursor: the recording transaction's id and the event's id, `<txid>.<eventId>`. */
const CURSOR = /^\d{1,20}\.[A-Za-z0-9_~]{1,64}$/;

export const LISTEN_MAX_WAIT_SECONDS = 2;

export const listenQuerySchema = z
  .object({
    after: z.string().regex(CURSOR, "not a cursor from an earlier answer").optional().meta({
      description:
        "The `cursor` of the previous answer: events after it. Absent: none of the events so far, only the cursor to start from.",
      example: "48213.evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
    }),
    types: z
      .string()
      .max(2000)
      .refine((value) => value.split(",").every((t) => (EVENT_TYPES as readonly string[]).includes(t.trim())), {
        message: `a comma-separated list of event kinds (${EVENT_TYPES.join(", ")})`,
      })
      .optional()
      .meta({ description: "Only these kinds, comma-separated.", example: "card.captured,card.refunded" }),
    wait: z.coerce.number().int().min(0).max(LISTEN_MAX_WAIT_SECONDS).default(LISTEN_MAX_WAIT_SECONDS).meta({
      description: `Seconds to wait for an event when there is none yet (0 to ${LISTEN_MAX_WAIT_SECONDS}): a long poll.`,
    }),
  })
  .strict();

export const listenPageSchema = z
  .object({
    object: z.literal("list"),
    data: z.array(eventSchema).meta({ description: "Events after `after`, oldest first, at most 100." }),
    cursor: z.string().meta({
      description: "Pass as `after` to get the events after these; the same cursor again if there were none.",
      example: "48213.evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
    }),
    has_more: z.boolean().meta({ description: "true: more events are ready; ask again at once." }),
    schemaVersion: z.string().meta({
      description: "The payload schema version a delivery of these events carries.",
      example: SCHEMA_VERSION,
    }),
  })
  .meta({
    id: "ListenPage",
    example: {
      object: "list",
      data: [CARD_ISSUED_EVENT_EXAMPLE],
      cursor: "48213.evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
      has_more: false,
      schemaVersion: SCHEMA_VERSION,
    },
  });

export type ListenQuery = z.output<typeof listenQuerySchema>;
export type ListenPage = z.output<typeof listenPageSchema>;
