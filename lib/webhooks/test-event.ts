// An example event sent to one endpoint (console's "Send test event", API's POST
// /webhooks/endpoints/{id}/test): a sample record of a kind the endpoint subscribes to, recorded as an
// event marked isTest and delivered through the same queue and deliver() as every webhook (so it is
// signed, retried and replayable like the rest), to that endpoint only. The SDK API's event list
// leaves test events out; the console marks them.
import { randomInt } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { authorizationSchema, type AuthorizationRecord } from "@/lib/schemas/authorization";
import { cardSchema, type CardRecord } from "@/lib/schemas/card";
import { EVENT_CATALOG } from "@/lib/schemas/event-catalog";
import {
  payoutSchema,
  topUpSchema,
  transferEventDataSchema,
  type PayoutRecord,
  type TopUpRecord,
  type TransferEventData,
} from "@/lib/schemas/money-movement";
import type {
  DecisionEndpointFailingData,
  WebhookEndpointDisabledData,
  WebhookSecretRotatedData,
} from "@/lib/schemas/operational-event";
import { walletSchema, type WalletRecord } from "@/lib/schemas/wallet";
import { newAccountNumber } from "@/lib/wallets/account-number";
import { queueDeliveries } from "./fan-out";

/** The kinds a test event to this endpoint may be: those it subscribes to (none listed means all). */
export function testEventKinds(endpoint: { events: readonly string[] }): EventType[] {
  return EVENT_TYPES.filter((t) => endpoint.events.length === 0 || endpoint.events.includes(t));
}

/**
 * Records the example event and queues its one delivery, in the caller's transaction. Refuses a
 * disabled endpoint (endpoint_disabled) and a kind it does not subscribe to (validation_failed).
 */
export async function sendTestEvent(
  tx: Db,
  endpoint: Pick<WebhookEndpoint, "id" | "applicationId" | "livemode" | "enabled" | "events">,
  /** Absent: the first kind the endpoint subscribes to. */
  kind?: string,
): Promise<{ eventId: string; deliveryId: string; type: EventType }> {
  if (!endpoint.enabled)
    throw new DomainError("endpoint_disabled", "The endpoint is disabled; enable it to send a test event.");
  const kinds = testEventKinds(endpoint);
  const type = kind === undefined ? kinds[0] : kinds.find((k) => k === kind);
  if (!type)
    throw new DomainError(
      "validation_failed",
      `This endpoint does not subscribe to ${kind}; pick one of its event kinds (${kinds.join(", ")}).`,
      { param: "type" },
    );
  const event = await tx.event.create({
    data: {
      id: newId("evt"),
      applicationId: endpoint.applicationId,
      livemode: endpoint.livemode,
      type,
      data: sampleRecord(type, endpoint.livemode),
      // About a sample wallet that exists nowhere else: the first and only event of its sequence.
      sequence: 1,
      isTest: true,
    },
  });
  const [deliveryId] = await queueDeliveries(tx, event, { endpointId: endpoint.id });
  if (!deliveryId) throw new Error(`the test event ${event.id} queued no delivery`);
  return { eventId: event.id, deliveryId, type };
}

const HOLDERS = [
  { name: "Maya Chen", email: "maya.chen@example.com", city: "San Francisco", region: "CA", postalCode: "94110" },
  { name: "Samuel Okafor", email: "samuel.okafor@example.com", city: "Austin", region: "TX", postalCode: "78704" },
  { name: "Lucía Fernández", email: "lucia.fernandez@example.com", city: "Chicago", region: "IL", postalCode: "60614" },
] as const;

const STREETS = ["Valencia Street", "South Congress Avenue", "North Clark Street", "Market Street"] as const;

const MERCHANTS = [
  { name: "Blue Bottle Coffee", category: "5814", country: "US" },
  { name: "Whole Foods Market", category: "5411", country: "US" },
  { name: "Lyft", category: "4121", country: "US" },
  { name: "Shell", category: "5541", country: "US" },
] as const;

