// The event log of an application's current mode, newest first, optionally one event type, a page at
// a time: ownership checked here, the rows read by the events domain (lib/events/list-event-log.ts).
import type { Db } from "@/lib/db/client";
import { findEventLogCursor, readEventLog } from "@/lib/events/list-event-log";
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
    (id) => findEventLogCursor(db, tenant, id),
    (keyset) => readEventLog(db, tenant, query, keyset),
  );
}
