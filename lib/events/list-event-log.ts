// The event log the console shows: every event of one application and mode, test events included
// (the API's listEvents leaves those out), optionally of one type, newest first, each with how many
// deliveries it made. The caller pages it: `keyset` is what lib/console/keyset-page.ts hands over.
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST, type Keyset } from "@/lib/schemas/pagination";
import type { Tenant } from "@/lib/tenant";

/** The event an `after` cursor names, within this log's application and mode, or null. */
export function findEventLogCursor(db: Db, tenant: Tenant, id: string) {
  return db.event.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    select: { id: true, createdAt: true },
  });
}

export async function readEventLog(db: Db, tenant: Tenant, query: { type?: string }, keyset: Keyset) {
  const events = await db.event.findMany({
    where: {
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      ...(query.type ? { type: query.type } : {}),
      ...keyset.where,
    },
    orderBy: NEWEST_FIRST,
    take: keyset.take,
    select: {
      id: true,
      type: true,
      data: true,
      livemode: true,
      createdAt: true,
      isTest: true,
      requestId: true,
    },
  });
  // Counted for this page's events only, through the eventId index: a relation _count in the query
  // above grouped every delivery of the table first (docs/decisions/console-read-costs.md).
  const counts = events.length
    ? await db.webhookDelivery.groupBy({
        by: ["eventId"],
        where: { eventId: { in: events.map((event) => event.id) } },
        _count: { _all: true },
      })
    : [];
  const deliveries = new Map(counts.map((row) => [row.eventId, row._count._all]));
  return events.map((event) => ({ ...event, _count: { deliveries: deliveries.get(event.id) ?? 0 } }));
}

/** One event of the log with what its console page shows, or null when this application and mode has none by that id. */
export function findLoggedEvent(db: Db, tenant: Tenant, id: string) {
  return db.event.findFirst({
    where: { id, applicationId: tenant.applicationId, livemode: tenant.livemode },
    select: {
      id: true,
      type: true,
      data: true,
      sequence: true,
      walletId: true,
      requestId: true,
      isTest: true,
      livemode: true,
      createdAt: true,
    },
  });
}
