// Webhook operations: deliveries (list, read with every attempt, replay) and endpoints with their health (list, read).
import {
  deliveryListSchema,
  deliveryPathSchema,
  listDeliveriesQuerySchema,
  replayResponseSchema,
  webhookDeliveryDetailSchema,
} from "@/lib/schemas/webhook";
import {
  endpointListSchema,
  endpointPathSchema,
  listEndpointsQuerySchema,
  webhookEndpointSchema,
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
  "re-enabling resumes its pending deliveries). Endpoints are registered, enabled and disabled in the console or the CLI.";

export const listWebhookEndpointsOperation = defineOperation({
  operationId: "listWebhookEndpoints",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/endpoints",
  surface: "sdk",
  summary: "List webhook endpoints with their health",
  description: `The application's endpoints in the key's mode, newest first; endpoints deleted in the console are not listed. ${ENDPOINT_HEALTH_SUMMARY}`,
  tags: ["Webhooks"],
  scope: "events:read",
  query: listEndpointsQuerySchema,
  success: { status: 200, description: "A page of endpoints.", schema: endpointListSchema },
});

export const getWebhookEndpointOperation = defineOperation({
  operationId: "getWebhookEndpoint",
  method: "GET",
  path: "/api/public/sdk/v1/webhooks/endpoints/{id}",
  surface: "sdk",
  summary: "Retrieve a webhook endpoint with its health",
  description: `One endpoint of the application in the key's mode; a deleted endpoint is endpoint_not_found. ${ENDPOINT_HEALTH_SUMMARY}`,
  tags: ["Webhooks"],
  scope: "events:read",
  params: endpointPathSchema,
  success: { status: 200, description: "The endpoint and its health.", schema: webhookEndpointSchema },
  errors: ["endpoint_not_found"],
});
