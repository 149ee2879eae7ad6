// Every event kind the service sends, the one table the other lists derive from
// (docs/decisions/operational-events.md): what it means, the zod schema of its `data`, and the
// example event the OpenAPI document's `webhooks` section shows (and the endpoint test sends for a
// kind it has no sample maker for). GET /event-types answers it with each schema as JSON Schema.
// A new kind is named in EVENT_TYPES and added here; the compiler insists on the rest.
import { z } from "zod";
import type { EventType } from "@/lib/events/record-event";
import { SCHEMA_VERSION } from "@/lib/version";
import {
  AUTHORIZATION_CAPTURED_EXAMPLE,
  AUTHORIZATION_DECLINED_EXAMPLE,
  AUTHORIZATION_PENDING_EXAMPLE,
  AUTHORIZATION_REFUNDED_EXAMPLE,
  AUTHORIZATION_REVERSED_EXAMPLE,
  authorizationSchema,
} from "./authorization";
import { CARD_EXAMPLE, cardSchema } from "./card";
import { eventTypeSchema } from "./event";
import { EXAMPLE_IDS, EXAMPLE_TIMES } from "./examples";
import {
  PAYOUT_EXAMPLE,
  payoutSchema,
  TOP_UP_EXAMPLE,
  TRANSFER_EVENT_EXAMPLE,
  topUpSchema,
  transferEventDataSchema,
} from "./money-movement";
import {
  DECISION_ENDPOINT_FAILING_EXAMPLE,
  decisionEndpointFailingSchema,
  WEBHOOK_ENDPOINT_DISABLED_EXAMPLE,
  WEBHOOK_SECRET_ROTATED_EXAMPLE,
  webhookEndpointDisabledSchema,
  webhookSecretRotatedSchema,
} from "./operational-event";
import { WALLET_EXAMPLE, WALLET_PROVISIONED_EXAMPLE, walletSchema } from "./wallet";

/** The example event of a kind: its id, when this attempt was sent, and its data. */
export type EventKindExample = { id: string; sent_at: string; data: Record<string, unknown> };

export type EventKindEntry = {
  /** One line, as the OpenAPI `webhooks` section's summary. */
  summary: string;
  description: string;
  data: z.ZodObject;
  example: EventKindExample;
};

/** An entry whose example the compiler checks against its own data schema. */
function kind<T extends z.ZodObject>(entry: {
  summary: string;
  description: string;
  data: T;
  example: { id: string; sent_at: string; data: z.output<T> };
}): EventKindEntry {
  return entry;
}

const IN_PAYOUT_SEQUENCE = "In the wallet's sequence, or the application's own stream for a payout from its balance.";
const OPERATIONAL = "About no wallet: numbered in the application's own stream.";

