// Event shapes: the event record the events API returns, and the list query.
import { z } from "zod";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import {
  AUTHORIZATION_CAPTURED_EXAMPLE,
  AUTHORIZATION_PENDING_EXAMPLE,
  AUTHORIZATION_REFUNDED_EXAMPLE,
} from "./authorization";
import { CARD_EXAMPLE } from "./card";
import { livemodeSchema, timestampSchema } from "./common";
import { EXAMPLE_IDS, EXAMPLE_TIMES } from "./examples";
import { listQuerySchema, listSchema } from "./pagination";

export const eventTypeSchema = z.enum(EVENT_TYPES).meta({ description: "The event kind.", example: "card.issued" });

/**
 * Each story event's place among the events about Ada's wallet. Her top-up records no event, so it
 * takes no number; her declined spend does (card.declined). The last kinds come after the story.
 */
export const EXAMPLE_EVENT_SEQUENCES = {
  "wallet.provisioned": 1,
  "card.issued": 2,
  "card.authorized": 3,
  "card.captured": 4,
  "card.refunded": 5,
  "card.declined": 6,
  // The hotel's hold took 7 with its card.authorized.
  "card.reversed": 8,
  "card.updated": 9,
  "card.frozen": 10,
  "card.unfrozen": 11,
  "wallet.updated": 12,
  "card.canceled": 13,
  // Card network steps (docs/decisions/card-network.md), on later spends of the same wallet.
  "card.incremented": 14,
  "card.advised": 15,
  "card.force_posted": 16,
  "card.return_reversed": 17,
  // Ada's wallet paid by the application from its balance after the network steps.
  "transfer.created": 18,
  // About no wallet: the first of the application's own events in test mode.
  "top_up.created": 1,
  // Ada's payout to her bank: created, sent, paid, and (another story) failed, returned or canceled.
  "payout.created": 19,
  "payout.in_transit": 20,
  "payout.paid": 21,
  "payout.failed": 22,
  "payout.returned": 23,
  "payout.canceled": 24,
  // Later still: a hold that lapsed, then the wallet frozen, unfrozen and, emptied, closed.
  "card.expired": 25,
  "wallet.frozen": 26,
  "wallet.unfrozen": 27,
  "wallet.closed": 28,
  // The application's own operational events, after its top-up in its stream.
  "webhook_endpoint.disabled": 2,
  "decision_endpoint.failing": 3,
  "webhook_secret.rotated": 4,
} as const satisfies Record<EventType, number>;

/** The same field, with the same words, in the events API and in every webhook envelope. */
export const eventSequenceSchema = z.number().int().min(1).meta({
  description:
    "This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.",
  example: EXAMPLE_EVENT_SEQUENCES["card.issued"],
});

const eventShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.cardIssuedEvent }),
  object: z.literal("event"),
  type: eventTypeSchema,
  sequence: eventSequenceSchema,
  data: z.record(z.string(), z.unknown()).meta({
    description:
      "The resource record as the API returned it when the event happened (wallet, card, authorization, transfer, payout…), or for an operational event its ids, reason and times; GET /event-types has each kind's schema.",
  }),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
});

type EventExample = z.output<typeof eventShape>;

/** `card.issued` for Ada's card: its data is the card as issued. */
export const CARD_ISSUED_EVENT_EXAMPLE: EventExample = {
  id: EXAMPLE_IDS.cardIssuedEvent,
  object: "event",
  type: "card.issued",
  sequence: EXAMPLE_EVENT_SEQUENCES["card.issued"],
  data: CARD_EXAMPLE,
  livemode: false,
  createdAt: EXAMPLE_TIMES.cardIssued,
};

export const eventSchema = eventShape.meta({ id: "Event", example: CARD_ISSUED_EVENT_EXAMPLE });

export const listEventsQuerySchema = listQuerySchema
  .extend({
    type: eventTypeSchema.optional().meta({ description: "Only events of this kind." }),
    wallet: z.string().min(1).max(64).optional().meta({
      description:
        "Only events about this wallet (its id): with `sequence`, how a receiver finds the events it has not seen.",
      example: EXAMPLE_IDS.wallet,
    }),
  })
  .strict();

export const eventPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The event's id.", example: EXAMPLE_IDS.cardIssuedEvent }),
});

/** The three newest events, `?limit=3`: the coffee's refund, capture and hold; older ones follow. */
export const eventListSchema = listSchema(eventSchema, "EventList", {
  object: "list",
  data: [
    {
      id: EXAMPLE_IDS.cardRefundedEvent,
      object: "event",
      type: "card.refunded",
      sequence: EXAMPLE_EVENT_SEQUENCES["card.refunded"],
      data: AUTHORIZATION_REFUNDED_EXAMPLE,
      livemode: false,
      createdAt: EXAMPLE_TIMES.refunded,
    },
    {
      id: EXAMPLE_IDS.cardCapturedEvent,
      object: "event",
      type: "card.captured",
      sequence: EXAMPLE_EVENT_SEQUENCES["card.captured"],
      data: AUTHORIZATION_CAPTURED_EXAMPLE,
      livemode: false,
      createdAt: EXAMPLE_TIMES.captured,
    },
    {
      id: EXAMPLE_IDS.cardAuthorizedEvent,
      object: "event",
      type: "card.authorized",
      sequence: EXAMPLE_EVENT_SEQUENCES["card.authorized"],
      data: AUTHORIZATION_PENDING_EXAMPLE,
      livemode: false,
      createdAt: EXAMPLE_TIMES.authorized,
    },
  ],
  has_more: true,
  next_cursor: EXAMPLE_IDS.cardAuthorizedEvent,
});

export type EventRecord = z.output<typeof eventSchema>;
export type ListEventsQuery = z.output<typeof listEventsQuerySchema>;
