// One webhook delivery of the application's current mode with every attempt: the exact body and
// headers sent and what came back; marked when its event is a test or its endpoint was deleted, with
// the SDK request that caused its event (the request log's id), if any.
import type { Db } from "@/lib/db/client";
import { getDelivery } from "@/lib/webhooks/list-deliveries";
import { consoleTenant, requireApplication } from "./require-application";
import { asConsoleErrors } from "./webhook-errors";

export async function deliveryDetail(db: Db, merchantId: string, applicationId: string, deliveryId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const delivery = await asConsoleErrors(() => getDelivery(db, tenant, deliveryId));
  // The marks withDeliveryMarks gives a list, read here with the event's request in two lookups.
  const [event, endpoint] = await Promise.all([
    db.event.findFirst({ where: { id: delivery.eventId, ...tenant }, select: { requestId: true, isTest: true } }),
    db.webhookEndpoint.findFirst({ where: { id: delivery.endpointId, ...tenant }, select: { deletedAt: true } }),
  ]);
  return {
    ...delivery,
    isTest: event?.isTest ?? false,
    endpointDeletedAt: endpoint?.deletedAt ?? null,
    requestId: event?.requestId ?? null,
  };
}
