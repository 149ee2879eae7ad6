// Webhook operations: deliveries (list, read with every attempt, replay), endpoints with their health
// (list, read, create, update, delete, send a test event) and the signing secret's roll.
import {
  deliveryListSchema,
  deliveryPathSchema,
  listDeliveriesQuerySchema,
  replayResponseSchema,
  webhookDeliveryDetailSchema,
} from "@/lib/schemas/webhook";
import {
  createEndpointBodySchema,
  deletedEndpointSchema,
  endpointListSchema,
  endpointPathSchema,
  listEndpointsQuerySchema,
  rollSecretBodySchema,
  rolledSecretSchema,
  testEndpointBodySchema,
  testEndpointResponseSchema,
  updateEndpointBodySchema,
  webhookEndpointSchema,
  webhookEndpointWriteSchema,
} from "@/lib/schemas/webhook-endpoint";
import { defineOperation } from "./define";

export const listWebhookDeliveriesOperation = defineOperation({
  operationId: "listWebhookDeliveries",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/deliveries",
  surface: "sdk",
  summary: "List webhook deliveries",
  description:
    "One delivery per event and endpoint, newest first, each with its last attempt (time, status code, latency, response excerpt, error).",
  tags: ["Webhooks"],
  scope: "events:read",
  query: listDeliveriesQuerySchema,
  success: { status: 200, description: "A page of deliveries.", schema: deliveryListSchema },
});

export const getWebhookDeliveryOperation = defineOperation({
  operationId: "getWebhookDelivery",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/deliveries/{id}",
  surface: "sdk",
  summary: "Retrieve a webhook delivery with every attempt",
  tags: ["Webhooks"],
  scope: "events:read",
  params: deliveryPathSchema,
  success: {
    status: 200,
    description: "The delivery and its attempts, oldest first.",
    schema: webhookDeliveryDetailSchema,
  },
  errors: ["delivery_not_found"],
});

export const replayWebhookDeliveryOperation = defineOperation({
  operationId: "replayWebhookDelivery",
  method: "POST",
  path: "/api/public/sdk/v1/webhooks/deliveries/{id}/replay",
  surface: "sdk",
  summary: "Replay a webhook delivery",
  description:
    "Queues one more attempt of the delivery, whatever its state: the same event id, a fresh `sent_at` and a new signature. " +
    "A successful replay marks the delivery succeeded. Limits: 5 replays per delivery in any 60 minutes (rolling, counted " +
    "from the delivery's own recorded replays; a refused or failed replay does not count) and 20 per minute per merchant user; " +
    "over either, 429 `replay_limited` with `Retry-After` in seconds (for the delivery's limit: until its oldest counted " +
    "replay leaves the 60 minutes). A disabled or deleted endpoint gets no replay (409 `endpoint_disabled`, its message saying which). No request body.",
  tags: ["Webhooks"],
  scope: "webhooks:write",
  params: deliveryPathSchema,
  success: {
    status: 202,
    description: "The replay is queued; the delivery as it was before it.",
    schema: replayResponseSchema,
  },
  errors: ["delivery_not_found", "endpoint_disabled", "replay_limited"],
});

const ENDPOINT_HEALTH_SUMMARY =
  "`health.state` is healthy, failing (a failure streak has begun), backing_off (after 5 consecutive failures the endpoint " +
  "is sent one probe delivery at a time, after a back-off that doubles from 30 s to 1 h, until one succeeds; other deliveries " +
  "wait, none is lost) or disabled (by the merchant, or automatically after 3 days of failures with no success; " +
  "re-enabling resumes its pending deliveries).";

const READ_SCOPE_NOTE =
  "Keys granted `events:read` or `webhooks:write` before `webhooks:read` existed read endpoints too.";

const ADDRESS_RULE =
  "The URL must resolve to a public unicast address (no private, link-local, carrier-grade NAT, multicast, reserved or " +
  "metadata address, IPv6 and IPv4-mapped forms included); `https` in live mode; `http://localhost` only in test mode " +
  "on a deployment that allows loopback endpoints. The same rule as the console and the CLI, checked again at every send; " +
  "a refused URL is 400 `endpoint_url_refused`. Audited like the console's change (the audit line names the API key).";

export const listWebhookEndpointsOperation = defineOperation({
  operationId: "listWebhookEndpoints",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/endpoints",
  surface: "sdk",
  summary: "List webhook endpoints with their health",
  description: `The application's endpoints in the key's mode, newest first; deleted endpoints are not listed. ${ENDPOINT_HEALTH_SUMMARY} ${READ_SCOPE_NOTE}`,
  tags: ["Webhooks"],
  scope: "webhooks:read",
  query: listEndpointsQuerySchema,
  success: { status: 200, description: "A page of endpoints.", schema: endpointListSchema },
});

