// The application's webhook deliveries in one mode, newest first, each with its last attempt;
// filterable by event, event kind, status and endpoint; and one delivery with every attempt.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import { toPage, type ListPage } from "@/lib/schemas/pagination";
import type { ListDeliveriesQuery, WebhookDeliveryDetail, WebhookDeliveryRecord } from "@/lib/schemas/webhook";
import type { Tenant } from "@/lib/tenant";
import { attemptRecord, deliveryInclude, deliveryRecord } from "./delivery-record";

export async function listDeliveries(
  db: Db,
  tenant: Tenant,
  query: ListDeliveriesQuery,
): Promise<ListPage<WebhookDeliveryRecord>> {
  const where: Prisma.WebhookDeliveryWhereInput = {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    ...(query.event ? { eventId: query.event } : {}),
    ...(query.type ? { event: { type: query.type } } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.endpoint ? { endpointId: query.endpoint } : {}),
  };
  if (query.starting_after) {
    const cursor = await db.webhookDelivery.findFirst({
      where: { id: query.starting_after, applicationId: tenant.applicationId, livemode: tenant.livemode },
      select: { id: true, createdAt: true },
    });
    if (!cursor)
      throw new ApiError("validation_failed", "starting_after must be the id of a delivery.", {
        param: "starting_after",
      });
    where.OR = [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }];
  }
  const rows = await db.webhookDelivery.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { ...deliveryInclude, attempts: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 } },
  });
  return toPage(
    rows.map((row) => deliveryRecord(row, row.attempts[0] ?? null)),
    query.limit,
  );
}

export async function findDelivery(db: Db, tenant: Tenant, id: string) {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    include: { ...deliveryInclude, attempts: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] } },
  });
  if (!delivery) throw new ApiError("delivery_not_found", `No webhook delivery ${id}.`, { param: "id" });
  return delivery;
}

export async function getDelivery(db: Db, tenant: Tenant, id: string): Promise<WebhookDeliveryDetail> {
  const delivery = await findDelivery(db, tenant, id);
  return {
    ...deliveryRecord(delivery, delivery.attempts.at(-1) ?? null),
    attempts: delivery.attempts.map(attemptRecord),
  };
}
