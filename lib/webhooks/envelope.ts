// The webhook envelope and headers (spec 2.4 and docs/decisions/webhook-envelope.md): built afresh for every attempt,
// serialized once, and signed over exactly the bytes that are sent.
import { eventData } from "@/lib/events/event-record";
import type { Event } from "@/lib/generated/prisma/client";
import { SCHEMA_VERSION } from "@/lib/version";
import { SIGNATURE_HEADER, signPayload, type WebhookEnvelope } from "./verify";

export const USER_AGENT = `wallet-card-service-webhooks/${SCHEMA_VERSION}`;

export function buildEnvelope(event: Pick<Event, "id" | "type" | "data" | "sequence">, sentAt: Date): WebhookEnvelope {
  return {
    id: event.id,
    event: event.type,
    schema_version: SCHEMA_VERSION,
    sent_at: sentAt.toISOString(),
    sequence: event.sequence,
    data: eventData(event),
  };
}

/** The body and headers of one attempt; the secret only ever meets the body here, never a log. */
export function signedRequest(envelope: WebhookEnvelope, deliveryId: string, secret: string) {
  const body = JSON.stringify(envelope);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    [SIGNATURE_HEADER]: signPayload(body, secret),
    "x-service-schema-version": SCHEMA_VERSION,
    "x-service-event-id": envelope.id,
    "x-service-delivery-id": deliveryId,
  };
  return { body, headers };
}