function pick<T>(items: readonly T[]): T {
  const item = items[randomInt(items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/** A major-unit amount with cents, between `min` and `max`. */
function amount(min: number, max: number): number {
  return randomInt(min * 100, max * 100) / 100;
}

/** A new card's controls: its per-authorization limit, and nothing spent yet. */
function sampleCardControls(spendLimit: number): Pick<CardRecord, "spendLimit" | "spendingControls" | "spending"> {
  return {
    spendLimit,
    spendingControls: { spendingLimits: [{ amount: spendLimit, interval: "per_authorization" }] },
    spending: [],
  };
}

/**
 * The status the kind's record is in after its change, read from the catalog's example of the kind
 * (a card.frozen card is frozen, a payout.paid payout paid): one list, not a second table here.
 */
function statusAfter(type: EventType): string {
  const status = EVENT_CATALOG[type].example.data.status;
  if (typeof status !== "string") throw new Error(`the catalog's ${type} example has no status`);
  return status;
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): T {
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new Error(`${value} is not one of ${allowed.join(", ")}`);
  return found;
}

type SampleData =
  | WalletRecord
  | CardRecord
  | AuthorizationRecord
  | TopUpRecord
  | TransferEventData
  | PayoutRecord
  | WebhookEndpointDisabledData
  | DecisionEndpointFailingData
  | WebhookSecretRotatedData;

/**
 * A record shaped exactly like the real event's data, chosen by the data schema the catalog gives
 * the kind (a wallet, card, authorization, top-up, transfer or payout with ids of the right
 * prefixes: one holder's new wallet, its card, and a spend at a plausible merchant, held, captured
 * in part and refunded in part as the kind says), or for an operational event its ids and times.
 */
function sampleRecord(type: EventType, livemode: boolean): SampleData {
  const schema = EVENT_CATALOG[type].data;
  const now = new Date();
  const createdAt = now.toISOString();
  const holder = pick(HOLDERS);
  const walletId = newId("wal");
  const externalUserId = `user_${randomInt(1000, 100_000)}`;
  if (schema === topUpSchema) {
    const topUp = amount(1000, 50_000);
    const reference = livemode ? `DEP-${randomInt(100_000, 1_000_000)}` : null;
    return {
      id: newId("tu"),
      object: "top_up",
      amount: topUp,
      currency: "USD",
      reference,
      description: null,
      balanceAfter: topUp,
      livemode,
      createdAt,
    };
  }
  if (schema === payoutSchema) {
    const status = oneOf(statusAfter(type), [
      "pending",
      "in_transit",
      "paid",
      "failed",
      "returned",
      "canceled",
    ] as const);
    return {
      id: newId("po"),
      object: "payout",
      from: { type: "wallet", walletId, externalUserId },
      bankAccountId: newId("ba"),
      amount: amount(20, 500),
      currency: "USD",
      description: null,
      status,
      failureReason: status === "failed" ? "account_closed" : status === "returned" ? "returned_by_bank" : null,
      rail: "simulator",
      livemode,
      createdAt,
      updatedAt: createdAt,
    };
  }
  if (schema === transferEventDataSchema) {
    return {
      id: newId("tr"),
      object: "transfer",
      from: { type: "balance", walletId: null, externalUserId: null },
      to: { type: "wallet", walletId, externalUserId },
      amount: amount(20, 500),
      currency: "USD",
      description: null,
      metadata: {},
      livemode,
      createdAt,
      walletId,
    };
  }
  if (schema === walletSchema) {
    const status = oneOf(statusAfter(type), ["active", "frozen", "closed"] as const);
    return {
      id: walletId,
      object: "wallet",
      externalUserId,
      email: holder.email,
      name: holder.name,
      address: {
        line1: `${randomInt(10, 2000)} ${pick(STREETS)}`,
        city: holder.city,
        region: holder.region,
        postalCode: holder.postalCode,
        country: "US",
      },
      currency: "USD",
      accountNumber: newAccountNumber(),
      status,
      balance: { available: 0, posted: 0 },
      // wallet.updated: its controls were just set.
      spendingControls: {
        spendingLimits: type === "wallet.updated" ? [{ amount: pick([500, 1000, 2000]), interval: "daily" }] : [],
      },
      spending: [],
      livemode,
      createdAt,
    };
  }
  const operational = operationalSample(type, livemode, now);
  if (operational) return operational;
  const cardId = newId("card");
  if (schema === cardSchema) {
    const cardStatus = oneOf(statusAfter(type), ["active", "frozen", "canceled"] as const);
    return {
      id: cardId,
      object: "card",
      walletId,
      externalUserId,
      kind: "virtual",
      currency: "USD",
      ...sampleCardControls(pick([250, 500, 1000])),
      status: cardStatus,
      last4: String(randomInt(10_000)).padStart(4, "0"),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + 3,
      livemode,
      processor: "simulator",
      createdAt,
    };
  }
  if (schema !== authorizationSchema) throw new Error(`no sample record for ${type}`);
  const held = amount(5, 120);
  const status = oneOf(statusAfter(type), ["pending", "closed", "reversed", "expired", "declined"] as const);
  if (status === "declined") {
    return {
      id: newId("auth"),
      object: "authorization",
      cardId,
      walletId,
      externalUserId,
      amount: held,
      currency: "USD",
      status: "declined",
      declineCode: "insufficient_funds",
      capturedAmount: 0,
      refundedAmount: 0,
      merchant: { ...pick(MERCHANTS) },
      source: "sdk",
      expiresAt: null,
      requestedAmount: null,
      decision: { by: "funds", reason: "insufficient_funds" },
      metadata: {},
      livemode,
      createdAt,
      updatedAt: createdAt,
    };
  }
  // The hold came first; a capture, refund, reversal or lapse is what just happened.
  const authorizedAt = status === "pending" ? createdAt : new Date(now.getTime() - 6 * 60_000).toISOString();
  const captured = status === "closed" ? Math.round(held * 92) / 100 : 0;
  const refunded = type === "card.refunded" ? Math.round(captured * 25) / 100 : 0;
  return {
    id: newId("auth"),
    object: "authorization",
    cardId,
    walletId,
    externalUserId,
    amount: held,
    currency: "USD",
    status,
    declineCode: null,
    capturedAmount: captured,
    refundedAmount: refunded,
    merchant: { ...pick(MERCHANTS) },
    source: "sdk",
    // Holds lapse AUTHORIZATION_HOLD_DAYS (7 by default) after they are placed.
    expiresAt: new Date(Date.parse(authorizedAt) + 7 * 86_400_000).toISOString(),
    requestedAmount: null,
    decision: { by: "default", reason: "no_endpoint" },
    metadata: {},
    livemode,
    createdAt: authorizedAt,
    updatedAt: createdAt,
  };
}

/** The operational kinds' data (ids, reasons, times), or null for a kind about a record. */
function operationalSample(type: EventType, livemode: boolean, now: Date): SampleData | null {
  const at = now.toISOString();
  const hourAgo = new Date(now.getTime() - 60 * 60_000).toISOString();
  if (type === "webhook_endpoint.disabled") {
    const since = new Date(now.getTime() - 3 * 86_400_000 - 60_000).toISOString();
    return {
      id: newId("we"),
      object: "webhook_endpoint",
      reason: `Disabled automatically: every delivery failed for 3 days (since ${since}) with no success; last error: HTTP 503`,
      failingSince: since,
      disabledAt: at,
      livemode,
    };
  }
  if (type === "decision_endpoint.failing") {
    return {
      id: newId("aep"),
      object: "decision_endpoint",
      reason: pick(["timeout", "error", "invalid_response"] as const),
      consecutiveFailures: 5,
      failingSince: hourAgo,
      defaultAction: pick(["approve", "decline"] as const),
      livemode,
    };
  }
  if (type === "webhook_secret.rotated") {
    return {
      id: newId("whsk"),
      object: "webhook_signing_secret",
      mode: livemode ? "live" : "test",
      previousSecretId: newId("whsk"),
      scheduled: true,
      activeFrom: at,
      livemode,
    };
  }
  return null;
}
