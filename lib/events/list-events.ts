// The application's events in one mode, newest first, with cursor pagination and filters by kind and wallet;
// and one event by id. The list leaves out test events (the console's "Send test event"), which are
// about no real wallet; one is still found by its id, as its webhook names it.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { EventRecord, ListEventsQuery } from "@/lib/schemas/event";
import { afterCursor, findCursor, NEWEST_FIRST, toPage, type ListPage } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";
import { eventRecord } from "./event-record";

export async function listEvents(db: Db, tenant: Tenant, query: ListEventsQuery): Promise<ListPage<EventRecord>> {
  const scope = { applicationId: tenant.applicationId, livemode: tenant.livemode };
  const cursor = await findCursor(query.starting_after, "an event", (id) =>
    db.event.findFirst({ where: { id, ...scope }, select: { id: true, createdAt: true } }),
  );
  const rows = await db.event.findMany({
    where: {
      ...scope,
      isTest: false,
      ...(query.type ? { type: query.type } : {}),
      ...(query.wallet ? { walletId: query.wallet } : {}),
      ...afterCursor(cursor),
    },
    orderBy: NEWEST_FIRST,
    take: query.limit + 1,
  });
  return toPage(rows.map(eventRecord), query.limit);
}

export async function getEvent(db: Db, tenant: Tenant, id: string): Promise<EventRecord> {
  const event = await db.event.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
  });
  if (!event) throw new DomainError("event_not_found", `No event ${id}.`, { param: "id" });
  return eventRecord(event);
}
