// The webhook envelope and headers (spec 2.4 and docs/decisions/webhook-envelope.md): built afresh for every attempt,
// serialized once, and signed over exactly the bytes that are sent (signed-request.ts, shared with `listen`).
import { eventData } from "@/lib/events/event-record";
import type { Event } from "@/lib/generated/prisma/client";
import { SCHEMA_VERSION } from "@/lib/version";
import {
  eventEnvelope,
  signedWebhookRequest,
  webhookUserAgent,
  type SignableEnvelope,
  type SigningSecrets,
} from "./signed-request";
import type { WebhookEnvelope } from "./verify";

export type { SignableEnvelope, SigningSecrets } from "./signed-request";

export const USER_AGENT = webhookUserAgent(SCHEMA_VERSION);

export function buildEnvelope(event: Pick<Event, "id" | "type" | "data" | "sequence">, sentAt: Date): WebhookEnvelope {
  return eventEnvelope({ ...event, data: eventData(event) }, SCHEMA_VERSION, sentAt);
}

/** The body and headers of one attempt, signed (signed-request.ts). */
export function signedRequest(envelope: SignableEnvelope, deliveryId: string, secrets: SigningSecrets) {
  return signedWebhookRequest(envelope, deliveryId, secrets);
}
