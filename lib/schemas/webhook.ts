// Webhook shapes: deliveries and their attempts as the API returns them, the list query, and the
// envelope each event is sent in (documented in the OpenAPI `webhooks` section).
import { z } from "zod";
import { SCHEMA_VERSION } from "@/lib/version";
import { idempotentReplaySchema, livemodeSchema, timestampSchema } from "./common";
import { eventTypeSchema } from "./event";
import { listQuerySchema, listSchema } from "./pagination";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const webhookAttemptSchema = z
  .object({
    id: z.string().meta({ example: "wha_8hJ3kL5mN7pQ9rS2tV4wX6yZ" }),
    object: z.literal("webhook_attempt"),
    trigger: z.enum(["retry", "replay"]).meta({
      description: "retry: the automatic schedule (the first try included). replay: asked for through the API.",
    }),
    statusCode: z.number().int().nullable().meta({
      description: "The receiver's HTTP status; null when no answer came (timeout, refused connection or address).",
    }),
    latencyMs: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Milliseconds from the start of the attempt to the answer (or the failure)." }),
    responseExcerpt: z.string().nullable().meta({ description: "The first 2 KB of the receiver's answer." }),
    error: z
      .string()
      .nullable()
      .meta({ description: "Why the attempt got no answer, e.g. `timed out after 10000 ms`." }),
    requestHeaders: z.record(z.string(), z.string()).meta({ description: "The headers sent, signature included." }),
    requestBody: z.string().meta({ description: "The exact body sent (the signed bytes)." }),
    createdAt: timestampSchema,
  })
  .meta({ id: "WebhookAttempt" });

export const webhookDeliverySchema = z
  .object({
    id: z.string().meta({ example: "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS" }),
    object: z.literal("webhook_delivery"),
    eventId: z.string(),
    eventType: eventTypeSchema,
    endpointId: z.string(),
    url: z.string().meta({ description: "The endpoint's URL." }),
    status: z.enum(DELIVERY_STATUSES).meta({
      description:
        "pending: not delivered yet, retries scheduled. succeeded: a 2xx was received. failed: the retry schedule (about three days) ran out, or the endpoint was disabled.",
    }),
    attemptCount: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    nextAttemptAt: timestampSchema
      .nullable()
      .meta({ description: "When the next automatic retry is due; null when none is." }),
    lastAttempt: webhookAttemptSchema.nullable(),
    livemode: livemodeSchema,
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "WebhookDelivery" });

export const webhookDeliveryDetailSchema = webhookDeliverySchema
  .extend({ attempts: z.array(webhookAttemptSchema).meta({ description: "Every attempt, oldest first." }) })
  .meta({ id: "WebhookDeliveryDetail" });

export const replayResponseSchema = webhookDeliverySchema
  .extend({ idempotent_replay: idempotentReplaySchema })
  .meta({ id: "WebhookReplayResponse" });

export const listDeliveriesQuerySchema = listQuerySchema
  .extend({
    event: z.string().min(1).max(64).optional().meta({ description: "Only deliveries of this event id." }),
    type: eventTypeSchema.optional().meta({ description: "Only deliveries of events of this kind." }),
    status: z.enum(DELIVERY_STATUSES).optional().meta({ description: "Only deliveries in this state." }),
    endpoint: z.string().min(1).max(64).optional().meta({ description: "Only deliveries to this endpoint id." }),
  })
  .strict();

export const deliveryPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The delivery's id.", example: "whd_2bC4dE6fG8hJ0kL1mN3pQ5rS" }),
});

export const deliveryListSchema = listSchema(webhookDeliverySchema, "WebhookDeliveryList");

/** The envelope of one event kind, with its data shape, for the OpenAPI `webhooks` section. */
export function webhookEnvelopeSchema<T extends z.ZodType>(event: string, data: T, id: string) {
  return z
    .object({
      id: z.string().meta({
        description: "The event's id; the same on every attempt and replay, so receivers can drop duplicates.",
        example: "evt_4fG7hJ2kL9mN3pQ6rS8tV1wX",
      }),
      event: z.literal(event),
      schema_version: z
        .literal(SCHEMA_VERSION)
        .meta({ description: "Payload schema version; also in the x-service-schema-version header." }),
      sent_at: timestampSchema.meta({ description: "When this attempt was sent; fresh on every retry and replay." }),
      data,
    })
    .meta({ id });
}

export type WebhookAttemptRecord = z.output<typeof webhookAttemptSchema>;
export type WebhookDeliveryRecord = z.output<typeof webhookDeliverySchema>;
export type WebhookDeliveryDetail = z.output<typeof webhookDeliveryDetailSchema>;
export type ListDeliveriesQuery = z.output<typeof listDeliveriesQuerySchema>;
