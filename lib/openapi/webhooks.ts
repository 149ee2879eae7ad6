// The OpenAPI `webhooks` section: every kind of the event catalog (lib/schemas/event-catalog.ts), each
// as the signed request a receiver gets (envelope with the resource record as `data`, and the delivery headers), with an
// example whose headers are the real signature of its body under the documented example secret.
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { EXAMPLE_IDS, EXAMPLE_WEBHOOK_SECRET } from "@/lib/schemas/examples";
import { EXAMPLE_EVENT_SEQUENCES } from "@/lib/schemas/event";
import { EVENT_CATALOG, type EventKindExample } from "@/lib/schemas/event-catalog";
import {
  DECISION_REQUEST_EVENT,
  DECISION_TIMEOUT,
  decisionAnswerSchema,
  decisionRequestSchema,
} from "@/lib/schemas/authorization-endpoint";
import { webhookEnvelopeSchema } from "@/lib/schemas/webhook";
import { SCHEMA_VERSION } from "@/lib/version";
import { USER_AGENT } from "@/lib/webhooks/envelope";
import { DEFAULT_ENDPOINT_CONCURRENCY } from "@/lib/webhooks/endpoint-gate";
import { HEALTH_POLICY } from "@/lib/webhooks/endpoint-health";
import {
  SIGNATURE_HEADER,
  signPayload,
  signStandard,
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
} from "@/lib/webhooks/verify";

function deliveryHeaders(eventId: string, signature: string, body: string, sentAt: string) {
  const timestamp = Math.floor(Date.parse(sentAt) / 1000);
  return z.object({
    "content-type": z.literal("application/json").meta({ description: "The body is the JSON envelope." }),
    "user-agent": z.literal(USER_AGENT).meta({ description: "Names the sender and the payload schema version." }),
    [SIGNATURE_HEADER]: z.string().meta({
      description: `Lowercase hex HMAC-SHA256 of the raw body with the application's webhook secret of the delivery's mode (test and live each have their own; while a rolled secret is pending, a receiver may hold both and accept either). Compare in constant time; answer 401 on a mismatch. The example is the signature of this operation's example body, serialized compactly, with the example secret \`${EXAMPLE_WEBHOOK_SECRET}\`.`,
      example: signature,
    }),
    "x-service-schema-version": z
      .literal(SCHEMA_VERSION)
      .meta({ description: "Payload schema version of the envelope; the same as its `schema_version`." }),
    "x-service-event-id": z
      .string()
      .meta({ description: "The envelope's id; use it to drop duplicates.", example: eventId }),
    "x-service-delivery-id": z
      .string()
      .meta({ description: "The delivery (one per event and endpoint).", example: EXAMPLE_IDS.delivery }),
    [STANDARD_ID_HEADER]: z.string().meta({
      description:
        "Standard Webhooks: the event's id, the same on every retry and replay. See /webhooks/security#standard-webhooks.",
      example: eventId,
    }),
    [STANDARD_TIMESTAMP_HEADER]: z.string().meta({
      description:
        "Standard Webhooks: this attempt's time in unix seconds (the envelope's `sent_at`). Refuse one more than 5 minutes from your clock.",
      example: String(timestamp),
    }),
    [STANDARD_SIGNATURE_HEADER]: z.string().meta({
      description:
        "Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body`, keyed by the secret's part after `whsec_` base64-decoded (what the standard's libraries do with the secret as the console shows it). During a secret roll one signature per secret, space-separated. The example is this operation's example body's, with the example secret.",
      example: signStandard(eventId, timestamp, body, EXAMPLE_WEBHOOK_SECRET),
    }),
  });
}

