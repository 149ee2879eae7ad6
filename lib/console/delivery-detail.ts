// One webhook delivery of the application's current mode with every attempt: the exact body and
// headers sent and what came back.
import type { Db } from "@/lib/db/client";
import { getDelivery } from "@/lib/webhooks/list-deliveries";
import { consoleTenant, requireApplication } from "./require-application";
import { asConsoleErrors } from "./webhook-errors";

export async function deliveryDetail(db: Db, merchantId: string, applicationId: string, deliveryId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  return asConsoleErrors(() => getDelivery(db, tenant, deliveryId));
}
