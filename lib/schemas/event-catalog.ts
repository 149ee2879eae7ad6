// Every event kind the service sends: what it means, the zod schema of its `data` (the same the
// OpenAPI document's `webhooks` section uses), and whose sequence it takes. GET /event-types answers
// it with each schema as JSON Schema; a new kind is added here, and the compiler insists.
import { z } from "zod";
import type { EventType } from "@/lib/events/record-event";
import { SCHEMA_VERSION } from "@/lib/version";
import { authorizationSchema } from "./authorization";
import { cardSchema } from "./card";
import { eventTypeSchema } from "./event";
import { payoutSchema, topUpSchema, transferEventDataSchema } from "./money-movement";
import { walletSchema } from "./wallet";

export type EventKindEntry = {
  /** One line, as the OpenAPI `webhooks` section's summary. */
  summary: string;
  description: string;
  data: z.ZodType;
};

export const EVENT_CATALOG: { readonly [K in EventType]: EventKindEntry } = {
  "wallet.provisioned": {
    summary: "A wallet was issued",
    description: "A wallet was created. data is the wallet record, as GET /wallets/{externalUserId} returns it.",
    data: walletSchema,
  },
  "card.issued": {
    summary: "A card was issued",
    description: "A card was issued on a wallet. data is the card record, as POST /cards returns it.",
    data: cardSchema,
  },
  "card.authorized": {
    summary: "A card spend was authorized (a hold)",
    description: "A spend was approved and its amount held. data is the authorization (status pending).",
    data: authorizationSchema,
  },
  "card.captured": {
    summary: "A merchant captured an authorization",
    description:
      "A hold was captured, in full or in part; the rest of it is released. data is the authorization after the capture.",
    data: authorizationSchema,
  },
  "card.refunded": {
    summary: "An authorization was refunded",
    description: "A captured amount was refunded, in full or in part. data is the authorization after the refund.",
    data: authorizationSchema,
  },
  "card.reversed": {
    summary: "A hold ended uncaptured: reversed by the application, or expired",
    description:
      'A hold ended with nothing captured: reversed by the application (data.status "reversed") or lapsed (data.status "expired"). data is the authorization.',
    data: authorizationSchema,
  },
  "card.incremented": {
    summary: "The card network raised a hold (an incremental authorization, e.g. a hotel or fuel)",
    description:
      "An incremental authorization raised a pending hold by its amount. data is the authorization after it.",
    data: authorizationSchema,
  },
  "card.advised": {
    summary: "The card network's stand-in approved a spend while we did not answer (an advice)",
    description:
      "An advice placed a hold the network's stand-in approved: never refused, it may overdraw controls and funds (decision.by stand_in). data is the authorization.",
    data: authorizationSchema,
  },
  "card.force_posted": {
    summary: "The card network cleared a spend with no authorization (a force post)",
    description: "A clearing with no authorization was posted, even below zero. data is the authorization it made.",
    data: authorizationSchema,
  },
  "card.return_reversed": {
    summary: "The card network took back a merchant credit (a return reversal)",
    description: "A return reversal debited a refund back. data is the authorization after it.",
    data: authorizationSchema,
  },
  "top_up.created": {
    summary: "Money was added to the application's balance",
    description:
      "A top-up credited the application's balance (test: POST /test/top-ups; live: a bank deposit the operator recorded). data is the top-up. About no wallet: numbered in the application's own stream.",
    data: topUpSchema,
  },
  "transfer.created": {
    summary: "Money moved between the application's balance and a wallet, or between two wallets",
    description:
      "A transfer posted both its sides. One event per wallet it touches, each in that wallet's sequence; data is the transfer plus walletId, the wallet whose sequence this copy takes.",
    data: transferEventDataSchema,
  },
  "payout.created": {
    summary: "A payout was created: the amount held, on its way to the rail",
    description:
      "Created pending: its amount is held (available dropped, posted unchanged) and it is queued for the payout rail. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
  "payout.in_transit": {
    summary: "A payout was sent by the rail",
    description:
      "The rail sent the payout to the bank; the amount stays held. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
  "payout.paid": {
    summary: "A payout was paid",
    description:
      "The payout was paid: the hold released and the amount posted out of the wallet or balance. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
  "payout.failed": {
    summary: "A payout failed",
    description:
      "The payout failed before it was paid (failureReason says why): its hold is released, nothing posted. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
  "payout.returned": {
    summary: "A paid payout came back",
    description:
      "The bank returned a paid payout (failureReason says why): the amount is credited back. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
  "payout.canceled": {
    summary: "A payout was canceled",
    description:
      "The application canceled a pending payout: its hold is released, nothing posted. data is the payout. In the wallet's sequence, or the application's own stream for a payout from its balance.",
    data: payoutSchema,
  },
};

/** The kind's `data` as JSON Schema (draft 2020-12), as the answer carries it. */
export function eventDataJsonSchema(type: EventType): Record<string, unknown> {
  return z.toJSONSchema(EVENT_CATALOG[type].data, { io: "output", unrepresentable: "any", target: "draft-2020-12" });
}

const eventTypeEntrySchema = z.object({
  object: z.literal("event_type"),
  type: eventTypeSchema,
  summary: z.string().meta({ example: EVENT_CATALOG["card.issued"].summary }),
  description: z.string().meta({ example: EVENT_CATALOG["card.issued"].description }),
  schemaVersion: z.string().meta({
    description: "The payload schema version this kind's data is sent in (x-service-schema-version).",
    example: SCHEMA_VERSION,
  }),
  dataSchema: z.record(z.string(), z.unknown()).meta({
    description:
      "The JSON Schema (draft 2020-12) of the envelope's `data` for this kind, generated from the same schema as the OpenAPI document.",
  }),
});

export const eventTypeListSchema = z
  .object({
    object: z.literal("list"),
    schemaVersion: z.string().meta({ description: "The current payload schema version.", example: SCHEMA_VERSION }),
    data: z.array(eventTypeEntrySchema),
  })
  .meta({
    id: "EventTypeList",
    example: {
      object: "list",
      schemaVersion: SCHEMA_VERSION,
      data: [
        {
          object: "event_type",
          type: "card.issued",
          summary: EVENT_CATALOG["card.issued"].summary,
          description: EVENT_CATALOG["card.issued"].description,
          schemaVersion: SCHEMA_VERSION,
          dataSchema: { type: "object", properties: { id: { type: "string" } } },
        },
      ],
    },
  });

export type EventTypeList = z.output<typeof eventTypeListSchema>;
