// The application's events in one mode, newest first, with cursor pagination and a kind filter;
// and one event by id.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ApiError } from "@/lib/http/errors";
import type { EventRecord, ListEventsQuery } from "@/lib/schemas/event";
import { toPage, type ListPage } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { eventRecord } from "./event-record";

export async function listEvents(db: Db, tenant: Tenant, query: ListEventsQuery): Promise<ListPage<EventRecord>> {
  const where: Prisma.EventWhereInput = {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    ...(query.type ? { type: query.type } : {}),
  };
  if (query.starting_after) {
    const cursor = await db.event.findFirst({
      where: { id: query.starting_after, applicationId: tenant.applicationId, livemode: tenant.livemode },
      select: { id: true, createdAt: true },
    });
    if (!cursor)
      throw new ApiError("validation_failed", "starting_after must be the id of an event.", {
        param: "starting_after",
      });
    // Ties on createdAt are broken by id, the second sort key.
    where.OR = [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }];
  }
  const rows = await db.event.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
  });
  return toPage(rows.map(eventRecord), query.limit);
}

export async function getEvent(db: Db, tenant: Tenant, id: string): Promise<EventRecord> {
  const event = await db.event.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
  });
  if (!event) throw new ApiError("event_not_found", `No event ${id}.`, { param: "id" });
  return eventRecord(event);
}
