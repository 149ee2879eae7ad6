// The body and headers of one webhook request, signed: the one builder for a delivery's attempt
// (envelope.ts) and for `listen` forwarding an event to a local server (lib/client/listen.ts), so a
// forwarded event is signed exactly as a delivery. node:crypto only; also built into the
// @wallet-card/client package: keep imports relative, ending in .ts.
import {
  SIGNATURE_HEADER,
  signPayload,
  signStandard,
  STANDARD_ID_HEADER,
  STANDARD_SIGNATURE_HEADER,
  STANDARD_TIMESTAMP_HEADER,
  type WebhookEnvelope,
} from "./verify.ts";

/** The secret signing now, and the pending one of a roll (signed with too, so a receiver may switch first). */
export type SigningSecrets = { current: string; pending?: string | null };

/** A webhook's envelope, or one without a wallet sequence (an authorization decision request, signed alike). */
export type SignableEnvelope = Omit<WebhookEnvelope, "sequence"> & { sequence?: number };

export function webhookUserAgent(schemaVersion: string): string {
  return `wallet-card-service-webhooks/${schemaVersion}`;
}

/** The envelope of an event as every attempt sends it, in this key order, with a fresh `sent_at`. */
export function eventEnvelope(
  event: { id: string; type: string; sequence: number; data: Record<string, unknown> },
  schemaVersion: string,
  sentAt: Date,
): WebhookEnvelope {
  return {
    id: event.id,
    event: event.type,
    schema_version: schemaVersion,
    sent_at: sentAt.toISOString(),
    sequence: event.sequence,
    data: event.data,
  };
}

/**
 * The body and headers of one attempt; the secrets only ever meet the body here, never a log. Two
 * signatures (docs/decisions/standard-webhooks.md): x-service-signature with the current secret,
 * exactly as the specification says, and the Standard Webhooks headers, whose id is the event's (the
 * same on every retry and replay) and whose timestamp is this attempt's (`envelope.sent_at`).
 */
export function signedWebhookRequest(envelope: SignableEnvelope, deliveryId: string, secrets: SigningSecrets) {
  const body = JSON.stringify(envelope);
  const timestamp = Math.floor(Date.parse(envelope.sent_at) / 1000);
  const standard = [secrets.current, ...(secrets.pending ? [secrets.pending] : [])]
    .map((secret) => signStandard(envelope.id, timestamp, body, secret))
    .join(" ");
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": webhookUserAgent(envelope.schema_version),
    [SIGNATURE_HEADER]: signPayload(body, secrets.current),
    "x-service-schema-version": envelope.schema_version,
    "x-service-event-id": envelope.id,
    "x-service-delivery-id": deliveryId,
    [STANDARD_ID_HEADER]: envelope.id,
    [STANDARD_TIMESTAMP_HEADER]: String(timestamp),
    [STANDARD_SIGNATURE_HEADER]: standard,
  };
  return { body, headers };
}