export const EVENT_CATALOG: { readonly [K in EventType]: EventKindEntry } = {
  "wallet.provisioned": kind({
    summary: "A wallet was issued",
    description: "A wallet was created. data is the wallet record, as GET /wallets/{externalUserId} returns it.",
    data: walletSchema,
    example: {
      id: EXAMPLE_IDS.walletProvisionedEvent,
      sent_at: "2026-10-01T08:30:00.412Z",
      data: WALLET_PROVISIONED_EXAMPLE,
    },
  }),
  "card.issued": kind({
    summary: "A card was issued",
    description: "A card was issued on a wallet. data is the card record, as POST /cards returns it.",
    data: cardSchema,
    example: { id: EXAMPLE_IDS.cardIssuedEvent, sent_at: EXAMPLE_TIMES.retryAttemptSent, data: CARD_EXAMPLE },
  }),
  "card.authorized": kind({
    summary: "A card spend was authorized (a hold)",
    description: "A spend was approved and its amount held. data is the authorization (status pending).",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardAuthorizedEvent,
      sent_at: "2026-10-03T12:14:27.538Z",
      data: AUTHORIZATION_PENDING_EXAMPLE,
    },
  }),
  "card.captured": kind({
    summary: "A merchant captured an authorization",
    description:
      "A hold was captured, in full or in part; the rest of it is released. data is the authorization after the capture.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardCapturedEvent,
      sent_at: "2026-10-03T12:20:05.291Z",
      data: AUTHORIZATION_CAPTURED_EXAMPLE,
    },
  }),
  "card.refunded": kind({
    summary: "An authorization was refunded",
    description: "A captured amount was refunded, in full or in part. data is the authorization after the refund.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardRefundedEvent,
      sent_at: "2026-10-04T09:02:45.377Z",
      data: AUTHORIZATION_REFUNDED_EXAMPLE,
    },
  }),
  "card.reversed": kind({
    summary: "A hold was reversed uncaptured",
    description:
      'A hold ended with nothing more to capture: reversed by the application, or by the card network\'s reversal (data.status "reversed", or "closed" once part of it was cleared). A hold that lapsed is card.expired. data is the authorization.',
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardReversedEvent,
      sent_at: "2026-10-06T18:45:10.344Z",
      data: AUTHORIZATION_REVERSED_EXAMPLE,
    },
  }),
  "card.expired": kind({
    summary: "A hold lapsed uncaptured",
    description:
      'A hold ended because it lapsed: the 7-day expiry, test mode\'s expire, or the card network\'s expiry message. What was still held is released. data is the authorization (status "expired", or "closed" once part of it was cleared). Before this kind was added a lapse was sent as card.reversed (see the migration guide on /webhooks/security).',
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardExpiredEvent,
      sent_at: "2026-10-10T12:14:27.611Z",
      data: { ...AUTHORIZATION_PENDING_EXAMPLE, status: "expired", updatedAt: EXAMPLE_TIMES.authorizationExpires },
    },
  }),
  "card.declined": kind({
    summary: "A card spend was declined",
    description:
      "A spend was refused and recorded as a declined authorization. data is the authorization: declineCode says why, decision.by who decided (card status, controls, funds, the application's decision endpoint, or its default).",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardDeclinedEvent,
      sent_at: "2026-10-05T10:12:00.118Z",
      data: AUTHORIZATION_DECLINED_EXAMPLE,
    },
  }),
  "card.frozen": kind({
    summary: "A card was frozen",
    description: "The card was frozen: its spends decline until it is unfrozen. data is the card (status frozen).",
    data: cardSchema,
    example: {
      id: EXAMPLE_IDS.cardFrozenEvent,
      sent_at: "2026-10-08T09:00:00.184Z",
      data: { ...CARD_EXAMPLE, status: "frozen" },
    },
  }),
  "card.unfrozen": kind({
    summary: "A card was unfrozen",
    description: "A frozen card was made active again. data is the card (status active).",
    data: cardSchema,
    example: { id: EXAMPLE_IDS.cardUnfrozenEvent, sent_at: "2026-10-08T17:30:00.097Z", data: CARD_EXAMPLE },
  }),
  "card.canceled": kind({
    summary: "A card was canceled",
    description:
      "The card was canceled for good (by the application, or because its wallet was closed); its open holds can still be captured. data is the card (status canceled).",
    data: cardSchema,
    example: {
      id: EXAMPLE_IDS.cardCanceledEvent,
      sent_at: "2026-10-20T12:00:00.151Z",
      data: { ...CARD_EXAMPLE, status: "canceled" },
    },
  }),
  "card.updated": kind({
    summary: "A card's controls were changed",
    description:
      "The card's spendLimit or spendingControls were set (POST /cards/{id}). data is the card after the change.",
    data: cardSchema,
    example: { id: EXAMPLE_IDS.cardUpdatedEvent, sent_at: "2026-10-07T09:00:00.210Z", data: CARD_EXAMPLE },
  }),
  "wallet.updated": kind({
    summary: "A wallet's controls were changed",
    description:
      "The wallet's spendingControls were set (POST /wallets/{externalUserId}). data is the wallet after the change.",
    data: walletSchema,
    example: { id: EXAMPLE_IDS.walletUpdatedEvent, sent_at: "2026-10-10T08:00:00.233Z", data: WALLET_EXAMPLE },
  }),
  "wallet.frozen": kind({
    summary: "A wallet was frozen",
    description:
      "The wallet was frozen (POST /wallets/{externalUserId}/freeze): its cards decline, it cannot send transfers or pay out, and it can still receive. data is the wallet (status frozen).",
    data: walletSchema,
    example: {
      id: EXAMPLE_IDS.walletFrozenEvent,
      sent_at: "2026-11-22T09:00:00.120Z",
      data: { ...WALLET_EXAMPLE, status: "frozen" },
    },
  }),
  "wallet.unfrozen": kind({
    summary: "A wallet was unfrozen",
    description: "A frozen wallet was made active again. data is the wallet (status active).",
    data: walletSchema,
    example: { id: EXAMPLE_IDS.walletUnfrozenEvent, sent_at: "2026-11-22T17:00:00.305Z", data: WALLET_EXAMPLE },
  }),
  "wallet.closed": kind({
    summary: "A wallet was closed",
    description:
      "The wallet was closed for good, empty (POST /wallets/{externalUserId}/close); its active and frozen cards were canceled first, each with its card.canceled. data is the wallet (status closed).",
    data: walletSchema,
    example: {
      id: EXAMPLE_IDS.walletClosedEvent,
      sent_at: "2026-11-30T10:00:00.211Z",
      data: { ...WALLET_EXAMPLE, balance: { available: 0, posted: 0 }, status: "closed" },
    },
  }),
  "card.incremented": kind({
    summary: "The card network raised a hold (an incremental authorization, e.g. a hotel or fuel)",
    description:
      "An incremental authorization raised a pending hold by its amount. data is the authorization after it.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardAuthorizedEvent,
      sent_at: "2026-10-03T12:15:27.538Z",
      data: AUTHORIZATION_PENDING_EXAMPLE,
    },
  }),
  "card.advised": kind({
    summary: "The card network's stand-in approved a spend while we did not answer (an advice)",
    description:
      "An advice placed a hold the network's stand-in approved: never refused, it may overdraw controls and funds (decision.by stand_in). data is the authorization.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardAuthorizedEvent,
      sent_at: "2026-10-03T12:16:27.538Z",
      data: AUTHORIZATION_PENDING_EXAMPLE,
    },
  }),
  "card.force_posted": kind({
    summary: "The card network cleared a spend with no authorization (a force post)",
    description: "A clearing with no authorization was posted, even below zero. data is the authorization it made.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardCapturedEvent,
      sent_at: "2026-10-03T12:21:05.291Z",
      data: AUTHORIZATION_CAPTURED_EXAMPLE,
    },
  }),
  "card.return_reversed": kind({
    summary: "The card network took back a merchant credit (a return reversal)",
    description: "A return reversal debited a refund back. data is the authorization after it.",
    data: authorizationSchema,
    example: {
      id: EXAMPLE_IDS.cardRefundedEvent,
      sent_at: "2026-10-04T09:03:45.377Z",
      data: AUTHORIZATION_REFUNDED_EXAMPLE,
    },
  }),
  "top_up.created": kind({
    summary: "Money was added to the application's balance",
    description:
      "A top-up credited the application's balance (test: POST /test/top-ups; live: a bank deposit the operator recorded). data is the top-up. About no wallet: numbered in the application's own stream.",
    data: topUpSchema,
    example: { id: "evt_TopUp0Created0Example01", sent_at: "2026-11-21T09:30:00.512Z", data: TOP_UP_EXAMPLE },
  }),
  "transfer.created": kind({
    summary: "Money moved between the application's balance and a wallet, or between two wallets",
    description:
      "A transfer posted both its sides. One event per wallet it touches, each in that wallet's sequence; data is the transfer plus walletId, the wallet whose sequence this copy takes.",
    data: transferEventDataSchema,
    example: { id: "evt_Transfer0Created0Exampl", sent_at: "2026-11-21T09:31:00.204Z", data: TRANSFER_EVENT_EXAMPLE },
  }),
  "payout.created": kind({
    summary: "A payout was created: the amount held, on its way to the rail",
    description: `Created pending: its amount is held (available dropped, posted unchanged) and it is queued for the payout rail. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: { id: "evt_Payout0Example000000000", sent_at: "2026-11-21T10:00:00.000Z", data: PAYOUT_EXAMPLE },
  }),
  "payout.in_transit": kind({
    summary: "A payout was sent by the rail",
    description: `The rail sent the payout to the bank; the amount stays held. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: {
      id: "evt_Payout0Example000000001",
      sent_at: "2026-11-21T10:00:00.000Z",
      data: { ...PAYOUT_EXAMPLE, status: "in_transit" },
    },
  }),
  "payout.paid": kind({
    summary: "A payout was paid",
    description: `The payout was paid: the hold released and the amount posted out of the wallet or balance. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: {
      id: "evt_Payout0Example000000002",
      sent_at: "2026-11-21T10:00:00.000Z",
      data: { ...PAYOUT_EXAMPLE, status: "paid" },
    },
  }),
  "payout.failed": kind({
    summary: "A payout failed",
    description: `The payout failed before it was paid (failureReason says why): its hold is released, nothing posted. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: {
      id: "evt_Payout0Example000000003",
      sent_at: "2026-11-21T10:00:00.000Z",
      data: { ...PAYOUT_EXAMPLE, status: "failed" },
    },
  }),
  "payout.returned": kind({
    summary: "A paid payout came back",
    description: `The bank returned a paid payout (failureReason says why): the amount is credited back. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: {
      id: "evt_Payout0Example000000004",
      sent_at: "2026-11-21T10:00:00.000Z",
      data: { ...PAYOUT_EXAMPLE, status: "returned" },
    },
  }),
  "payout.canceled": kind({
    summary: "A payout was canceled",
    description: `The application canceled a pending payout: its hold is released, nothing posted. data is the payout. ${IN_PAYOUT_SEQUENCE}`,
    data: payoutSchema,
    example: {
      id: "evt_Payout0Example000000005",
      sent_at: "2026-11-21T10:00:00.000Z",
      data: { ...PAYOUT_EXAMPLE, status: "canceled" },
    },
  }),
  "webhook_endpoint.disabled": kind({
    summary: "A webhook endpoint was disabled after failing",
    description: `The delivery engine disabled an endpoint after days of failures with no success (the same moment the disabled-endpoint mail is sent); its deliveries wait, pending, until it is enabled again. Sent to the application's other subscribed endpoints. data is the endpoint's id, the reason and the times. ${OPERATIONAL}`,
    data: webhookEndpointDisabledSchema,
    example: {
      id: EXAMPLE_IDS.endpointDisabledEvent,
      sent_at: "2026-11-21T09:00:12.480Z",
      data: WEBHOOK_ENDPOINT_DISABLED_EXAMPLE,
    },
  }),
  "decision_endpoint.failing": kind({
    summary: "The authorization decision endpoint is failing",
    description: `Calls to the application's decision endpoint failed or timed out several times in a row, so spends got its defaultAction. At most once an hour per endpoint. data is the endpoint's id, the latest reason and the streak. ${OPERATIONAL}`,
    data: decisionEndpointFailingSchema,
    example: {
      id: EXAMPLE_IDS.decisionEndpointFailingEvent,
      sent_at: "2026-11-21T09:10:07.316Z",
      data: DECISION_ENDPOINT_FAILING_EXAMPLE,
    },
  }),
  "webhook_secret.rotated": kind({
    summary: "A new webhook signing secret took over",
    description: `A rolled signing secret started signing: a scheduled take-over came due, or a roll or activation took effect at once. This event is itself signed with the new secret. data is the secret's id (never the secret), the one it replaced and when. ${OPERATIONAL}`,
    data: webhookSecretRotatedSchema,
    example: {
      id: EXAMPLE_IDS.secretRotatedEvent,
      sent_at: "2026-11-22T09:00:01.077Z",
      data: WEBHOOK_SECRET_ROTATED_EXAMPLE,
    },
  }),
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
