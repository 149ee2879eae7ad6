// The application's webhook deliveries in one mode, newest first, each with its last attempt;
// filterable by event, event kind, status and endpoint; and one delivery with every attempt.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { ListDeliveriesQuery, WebhookDeliveryDetail, WebhookDeliveryRecord } from "@/lib/schemas/webhook";
import type { Tenant } from "@/lib/tenant";
import { attemptRecord, deliveryInclude, deliveryRecord } from "./delivery-record";

export async function listDeliveries(
  db: Db,
  tenant: Tenant,
  query: ListDeliveriesQuery,
): Promise<ListPage<WebhookDeliveryRecord>> {
  const scope = { applicationId: tenant.applicationId, livemode: tenant.livemode };
  const cursor = await findCursor(query.starting_after, "a delivery", (id) =>
    db.webhookDelivery.findFirst({ where: { id, ...scope }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.webhookDelivery.findMany({
    where: {
      ...scope,
      ...(query.event ? { eventId: query.event } : {}),
      ...(query.type ? { event: { type: query.type } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.endpoint ? { endpointId: query.endpoint } : {}),
      ...afterCursor(cursor),
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
    include: { ...deliveryInclude, attempts: { orderBy: NEWEST_FIRST, take: 1 } },
  });
  return toPage(
    rows.map((row) => deliveryRecord(row, row.attempts[0] ?? null)),
    query.limit,
  );
}

/** One delivery with every attempt, oldest first, and whether its endpoint is enabled or deleted (for replays). */
export async function findDelivery(db: Db, tenant: Tenant, id: string) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: {
      ...deliveryInclude,
      // isTest and requestId are for the console's delivery page, read in the same join.
      event: { select: { type: true, isTest: true, requestId: true } },
      endpoint: { select: { url: true, enabled: true, deletedAt: true } },
      attempts: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
    },
  });
  if (!delivery) throw new DomainError("delivery_not_found", `No webhook delivery ${id}.`, { param: "id" });
  return delivery;
}

export async function getDelivery(db: Db, tenant: Tenant, id: string): Promise<WebhookDeliveryDetail> {
  return deliveryDetailRecord(await findDelivery(db, tenant, id));
}

/** A delivery read by findDelivery as the API shows it, every attempt included. */
export function deliveryDetailRecord(delivery: Awaited<ReturnType<typeof findDelivery>>): WebhookDeliveryDetail {
  return {
    ...deliveryRecord(delivery, delivery.attempts.at(-1) ?? null),
    attempts: delivery.attempts.map(attemptRecord),
  };
}
