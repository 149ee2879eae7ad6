// The webhook envelope and headers (spec 2.4 and docs/decisions/webhook-envelope.md): built afresh for every attempt,
// serialized once, and signed over exactly the bytes that are sent.
import { eventData } from "@/lib/events/event-record";
import type { Event } from "@/lib/generated/prisma/client";
import { SCHEMA_VERSION } from "@/lib/version";
import {
  SIGNATURE_HEADER,
  signPayload,
  signStandard,
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
  type WebhookEnvelope,
} from "./verify";

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

/** The secret signing now, and the pending one of a roll (signed with too, so a receiver may switch first). */
export type SigningSecrets = { current: string; pending?: string | null };

/** A webhook's envelope, or one without a wallet sequence (an authorization decision request, signed alike). */
export type SignableEnvelope = Omit<WebhookEnvelope, "sequence"> & { sequence?: number };

/**
 * The body and headers of one attempt; the secrets only ever meet the body here, never a log. Two
 * signatures (docs/decisions/standard-webhooks.md): x-service-signature with the current secret,
 * exactly as the specification says, and the Standard Webhooks headers, whose id is the event's (the
 * same on every retry and replay) and whose timestamp is this attempt's (`envelope.sent_at`).
 */
export function signedRequest(envelope: SignableEnvelope, deliveryId: string, secrets: SigningSecrets) {
  const body = JSON.stringify(envelope);
  const timestamp = Math.floor(Date.parse(envelope.sent_at) / 1000);
  const standard = [secrets.current, ...(secrets.pending ? [secrets.pending] : [])]
    .map((secret) => signStandard(envelope.id, timestamp, body, secret))
    .join(" ");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    [SIGNATURE_HEADER]: signPayload(body, secrets.current),
    "x-service-schema-version": SCHEMA_VERSION,
    "x-service-event-id": envelope.id,
    "x-service-delivery-id": deliveryId,
    [STANDARD_ID_HEADER]: envelope.id,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: standard,
  };
  return { body, headers };
}