const DELIVERY_RULES =
  "Sent as a POST to every enabled endpoint subscribed to this kind. Success is a 2xx within 10 seconds; redirects are not followed. " +
  "Otherwise retried with jitter after 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h and 20 h (about three days), then marked failed. " +
  "Every attempt has a fresh `sent_at` and signature; deliveries are at least once, so deduplicate on `id`. " +
  "`sequence` numbers the events about one wallet 1, 2, 3… with no gaps, in commit order, counting every kind whether " +
  "this endpoint subscribes to it or not; a retry or replay carries the same `id` and `sequence`. Keep the last " +
  "`sequence` seen per wallet; on a jump, wait for the missing event (it may still be retrying) or find it in " +
  "`GET /api/public/sdk/v1/events?wallet=…`. See /webhooks/security#ordering. " +
  `Endpoints are isolated from each other: a worker sends at most ${DEFAULT_ENDPOINT_CONCURRENCY} requests to one endpoint at once, ` +
  `so a slow endpoint's backlog waits in its own lane. After ${HEALTH_POLICY.backOffAfterFailures} consecutive failures an endpoint ` +
  `is backed off (${HEALTH_POLICY.backOffBaseMs / 1000} s, doubling to ${HEALTH_POLICY.backOffMaxMs / 60_000} min, then one probe ` +
  "delivery at a time until a 2xx; nothing is lost); after " +
  `${HEALTH_POLICY.disableAfterMs / 86_400_000} days of failures with no success it is disabled with a reason (see ` +
  "`GET /api/public/sdk/v1/webhooks/endpoints`), its deliveries kept pending until it is enabled again. Attempt bodies " +
  "are kept 30 days. See /webhooks/security#endpoint-health.";

/** payout.in_transit → PayoutInTransit, the webhook's component name. */
const pascal = (event: string) =>
  event
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

function webhook(
  event: EventType,
  summary: string,
  data: z.ZodObject,
  id: string,
  example: EventKindExample,
): ZodOpenApiOperationObject {
  const envelope = webhookEnvelopeSchema(event, data, id, { ...example, sequence: EXAMPLE_EVENT_SEQUENCES[event] });
  const body = JSON.stringify(envelope.meta()?.example);
  return {
    operationId: `webhook_${event.replace(".", "_")}`,
    summary,
    description: DELIVERY_RULES,
    tags: ["Webhooks"],
    security: [],
    requestParams: {
      header: deliveryHeaders(example.id, signPayload(body, EXAMPLE_WEBHOOK_SECRET), body, example.sent_at),
    },
    requestBody: { required: true, content: { "application/json": { schema: envelope } } },
    responses: {
      "200": { description: "Any 2xx acknowledges the event." },
      "401": { description: "The receiver found the signature wrong; the delivery is retried." },
    },
  };
}

/**
 * Not an event but a question, signed the same way: the decision endpoint's request
 * (docs/decisions/authorization-decisions.md). Its answer decides the spend.
 */
function decisionRequest(): ZodOpenApiOperationObject {
  const example = decisionRequestSchema.meta()?.example as { id: string; sent_at: string };
  const body = JSON.stringify(example);
  return {
    operationId: "webhook_card_authorization_request",
    summary: "Decide a card spend (sent to the authorization decision endpoint)",
    description:
      "Sent once per spend (and test tap) that passed card status, spending controls and funds, to the decision endpoint set with " +
      "`POST /api/public/sdk/v1/authorization-endpoint`, signed exactly like a webhook (the same headers; `x-service-delivery-id` and `webhook-id` " +
      `are the request's \`areq_\` id). Answer within the endpoint's \`timeoutMs\` (${DECISION_TIMEOUT.min} to ${DECISION_TIMEOUT.max} ms, default ${DECISION_TIMEOUT.default}) ` +
      "with a 2xx and the JSON below. Anything else (a non-2xx, a redirect, which is not followed, invalid JSON, an `amount` above the request, " +
      'a body over 16 KiB, no answer in time) applies the endpoint\'s `defaultAction`, recorded on the authorization as `decision: {by: "default", reason}`. ' +
      "Never retried: a spend is asked once, and a replayed Idempotency-Key never asks again. Funds and controls are checked again after " +
      "the answer, so an approval can still end in a decline (`decision.by` funds or controls). See /webhooks/security#authorization-decisions.",
    tags: ["Authorization decisions"],
    security: [],
    requestParams: {
      header: deliveryHeaders(example.id, signPayload(body, EXAMPLE_WEBHOOK_SECRET), body, example.sent_at),
    },
    requestBody: { required: true, content: { "application/json": { schema: decisionRequestSchema } } },
    responses: {
      "200": {
        description: "Any 2xx with this body decides the spend.",
        content: { "application/json": { schema: decisionAnswerSchema } },
      },
    },
  };
}

/** Every kind in the catalog, in EVENT_TYPES order, after the decision request. */
export const webhookEvents: ZodOpenApiPathsObject = {
  [DECISION_REQUEST_EVENT]: { post: decisionRequest() },
  ...Object.fromEntries(
    EVENT_TYPES.map((event) => {
      const entry = EVENT_CATALOG[event];
      return [event, { post: webhook(event, entry.summary, entry.data, `${pascal(event)}Event`, entry.example) }];
    }),
  ),
};
