// Replays a delivery from the console through the webhooks domain's replayDelivery, which enforces
// the limits (5 per delivery in any 60 minutes, 20 per minute per merchant user) and queues the same deliver().
import { transaction } from "@/lib/db/client";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { consoleTenant, requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { asConsoleErrors } from "./webhook-errors";

export async function replayConsoleDelivery(context: AuditContext, applicationId: string, deliveryId: string) {
  return transaction(async (tx) => {
    const application = await requireApplication(tx, context.merchantId, applicationId);
    requirePermission(application, writeIn(application.consoleLivemode));
    const tenant = consoleTenant(application);
    const delivery = await asConsoleErrors(() => replayDelivery(tx, tenant, deliveryId));
    await recordAudit(tx, context, {
      applicationId,
      action: "webhook_delivery.replayed",
      detail: { deliveryId, eventId: delivery.eventId, url: delivery.url },
    });
    return delivery;
  });
}
