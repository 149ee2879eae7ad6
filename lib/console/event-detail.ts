// One event of the application's current mode with its deliveries (one per endpoint it was sent to):
// ownership checked here, the event and its deliveries read by their domains.
import type { Db } from "@/lib/db/client";
import { findLoggedEvent } from "@/lib/events/list-event-log";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

// An event fans out to at most one delivery per endpoint; this is far above any application's endpoints.
const MAX_DELIVERIES = 100;

export async function eventDetail(db: Db, merchantId: string, applicationId: string, eventId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const event = await findLoggedEvent(db, tenant, eventId);
  if (!event) throw ConsoleError.notFound("Event");
  const deliveries = await listDeliveries(db, tenant, { limit: MAX_DELIVERIES, event: event.id });
  return { event, deliveries: deliveries.data };
}
