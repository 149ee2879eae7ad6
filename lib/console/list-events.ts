// The event log of an application's current mode, newest first, optionally one event type, a page at a time.
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

export async function listEvents(
  db: Db,
  merchantId: string,
  applicationId: string,
  query: { type?: string; after?: string },
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  return readConsolePage(
    query.after,
    (id) => db.event.findFirst({ where: { id, ...tenant }, select: { id: true, createdAt: true } }),
    (keyset) =>
      db.event.findMany({
        where: { ...tenant, ...(query.type ? { type: query.type } : {}), ...keyset.where },
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
          _count: { select: { deliveries: true } },
        },
      }),
  );
}
