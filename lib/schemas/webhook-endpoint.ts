// Webhook endpoints as the API returns them, with their health as the delivery engine keeps it
// (docs/decisions/endpoint-health.md); the state descriptions are worded from the engine's policy.
import { z } from "zod";
import { HEALTH_POLICY, type EndpointHealthState } from "@/lib/webhooks/endpoint-health";
import { ACTIVATION_DELAYS, type ActivationDelay } from "@/lib/webhooks/signing-secrets";
import { idempotentReplaySchema, livemodeSchema, timestampSchema, withExample } from "./common";
import { eventTypeSchema } from "./event";
import { EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_WEBHOOK_SECRET, EXAMPLE_WEBHOOK_URL } from "./examples";
import { listQuerySchema, listSchema } from "./pagination";

export const ENDPOINT_HEALTH_STATES = [
  "healthy",
  "failing",
  "backing_off",
  "disabled",
] as const satisfies readonly EndpointHealthState[];

const seconds = HEALTH_POLICY.backOffBaseMs / 1000;
const hours = HEALTH_POLICY.backOffMaxMs / 3_600_000;
const days = HEALTH_POLICY.disableAfterMs / 86_400_000;

const STATE_DESCRIPTION =
  "healthy: no failure since the last success. " +
  "failing: a failure streak has begun (`consecutiveFailures` since `failingSince`); deliveries keep being retried on their schedule. " +
  `backing_off: after ${HEALTH_POLICY.backOffAfterFailures} consecutive failures the endpoint is sent one probe delivery at a time, ` +
  `after a back-off that doubles from ${seconds} s to ${hours} h, until one succeeds; the other deliveries wait meanwhile, none is lost. ` +
  `disabled: nothing is sent; disabled by the merchant, or automatically after ${days} days of failures with no success ` +
  "(`disabledAt` and `disabledReason` say when and why). Re-enabling the endpoint resumes its pending deliveries.";

/** The example endpoint's story beside EXAMPLE_TIMES: registered before the wallet; the first try timed out 10 s after it was sent. */
const ENDPOINT_TIMES = {
  registered: "2026-09-30T16:20:00.000Z",
  firstAttemptFailed: "2026-10-01T08:41:14.000Z",
} as const;

const nullableTime = (description: string) => timestampSchema.nullable().meta({ description });

const endpointHealthShape = z.object({
  state: z.enum(ENDPOINT_HEALTH_STATES).meta({ description: STATE_DESCRIPTION, example: "healthy" }),
  consecutiveFailures: z
    .number()
    .int()
    .meta({ description: "Failed attempts in a row since the last success; 0 when healthy.", example: 0 }),
  failingSince: nullableTime("When the current failure streak began; null when there is none."),
  lastSuccessAt: nullableTime("When a delivery to the endpoint last succeeded; null if none has."),
  lastFailureAt: nullableTime("When an attempt to the endpoint last failed; null if none has."),
  lastFailureReason: z.string().nullable().meta({
    description: "Why that attempt failed, e.g. `HTTP 503` or `timed out after 10000 ms`.",
    example: "timed out after 10000 ms",
  }),
  backoffUntil: nullableTime(
    "While backing off: no delivery is sent before this time, then one probe at a time; null otherwise.",
  ),
  disabledAt: nullableTime("When the endpoint was disabled; null while it is enabled."),
  disabledReason: z.string().nullable().meta({
    description:
      "Who or what disabled it and why: the merchant, or the engine after days of failures (with the last error).",
  }),
});

/** The example endpoint received the `card.issued` delivery: its first try timed out, the retry succeeded. */
const HEALTH_EXAMPLE: z.output<typeof endpointHealthShape> = {
  state: "healthy",
  consecutiveFailures: 0,
  failingSince: null,
  lastSuccessAt: EXAMPLE_TIMES.retryAttemptAnswered,
  lastFailureAt: ENDPOINT_TIMES.firstAttemptFailed,
  lastFailureReason: "timed out after 10000 ms",
  backoffUntil: null,
  disabledAt: null,
  disabledReason: null,
};

export const webhookEndpointHealthSchema = endpointHealthShape.meta({
  id: "WebhookEndpointHealth",
  description: "The endpoint's delivery health, as the delivery engine records it after every attempt.",
  example: HEALTH_EXAMPLE,
});

