// Webhook shapes: deliveries and their attempts as the API returns them, the list query, and the
// envelope each event is sent in (documented in the OpenAPI `webhooks` section).
import { z } from "zod";
import { SCHEMA_VERSION } from "@/lib/version";
import { CARD_EXAMPLE } from "./card";
import { idempotentReplaySchema, livemodeSchema, timestampSchema, withExample } from "./common";
import { EXAMPLE_EVENT_SEQUENCES, eventSequenceSchema, eventTypeSchema } from "./event";
import { signStandard } from "@/lib/webhooks/verify";
import { EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_WEBHOOK_SECRET, EXAMPLE_WEBHOOK_URL } from "./examples";
import { listQuerySchema, listSchema } from "./pagination";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed", "abandoned"] as const;

/**
 * The `card.issued` envelope of the example delivery as each attempt sent it, serialized as the
 * sender does; the signatures below are over these exact bytes with EXAMPLE_WEBHOOK_SECRET
 * (tests/unit/openapi-examples.test.ts rebuilds both attempts with the real signer).
 */
function exampleAttemptBody(sentAt: string): string {
  return JSON.stringify({
    id: EXAMPLE_IDS.cardIssuedEvent,
    event: "card.issued",
    schema_version: SCHEMA_VERSION,
    sent_at: sentAt,
    sequence: EXAMPLE_EVENT_SEQUENCES["card.issued"],
    data: CARD_EXAMPLE,
  });
}

/**
 * `signature` is x-service-signature's, pinned here; the Standard Webhooks one is computed from the
 * body (node:crypto only), so a change to the example card touches one pinned value, not two.
 */
function exampleAttemptHeaders(signature: string, sentAt: string): Record<string, string> {
  const timestamp = Math.floor(Date.parse(sentAt) / 1000);
  return {
    "content-type": "application/json",
    "user-agent": `wallet-card-service-webhooks/${SCHEMA_VERSION}`,
    "x-service-signature": signature,
    "x-service-schema-version": SCHEMA_VERSION,
    "x-service-event-id": EXAMPLE_IDS.cardIssuedEvent,
    "x-service-delivery-id": EXAMPLE_IDS.delivery,
    "webhook-id": EXAMPLE_IDS.cardIssuedEvent,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signStandard(
      EXAMPLE_IDS.cardIssuedEvent,
      timestamp,
      exampleAttemptBody(sentAt),
      EXAMPLE_WEBHOOK_SECRET,
    ),
  };
}

const webhookAttemptShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.retryAttempt }),
  object: z.literal("webhook_attempt"),
  trigger: z.enum(["retry", "replay"]).meta({
    description: "retry: the automatic schedule (the first try included). replay: asked for through the API.",
  }),
  statusCode: z.number().int().nullable().meta({
    description: "The receiver's HTTP status; null when no answer came (timeout, refused connection or address).",
    example: 200,
  }),
  latencyMs: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Milliseconds from the start of the attempt to the answer (or the failure).", example: 87 }),
  responseExcerpt: z.string().nullable().meta({
    description:
      "The first 256 bytes of the receiver's answer; null when none came or the address was refused (nothing was sent).",
    example: '{"received":true}',
  }),
  error: z.string().nullable().meta({ description: "Why the attempt got no answer, e.g. `timed out after 10000 ms`." }),
  requestHeaders: z.record(z.string(), z.string()).meta({ description: "The headers sent, signature included." }),
  requestBody: z.string().nullable().meta({
    description: "The exact body sent (the signed bytes); null once dropped by retention, 30 days after the attempt.",
  }),
  createdAt: timestampSchema,
});

type AttemptExample = z.output<typeof webhookAttemptShape>;

/** The first try: the receiver did not answer within 10 seconds. */
export const FIRST_ATTEMPT_EXAMPLE: AttemptExample = {
  id: EXAMPLE_IDS.firstAttempt,
  object: "webhook_attempt",
  trigger: "retry",
  statusCode: null,
  latencyMs: 10000,
  responseExcerpt: null,
  error: "timed out after 10000 ms",
  requestHeaders: exampleAttemptHeaders(
    "f1ed7adbe10de7c54365ac0735ceeabbfa97a6fc6b0a1fabc976f84e402db642",
    EXAMPLE_TIMES.firstAttemptSent,
  ),
  requestBody: exampleAttemptBody(EXAMPLE_TIMES.firstAttemptSent),
  createdAt: EXAMPLE_TIMES.firstAttemptSent,
};

/** The scheduled retry about a minute later, with a fresh sent_at and signature: answered 200. */
export const RETRY_ATTEMPT_EXAMPLE: AttemptExample = {
  id: EXAMPLE_IDS.retryAttempt,
  object: "webhook_attempt",
  trigger: "retry",
  statusCode: 200,
  latencyMs: 87,
  responseExcerpt: '{"received":true}',
  error: null,
  requestHeaders: exampleAttemptHeaders(
    "3d543200902b68b9fb9ad0757bdf1e8261e6fe5f83cbc8f7beab9f769a96d455",
    EXAMPLE_TIMES.retryAttemptSent,
  ),
  requestBody: exampleAttemptBody(EXAMPLE_TIMES.retryAttemptSent),
  createdAt: EXAMPLE_TIMES.retryAttemptSent,
};

