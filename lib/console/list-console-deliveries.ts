// The webhook deliveries of the application's current mode with the console's filters, a page at a
// time, read through the webhooks domain's own list function.
import type { Db } from "@/lib/db/client";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { DELIVERY_STATUSES } from "@/lib/schemas/webhook";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";
import { withDeliveryMarks } from "./delivery-marks";
import { readListPage } from "./keyset-page";
import { consoleTenant, requireApplication } from "./require-application";

export type DeliveryFilters = { status?: string; type?: string; endpoint?: string };

export async function listConsoleDeliveries(
  db: Db,
  merchantId: string,
  applicationId: string,
  filters: DeliveryFilters & { after?: string },
) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const page = await readListPage(filters.after, (query) =>
    listDeliveries(db, tenant, {
      ...query,
      status: DELIVERY_STATUSES.find((s) => s === filters.status),
      type: EVENT_TYPES.find((t) => t === filters.type),
      endpoint: filters.endpoint || undefined,
    }),
  );
  // Test events and deleted endpoints are marked in the table.
  return { ...page, rows: await withDeliveryMarks(db, page.rows) };
}
