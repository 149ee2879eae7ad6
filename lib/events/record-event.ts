// Records an event in the caller's transaction, so a change and its event (and its webhook
// deliveries) commit or vanish together.
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { Tenant } from "@/lib/tenant";
import { queueDeliveries } from "@/lib/webhooks/fan-out";

export const EVENT_TYPES = [
  "wallet.provisioned",
  "card.issued",
  "card.authorized",
  "card.captured",
  "card.refunded",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export async function recordEvent(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  type: EventType,
  data: Record<string, unknown>,
) {
  const event = await tx.event.create({
    data: {
      id: newId("evt"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      type,
      data: data as Prisma.InputJsonValue,
    },
  });
  // Deliveries and their jobs commit or vanish with the event, like the event with its change.
  await queueDeliveries(tx, event);
  return event;
}