export const webhookAttemptSchema = webhookAttemptShape.meta({ id: "WebhookAttempt", example: RETRY_ATTEMPT_EXAMPLE });

const webhookDeliveryShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.delivery }),
  object: z.literal("webhook_delivery"),
  eventId: z.string().meta({ example: EXAMPLE_IDS.cardIssuedEvent }),
  eventType: eventTypeSchema,
  endpointId: z.string().meta({ example: EXAMPLE_IDS.endpoint }),
  url: z.string().meta({ description: "The endpoint's URL.", example: EXAMPLE_WEBHOOK_URL }),
  status: z.enum(DELIVERY_STATUSES).meta({
    description:
      "pending: not delivered yet; retries scheduled, or waiting for its endpoint to be enabled again (nextAttemptAt null). succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or its endpoint was deleted before it was delivered. abandoned: the receiver answered 410 Gone, asking for no more tries of it (abandonReason says so); a replay or recovery may still send it.",
  }),
  abandonReason: z.string().nullable().meta({
    description: "Why the delivery was abandoned (status abandoned); null otherwise.",
    example: null,
  }),
  attemptCount: z.number().int().meta({ example: 2 }),
  lastStatusCode: z.number().int().nullable().meta({ example: 200 }),
  nextAttemptAt: timestampSchema
    .nullable()
    .meta({ description: "When the next automatic retry is due; null when none is." }),
  lastAttempt: webhookAttemptSchema.nullable(),
  livemode: livemodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

/** `card.issued` to the shop's endpoint: the first try timed out, the retry succeeded. */
export const DELIVERY_EXAMPLE: z.output<typeof webhookDeliveryShape> = {
  id: EXAMPLE_IDS.delivery,
  object: "webhook_delivery",
  eventId: EXAMPLE_IDS.cardIssuedEvent,
  eventType: "card.issued",
  endpointId: EXAMPLE_IDS.endpoint,
  url: EXAMPLE_WEBHOOK_URL,
  status: "succeeded",
  abandonReason: null,
  attemptCount: 2,
  lastStatusCode: 200,
  nextAttemptAt: null,
  lastAttempt: RETRY_ATTEMPT_EXAMPLE,
  livemode: false,
  createdAt: EXAMPLE_TIMES.cardIssued,
  updatedAt: EXAMPLE_TIMES.retryAttemptAnswered,
};

export const webhookDeliverySchema = webhookDeliveryShape.meta({ id: "WebhookDelivery", example: DELIVERY_EXAMPLE });

export const webhookDeliveryDetailSchema = withExample(
  webhookDeliveryShape.extend({
    attempts: z.array(webhookAttemptSchema).meta({ description: "Every attempt, oldest first." }),
  }),
  {
    id: "WebhookDeliveryDetail",
    example: { ...DELIVERY_EXAMPLE, attempts: [FIRST_ATTEMPT_EXAMPLE, RETRY_ATTEMPT_EXAMPLE] },
  },
);

export const replayResponseSchema = withExample(
  webhookDeliveryShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "WebhookReplayResponse", example: { ...DELIVERY_EXAMPLE, idempotent_replay: false } },
);

export const listDeliveriesQuerySchema = listQuerySchema
  .extend({
    event: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Only deliveries of this event id.", example: EXAMPLE_IDS.cardIssuedEvent }),
    type: eventTypeSchema.optional().meta({ description: "Only deliveries of events of this kind." }),
    status: z.enum(DELIVERY_STATUSES).optional().meta({ description: "Only deliveries in this state." }),
    endpoint: z
      .string()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Only deliveries to this endpoint id.", example: EXAMPLE_IDS.endpoint }),
  })
  .strict();

export const deliveryPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The delivery's id.", example: EXAMPLE_IDS.delivery }),
});

export const deliveryListSchema = listSchema(webhookDeliverySchema, "WebhookDeliveryList", {
  object: "list",
  data: [DELIVERY_EXAMPLE],
  has_more: false,
  next_cursor: null,
});

/** The envelope of one event kind, with its data shape and an example, for the OpenAPI `webhooks` section. */
export function webhookEnvelopeSchema<T extends z.ZodType>(
  event: string,
  data: T,
  id: string,
  example: { id: string; sent_at: string; sequence: number; data: z.output<T> },
) {
  return z
    .object({
      id: z.string().meta({
        description: "The event's id; the same on every attempt and replay, so receivers can drop duplicates.",
        example: example.id,
      }),
      event: z.literal(event),
      schema_version: z
        .literal(SCHEMA_VERSION)
        .meta({ description: "Payload schema version; also in the x-service-schema-version header." }),
      sent_at: timestampSchema.meta({ description: "When this attempt was sent; fresh on every retry and replay." }),
      sequence: eventSequenceSchema.meta({ example: example.sequence }),
      data,
    })
    .meta({
      id,
      // In the order the sender writes the keys, so this example serialized is a body as sent.
      example: {
        id: example.id,
        event,
        schema_version: SCHEMA_VERSION,
        sent_at: example.sent_at,
        sequence: example.sequence,
        data: example.data,
      },
    });
}

export type WebhookAttemptRecord = z.output<typeof webhookAttemptSchema>;
export type WebhookDeliveryRecord = z.output<typeof webhookDeliverySchema>;
export type WebhookDeliveryDetail = z.output<typeof webhookDeliveryDetailSchema>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;
