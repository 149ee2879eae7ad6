// One webhook delivery of the application's current mode with every attempt: the exact body and
// headers sent and what came back; marked when its event is a test or its endpoint was deleted, with
// the SDK request that caused its event (the request log's id), if any, and the URL each attempt was
// sent to (the endpoint's URL may have been edited since). One read, the API's own.
import type { Db } from "@/lib/db/client";
import { deliveryDetailRecord, findDelivery } from "@/lib/webhooks/list-deliveries";
import { consoleTenant, requireApplication } from "./require-application";
import { asConsoleErrors } from "./webhook-errors";

export async function deliveryDetail(db: Db, merchantId: string, applicationId: string, deliveryId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const delivery = await asConsoleErrors(() => findDelivery(db, tenant, deliveryId));
  return {
    ...deliveryDetailRecord(delivery),
    isTest: delivery.event.isTest,
    endpointDeletedAt: delivery.endpoint.deletedAt,
    requestId: delivery.event.requestId,
    // Null for attempts made before the URL was recorded with each one.
    attemptUrls: new Map(delivery.attempts.map((attempt) => [attempt.id, attempt.url])),
  };
}
