// Sends a test event to one endpoint: a sample record of the first kind the endpoint subscribes to,
// recorded as an event and delivered through the same queue and deliver() as every webhook (so it
// is signed, retried and replayable like the rest), to that endpoint only.
import { transaction } from "@/lib/db/client";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { newId, randomBase62 } from "@/lib/ids";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import type { CardRecord } from "@/lib/schemas/card";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { queueDeliveries } from "@/lib/webhooks/fan-out";
import { ConsoleNotFoundError, ConsoleRefusalError } from "./errors";
import { recordAudit, type AuditContext } from "./record-audit";
import { requireApplication } from "./require-application";

export async function sendTestEvent(context: AuditContext, applicationId: string, endpointId: string) {
  return transaction(async (tx) => {
    await requireApplication(tx, context.merchantId, applicationId);
    const endpoint = await tx.webhookEndpoint.findFirst({ where: { id: endpointId, applicationId } });
    if (!endpoint) throw new ConsoleNotFoundError("Webhook endpoint");
    if (!endpoint.enabled) throw new ConsoleRefusalError("The endpoint is disabled; enable it to send a test event.");
    const type =
      EVENT_TYPES.find((t) => endpoint.events.length === 0 || endpoint.events.includes(t)) ?? "wallet.provisioned";
    const event = await tx.event.create({
      data: {
        id: newId("evt"),
        applicationId,
        livemode: endpoint.livemode,
        type,
        data: sampleRecord(type, endpoint.livemode),
        // About a sample wallet that exists nowhere else: the first and only event of its sequence.
        sequence: 1,
      },
    });
    const [deliveryId] = await queueDeliveries(tx, event, { endpointId });
    await recordAudit(tx, context, {
      applicationId,
      action: "webhook_endpoint.tested",
      detail: { endpointId, url: endpoint.url, eventId: event.id, type },
    });
    return { eventId: event.id, deliveryId, type };
  });
}

/** A record shaped exactly like the real event's data, with obviously sample values. */
function sampleRecord(type: EventType, livemode: boolean): WalletRecord | CardRecord | AuthorizationRecord {
  const now = new Date().toISOString();
  const walletId = `wal_test${randomBase62(20)}`;
  const cardId = `card_test${randomBase62(20)}`;
  const externalUserId = "test_event_user";
  if (type === "wallet.provisioned") {
    return {
      id: walletId,
      object: "wallet",
      externalUserId,
      email: "test-event@example.com",
      name: "Test Event",
      address: null,
      currency: "USD",
      accountNumber: "0000000000",
      status: "active",
      balance: { available: 0, posted: 0 },
      livemode,
      createdAt: now,
    };
  }
  if (type === "card.issued") {
    return {
      id: cardId,
      object: "card",
      walletId,
      externalUserId,
      kind: "virtual",
      currency: "USD",
      spendLimit: 250,
      status: "active",
      last4: "4242",
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 3,
      livemode,
      createdAt: now,
    };
  }
  const captured = type === "card.captured" || type === "card.refunded" ? 12.5 : 0;
  return {
    id: `auth_test${randomBase62(20)}`,
    object: "authorization",
    cardId,
    walletId,
    externalUserId,
    amount: 12.5,
    currency: "USD",
    status: type === "card.authorized" ? "pending" : "closed",
    declineCode: null,
    capturedAmount: captured,
    refundedAmount: type === "card.refunded" ? 12.5 : 0,
    merchant: { name: "Test Coffee Shop", category: null, country: null },
    source: "sdk",
    livemode,
    createdAt: now,
    updatedAt: now,
  };
}
