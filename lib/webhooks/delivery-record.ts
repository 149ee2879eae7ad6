// Deliveries and attempts as the API returns them.
import { z } from "zod";
import { eventType } from "@/lib/events/event-record";
import type { Event, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@/lib/generated/prisma/client";
import type { WebhookAttemptRecord, WebhookDeliveryRecord } from "@/lib/schemas/webhook";
import { capExcerpt } from "./response-excerpt";

const headersSchema = z.record(z.string(), z.string());

export type DeliveryRow = WebhookDelivery & { event: Pick<Event, "type">; endpoint: Pick<WebhookEndpoint, "url"> };

/** Loads what deliveryRecord needs; `take: 1` on attempts gives the last one for lists. */
export const deliveryInclude = {
  event: { select: { type: true } },
  endpoint: { select: { url: true } },
} as const;

export function attemptRecord(attempt: WebhookAttempt): WebhookAttemptRecord {
  const headers = headersSchema.safeParse(attempt.requestHeaders);
  return {
    id: attempt.id,
    object: "webhook_attempt",
    trigger: attempt.trigger,
    statusCode: attempt.statusCode,
    latencyMs: attempt.latencyMs,
    // Cut again here: attempts stored under the earlier, longer cap are shown within today's.
    responseExcerpt: capExcerpt(attempt.responseExcerpt),
    error: attempt.error,
    requestHeaders: headers.success ? headers.data : {},
    requestBody: attempt.requestBody,
    createdAt: attempt.createdAt.toISOString(),
  };
}

export function deliveryRecord(delivery: DeliveryRow, lastAttempt: WebhookAttempt | null): WebhookDeliveryRecord {
  return {
    id: delivery.id,
    object: "webhook_delivery",
    eventId: delivery.eventId,
    eventType: eventType(delivery.event.type),
    endpointId: delivery.endpointId,
    url: delivery.endpoint.url,
    status: delivery.status,
    abandonReason: delivery.abandonReason,
    attemptCount: delivery.attemptCount,
    lastStatusCode: delivery.lastStatusCode,
    nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
    lastAttempt: lastAttempt ? attemptRecord(lastAttempt) : null,
    livemode: delivery.livemode,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}
