// Webhook endpoints as the API returns them, with their health as the delivery engine keeps it
// (docs/decisions/endpoint-health.md); the state descriptions are worded from the engine's policy.
import { z } from "zod";
import { HEALTH_POLICY, type EndpointHealthState } from "@/lib/webhooks/endpoint-health";
import { livemodeSchema, timestampSchema, withExample } from "./common";
import { eventTypeSchema } from "./event";
import { EXAMPLE_IDS, EXAMPLE_TIMES, EXAMPLE_WEBHOOK_URL } from "./examples";
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

export type WebhookEndpointRecord = z.output<typeof webhookEndpointSchema>;
export type WebhookEndpointHealth = z.output<typeof webhookEndpointHealthSchema>;
export type ListEndpointsQuery = z.output<typeof listEndpointsQuerySchema>;