const webhookEndpointShape = z.object({
  id: z.string().meta({ example: EXAMPLE_IDS.endpoint }),
  object: z.literal("webhook_endpoint"),
  url: z.string().meta({ description: "Where deliveries are POSTed.", example: EXAMPLE_WEBHOOK_URL }),
  events: z.array(eventTypeSchema).meta({ description: "The event kinds sent to it; empty means every kind." }),
  enabled: z.boolean().meta({ description: "false when disabled (health.state is then `disabled`).", example: true }),
  description: z.string().nullable().meta({ description: "The integrator's own words for it; null when none." }),
  metadata: z
    .record(z.string(), z.string())
    .meta({ description: "The integrator's own keys and values; the service never reads them." }),
  maxPerSecond: z.number().int().nullable().meta({
    description:
      "The endpoint is never sent more than this many deliveries a second, by all the service's workers together; null: no limit.",
    example: null,
  }),
  health: webhookEndpointHealthSchema,
  livemode: livemodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const ENDPOINT_EXAMPLE: z.output<typeof webhookEndpointShape> = {
  id: EXAMPLE_IDS.endpoint,
  object: "webhook_endpoint",
  url: EXAMPLE_WEBHOOK_URL,
  events: [],
  enabled: true,
  description: "Order service, production",
  metadata: { team: "payments" },
  maxPerSecond: null,
  health: HEALTH_EXAMPLE,
  livemode: false,
  createdAt: ENDPOINT_TIMES.registered,
  updatedAt: EXAMPLE_TIMES.retryAttemptAnswered,
};

export const webhookEndpointSchema = withExample(webhookEndpointShape, {
  id: "WebhookEndpoint",
  example: ENDPOINT_EXAMPLE,
});

export const listEndpointsQuerySchema = listQuerySchema;

export const endpointPathSchema = z.object({
  id: z.string().min(1).max(64).meta({ description: "The endpoint's id.", example: EXAMPLE_IDS.endpoint }),
});

export const endpointListSchema = listSchema(webhookEndpointSchema, "WebhookEndpointList", {
  object: "list",
  data: [ENDPOINT_EXAMPLE],
  has_more: false,
  next_cursor: null,
});

const ACTIVATION_DELAY_NAMES = Object.keys(ACTIVATION_DELAYS) as [ActivationDelay, ...ActivationDelay[]];

/** What metadata may hold, as Stripe and Svix allow: a few short keys with short values. */
export const METADATA_LIMITS = { keys: 20, keyLength: 40, valueLength: 500 } as const;

export const metadataInputSchema = z
  .record(z.string().min(1).max(METADATA_LIMITS.keyLength), z.string().max(METADATA_LIMITS.valueLength))
  .refine((value) => Object.keys(value).length <= METADATA_LIMITS.keys, {
    message: `metadata holds at most ${METADATA_LIMITS.keys} keys`,
  })
  .meta({
    description: `Your own keys and values (at most ${METADATA_LIMITS.keys} keys of up to ${METADATA_LIMITS.keyLength} characters, values up to ${METADATA_LIMITS.valueLength}); the service never reads them. On update, the whole map is replaced.`,
    example: { team: "payments" },
  });

const endpointUrlInputSchema = z.string().trim().min(1).max(2048).meta({
  description:
    "Where deliveries are POSTed. Must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or metadata address); `https` in live mode; `http://localhost` only in test mode on a deployment that allows loopback endpoints. Checked again at every send. A refused URL is 400 `endpoint_url_refused`.",
  example: EXAMPLE_WEBHOOK_URL,
});

const endpointEventsInputSchema = z
  .array(eventTypeSchema)
  .max(100)
  .meta({ description: "The event kinds to send it (GET /event-types lists them); empty or absent means every kind." });

/** The throttle's range and the description's length, which the console's form takes too. */
export const MAX_PER_SECOND_RANGE = { min: 1, max: 1000 } as const;
export const DESCRIPTION_MAX_LENGTH = 500;

const maxPerSecondInputSchema = z.number().int().min(MAX_PER_SECOND_RANGE.min).max(MAX_PER_SECOND_RANGE.max).meta({
  description:
    "Send it at most this many deliveries a second (1 to 1000), counted across every worker; deliveries over the rate wait in the queue, none is dropped. Absent or null: no limit.",
  example: 20,
});

const endpointDescriptionInputSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX_LENGTH)
  .meta({ description: "Your own words for the endpoint, up to 500 characters.", example: "Order service, production" });

export const createEndpointBodySchema = withExample(
  z
    .object({
      url: endpointUrlInputSchema,
      description: endpointDescriptionInputSchema.optional(),
      events: endpointEventsInputSchema.optional(),
      metadata: metadataInputSchema.optional(),
      maxPerSecond: maxPerSecondInputSchema.nullable().optional(),
      enabled: z.boolean().optional().meta({ description: "false registers it disabled; absent means enabled." }),
    })
    .strict(),
  {
    id: "CreateWebhookEndpointRequest",
    example: {
      url: EXAMPLE_WEBHOOK_URL,
      description: "Order service, production",
      events: ["card.captured", "card.refunded"],
      metadata: { team: "payments" },
    },
  },
);

export const updateEndpointBodySchema = withExample(
  z
    .object({
      url: endpointUrlInputSchema.optional(),
      description: endpointDescriptionInputSchema.nullable().optional().meta({ description: "null removes it." }),
      events: endpointEventsInputSchema.optional(),
      metadata: metadataInputSchema.optional(),
      maxPerSecond: maxPerSecondInputSchema.nullable().optional().meta({ description: "null removes the limit." }),
      enabled: z.boolean().optional().meta({
        description:
          "false disables it (its pending deliveries wait); true enables it with a clean failure streak and resumes them.",
      }),
    })
    .strict()
    .refine((body) => Object.keys(body).length > 0, { message: "Send at least one field to change." }),
  { id: "UpdateWebhookEndpointRequest", example: { events: [], description: "Every event, for the ledger service" } },
);

export const webhookEndpointWriteSchema = withExample(
  webhookEndpointShape.extend({ idempotent_replay: idempotentReplaySchema }),
  { id: "WebhookEndpointWriteResponse", example: { ...ENDPOINT_EXAMPLE, idempotent_replay: false } },
);

export const deletedEndpointSchema = withExample(
  z.object({
    id: z.string().meta({ example: EXAMPLE_IDS.endpoint }),
    object: z.literal("webhook_endpoint"),
    deleted: z.literal(true),
    failedDeliveries: z
      .number()
      .int()
      .meta({ description: "Its deliveries that were still pending and now end failed.", example: 0 }),
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "DeletedWebhookEndpoint",
    example: {
      id: EXAMPLE_IDS.endpoint,
      object: "webhook_endpoint",
      deleted: true,
      failedDeliveries: 0,
      idempotent_replay: false,
    },
  },
);

export const testEndpointBodySchema = withExample(
  z
    .object({
      type: eventTypeSchema.optional().meta({
        description: "The kind of example event to send, one the endpoint subscribes to; absent: the first of them.",
      }),
    })
    .strict(),
  { id: "TestWebhookEndpointRequest", example: { type: "card.captured" } },
);

export const testEndpointResponseSchema = withExample(
  z.object({
    object: z.literal("webhook_test"),
    eventId: z.string().meta({ description: "The example event, marked as a test: it is about no real wallet." }),
    deliveryId: z.string().meta({ description: "Its delivery to this endpoint, queued like any other." }),
    type: eventTypeSchema,
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "WebhookTestResult",
    example: {
      object: "webhook_test",
      eventId: EXAMPLE_IDS.cardCapturedEvent,
      deliveryId: EXAMPLE_IDS.delivery,
      type: "card.captured",
      idempotent_replay: false,
    },
  },
);

export const rollSecretBodySchema = withExample(
  z
    .object({
      activation: z.enum(ACTIVATION_DELAY_NAMES).meta({
        description:
          "When the new secret takes over signing: `now`, or in `1h` or `24h`. Until then deliveries stay signed with the current secret (and, with Standard Webhooks, with both), so a receiver can deploy the new one first. Rolling again replaces a pending secret.",
        example: "24h",
      }),
    })
    .strict(),
  { id: "RollWebhookSecretRequest", example: { activation: "24h" } },
);

export const rolledSecretSchema = withExample(
  z.object({
    object: z.literal("webhook_signing_secret"),
    mode: z.enum(["test", "live"]).meta({ description: "The key's mode, whose secret was rolled." }),
    secret: z.string().meta({
      description:
        "The new secret (`whsec_…`). Answered here once (a replay of the same Idempotency-Key answers it again, within 24 hours); afterwards only the console's Reveal shows it.",
      example: EXAMPLE_WEBHOOK_SECRET,
    }),
    activeFrom: timestampSchema.meta({ description: "When it takes over signing." }),
    pending: z.boolean().meta({ description: "true until activeFrom: the current secret still signs." }),
    idempotent_replay: idempotentReplaySchema,
  }),
  {
    id: "RolledWebhookSecret",
    example: {
      object: "webhook_signing_secret",
      mode: "test",
      secret: EXAMPLE_WEBHOOK_SECRET,
      activeFrom: "2026-10-02T08:41:03.000Z",
      pending: true,
      idempotent_replay: false,
    },
  },
);

export type CreateEndpointBody = z.output<typeof createEndpointBodySchema>;
export type UpdateEndpointBody = z.output<typeof updateEndpointBodySchema>;
export type WebhookEndpointRecord = z.output<typeof webhookEndpointSchema>;
export type WebhookEndpointHealth = z.output<typeof webhookEndpointHealthSchema>;
export type ListEndpointsQuery = z.output<typeof listEndpointsQuerySchema>;
