// Records an event in the caller's transaction, so a change and its event (and its webhook
// deliveries) commit or vanish together.
import { Prisma, type Event } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Tenant } from "@/lib/tenant";
import { insertDeliveries, subscribedEndpointIds } from "@/lib/webhooks/fan-out";

export const EVENT_TYPES = [
  "wallet.provisioned",
  "card.issued",
  "card.authorized",
  "card.captured",
  "card.refunded",
  "card.reversed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Every event is about one wallet: a wallet record is the wallet, a card or authorization names its own. */
export function walletIdOf(type: EventType, data: Record<string, unknown>): string {
  const walletId = type === "wallet.provisioned" ? data.id : data.walletId;
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
  // The wallet's counter moves under its row lock, held to commit: concurrent writers to one wallet
  // take their numbers one after the other, and a rolled-back writer returns its number, so a
  // wallet's events are numbered 1, 2, 3... with no gap. One statement for the count, the insert
  // and finding the endpoints the event goes to.
  const [row] = await tx.$queryRaw<(Event & { endpointIds: string[] })[]>`
    WITH next AS (
      UPDATE "Wallet" SET "eventSequence" = "eventSequence" + 1
      WHERE "id" = ${walletIdOf(type, data)}
      RETURNING "id", "eventSequence"
    ), event AS (
      INSERT INTO "Event" ("id", "applicationId", "livemode", "type", "data", "walletId", "sequence", "requestId", "createdAt")
      SELECT ${newId("evt")}, ${tenant.applicationId}, ${tenant.livemode}, ${type}, ${JSON.stringify(data)}::jsonb,
        next."id", next."eventSequence", ${requestOfTransaction.get(tx) ?? null}, ${new Date()}
      FROM next
      RETURNING *
    )
    SELECT event.*, ${subscribedEndpointIds(Prisma.sql`event`)} AS "endpointIds" FROM event`;
  if (!row) throw new Error(`recording a ${type} event: wallet ${walletIdOf(type, data)} does not exist`);
  const { endpointIds, ...event } = row;
  // Deliveries and their jobs commit or vanish with the event, like the event with its change.
  await insertDeliveries(tx, event, endpointIds);
  return event;
}