export const getWebhookEndpointOperation = defineOperation({
  operationId: "getWebhookEndpoint",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/endpoints/{id}",
  surface: "sdk",
  summary: "Retrieve a webhook endpoint with its health",
  description: `One endpoint of the application in the key's mode; a deleted endpoint is endpoint_not_found. ${ENDPOINT_HEALTH_SUMMARY} ${READ_SCOPE_NOTE}`,
  tags: ["Webhooks"],
  scope: "webhooks:read",
  params: endpointPathSchema,
  success: { status: 200, description: "The endpoint and its health.", schema: webhookEndpointSchema },
  errors: ["endpoint_not_found"],
});

export const createWebhookEndpointOperation = defineOperation({
  operationId: "createWebhookEndpoint",
  method: "POST",
  path: "/api/public/sdk/v1/webhooks/endpoints",
  surface: "sdk",
  summary: "Register a webhook endpoint",
  description: `Registers an endpoint in the key's mode, subscribed to the kinds listed (none: every kind). ${ADDRESS_RULE}`,
  tags: ["Webhooks"],
  scope: "webhooks:write",
  body: createEndpointBodySchema,
  success: { status: 201, description: "The endpoint, registered.", schema: webhookEndpointWriteSchema },
  errors: ["endpoint_url_refused"],
});

export const updateWebhookEndpointOperation = defineOperation({
  operationId: "updateWebhookEndpoint",
  method: "POST",
  path: "/api/public/sdk/v1/webhooks/endpoints/{id}",
  surface: "sdk",
  summary: "Update a webhook endpoint",
  description:
    "Changes the fields sent and leaves the others: url, events (empty: every kind), description (null removes it), metadata " +
    "(replaced whole), enabled (false parks its pending deliveries; true clears its failure streak and resumes them). " +
    ADDRESS_RULE,
  tags: ["Webhooks"],
  scope: "webhooks:write",
  params: endpointPathSchema,
  body: updateEndpointBodySchema,
  success: { status: 200, description: "The endpoint after the change.", schema: webhookEndpointWriteSchema },
  errors: ["endpoint_not_found", "endpoint_url_refused"],
});

export const deleteWebhookEndpointOperation = defineOperation({
  operationId: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/api/public/sdk/v1/webhooks/endpoints/{id}",
  surface: "sdk",
  summary: "Delete a webhook endpoint",
  description:
    "Nothing is sent to it again: its queued sends are removed and its pending deliveries end failed. Its deliveries stay " +
    "readable (GET /webhooks/deliveries). Audited like the console's delete.",
  tags: ["Webhooks"],
  scope: "webhooks:write",
  params: endpointPathSchema,
  success: { status: 200, description: "Deleted.", schema: deletedEndpointSchema },
  errors: ["endpoint_not_found"],
});

export const testWebhookEndpointOperation = defineOperation({
  operationId: "testWebhookEndpoint",
  method: "POST",
  path: "/api/public/sdk/v1/webhooks/endpoints/{id}/test",
  surface: "sdk",
  summary: "Send an example event to a webhook endpoint",
  description:
    "Records an example event of the kind asked (one the endpoint subscribes to; absent: the first) about a sample wallet " +
    "that exists nowhere else, and queues its delivery to this endpoint alone, signed, retried and replayable like any " +
    "other. The events list leaves example events out. A disabled endpoint is 409 `endpoint_disabled`.",
  tags: ["Webhooks"],
  scope: "webhooks:write",
  params: endpointPathSchema,
  body: testEndpointBodySchema,
  success: { status: 202, description: "The example event, its delivery queued.", schema: testEndpointResponseSchema },
  errors: ["endpoint_not_found", "endpoint_disabled"],
});

export const rollWebhookSecretOperation = defineOperation({
  operationId: "rollWebhookSecret",
  method: "POST",
  path: "/api/public/sdk/v1/webhooks/secret/roll",
  surface: "sdk",
  summary: "Roll the webhook signing secret",
  description:
    "Mints a new signing secret for the key's mode, taking over now or in 1 or 24 hours, as the console's roll does. Until it " +
    "takes over, deliveries stay signed with the current secret, and the Standard Webhooks header carries a signature by each, " +
    "so a receiver can deploy the new secret first (give the verifier both). The new secret is in this answer; afterwards " +
    "only the console's Reveal shows it. Audited like the console's roll.",
  tags: ["Webhooks"],
  scope: "webhooks:write",
  body: rollSecretBodySchema,
  success: { status: 201, description: "The new secret, answered here once.", schema: rolledSecretSchema },
});
