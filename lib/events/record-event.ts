// Records an event in the caller's transaction, so a change and its event (and its webhook
// deliveries) commit or vanish together.
import { Prisma, type Event } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Tenant } from "@/lib/tenant";
import { insertDeliveries, subscribedEndpointIds } from "@/lib/webhooks/fan-out";
import { currentTraceparent } from "@/lib/tracing/tracing";

export const EVENT_TYPES = [
  "wallet.provisioned",
  "card.issued",
  "card.authorized",
  "card.captured",
  "card.refunded",
  "card.reversed",
  "top_up.created",
  "transfer.created",
  "card.incremented",
  "card.advised",
  "card.force_posted",
  "card.return_reversed",
  "payout.created",
  "payout.in_transit",
  "payout.paid",
  "payout.failed",
  "payout.returned",
  "payout.canceled",
  // Issue 38's catalog: what an application would otherwise poll for.
  "card.declined",
  "card.frozen",
  "card.unfrozen",
  "card.canceled",
  "card.updated",
  "wallet.updated",
  // The rest of issue 38's catalog: wallet status, a hold's lapse, and the application's own
  // operational events (docs/decisions/wallet-status.md, docs/decisions/operational-events.md).
  "wallet.frozen",
  "wallet.unfrozen",
  "wallet.closed",
  "card.expired",
  "webhook_endpoint.disabled",
  "decision_endpoint.failing",
  "webhook_secret.rotated",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Whose sequence an event of each kind takes: the wallet it is about (a wallet record is the wallet;
 * a card or authorization names its own), or null for an event about no wallet (the application's
 * own: its balance, its endpoints), numbered in the application's stream of its mode instead
 * (docs/decisions/event-sequence.md). A new kind says which here; the compiler insists.
 */
/** A payout's wallet (`from.walletId`), or null for one paid from the application's balance. */
function payoutWallet(data: Record<string, unknown>): unknown {
  const from = data.from;
  return typeof from === "object" && from !== null && "walletId" in from ? from.walletId : undefined;
}

const WALLET_OF: { readonly [K in EventType]: (data: Record<string, unknown>) => unknown } = {
  "wallet.provisioned": (data) => data.id,
  "card.issued": (data) => data.walletId,
  "card.authorized": (data) => data.walletId,
  "card.captured": (data) => data.walletId,
  "card.refunded": (data) => data.walletId,
  "card.reversed": (data) => data.walletId,
  "top_up.created": () => null,
  "transfer.created": (data) => data.walletId,
  "card.incremented": (data) => data.walletId,
  "card.advised": (data) => data.walletId,
  "card.force_posted": (data) => data.walletId,
  "card.return_reversed": (data) => data.walletId,
  "payout.created": payoutWallet,
  "payout.in_transit": payoutWallet,
  "payout.paid": payoutWallet,
  "payout.failed": payoutWallet,
  "payout.returned": payoutWallet,
  "payout.canceled": payoutWallet,
  "card.declined": (data) => data.walletId,
  "card.frozen": (data) => data.walletId,
  "card.unfrozen": (data) => data.walletId,
  "card.canceled": (data) => data.walletId,
  "card.updated": (data) => data.walletId,
  "wallet.updated": (data) => data.id,
  "wallet.frozen": (data) => data.id,
  "wallet.unfrozen": (data) => data.id,
  "wallet.closed": (data) => data.id,
  "card.expired": (data) => data.walletId,
  "webhook_endpoint.disabled": () => null,
  "decision_endpoint.failing": () => null,
  "webhook_secret.rotated": () => null,
};

/** The wallet whose sequence the event takes, or null for the application's stream. */
export function walletIdOf(type: EventType, data: Record<string, unknown>): string | null {
  const walletId = WALLET_OF[type](data);
  if (walletId === null) return null;
  if (typeof walletId !== "string") throw new Error(`a ${type} event's data names no wallet`);
  return walletId;
}

// The SDK request each write transaction runs for (lib/http/sdk-route.ts), so its events name it
// without every domain operation passing the id along. Weak: a finished transaction is forgotten.
const requestOfTransaction = new WeakMap<Prisma.TransactionClient, string>();

export function attributeEventsTo(tx: Prisma.TransactionClient, requestId: string): void {
  requestOfTransaction.set(tx, requestId);
}

export async function recordEvent(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  type: EventType,
  data: Record<string, unknown>,
): Promise<Event> {
  const walletId = walletIdOf(type, data);
  // The stream's counter moves under its row lock, held to commit: concurrent writers to one wallet
  // (or to the application's stream) take their numbers one after the other, and a rolled-back
  // writer returns its number, so a stream's events are numbered 1, 2, 3... with no gap. One
  // statement for the count, the insert and finding the endpoints the event goes to.
  const next =
    walletId === null
      ? Prisma.sql`INSERT INTO "ApplicationEventStream" ("applicationId", "livemode", "eventSequence")
          VALUES (${tenant.applicationId}, ${tenant.livemode}, 1)
          ON CONFLICT ("applicationId", "livemode")
            DO UPDATE SET "eventSequence" = "ApplicationEventStream"."eventSequence" + 1
          RETURNING NULL::text AS "id", "eventSequence"`
      : Prisma.sql`UPDATE "Wallet" SET "eventSequence" = "eventSequence" + 1
          WHERE "id" = ${walletId}
          RETURNING "id", "eventSequence"`;
  const [row] = await tx.$queryRaw<(Event & { endpointIds: string[] })[]>`
    WITH next AS (${next}), event AS (
      INSERT INTO "Event" ("id", "applicationId", "livemode", "type", "data", "walletId", "sequence", "requestId", "traceparent", "createdAt")
      SELECT ${newId("evt")}, ${tenant.applicationId}, ${tenant.livemode}, ${type}, ${JSON.stringify(data)}::jsonb,
        next."id", next."eventSequence", ${requestOfTransaction.get(tx) ?? null}, ${currentTraceparent()}, ${new Date()}
      FROM next
      RETURNING *
    )
    SELECT event.*, ${subscribedEndpointIds(Prisma.sql`event`)} AS "endpointIds" FROM event`;
  if (!row) throw new Error(`recording a ${type} event: wallet ${walletId} does not exist`);
  const { endpointIds, ...event } = row;
  // Deliveries and their jobs commit or vanish with the event, like the event with its change.
  await insertDeliveries(tx, event, endpointIds);
  return event;
}
