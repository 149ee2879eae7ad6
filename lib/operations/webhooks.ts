// Webhook delivery operations: list, read with every attempt, replay.
import {
  deliveryListSchema,
  deliveryPathSchema,
  listDeliveriesQuerySchema,
  replayResponseSchema,
  webhookDeliveryDetailSchema,
} from "@/lib/schemas/webhook";
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
    "A successful replay marks the delivery succeeded. Limits: 5 replays per hour per delivery and 20 per minute per merchant user; " +
    "over either, 429 `replay_limited` with `Retry-After` in seconds. No request body.",
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
