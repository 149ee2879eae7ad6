// Deletes a webhook endpoint after the merchant confirmed it: nothing is sent to it again, its
// pending deliveries end failed, and its deliveries stay readable. `tx` must be a transaction.
import type { Db } from "@/lib/db/client";
import { deleteWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireEndpoint } from "./require-endpoint";

export async function deleteEndpoint(tx: Db, context: AuditContext, applicationId: string, endpointId: string) {
  const application = await requireApplication(tx, context.merchantId, applicationId);
  const endpoint = await requireEndpoint(tx, applicationId, endpointId);
  requirePermission(application, writeIn(endpoint.livemode));
  const { failedDeliveries } = await deleteWebhookEndpoint(tx, endpoint.id);
  await recordAudit(tx, context, {
    applicationId,
    action: "webhook_endpoint.deleted",
    detail: {
      endpointId,
      url: endpoint.url,
      events: endpoint.events,
      livemode: endpoint.livemode,
      pendingDeliveriesFailed: failedDeliveries,
    },
  });
  return { failedDeliveries };
}
