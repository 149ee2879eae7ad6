// Turns one of the application's webhook endpoints on or off. Off records who disabled it; on clears
// that and the failure streak and resumes its pending deliveries, so `tx` must be a transaction.
import type { Db } from "@/lib/db/client";
import { disableWebhookEndpoint, enableWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireEndpoint } from "./require-endpoint";

export async function setEndpointEnabled(
  tx: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  enabled: boolean,
) {
  const application = await requireApplication(tx, context.merchantId, applicationId);
  const endpoint = await requireEndpoint(tx, applicationId, endpointId);
  requirePermission(application, writeIn(endpoint.livemode));
  if (endpoint.enabled === enabled) return { enabled };
  const merchant = await tx.merchantUser.findUnique({ where: { id: context.merchantId }, select: { email: true } });
  const by = merchant?.email ?? "the merchant";
  const base = { endpointId, url: endpoint.url, enabled };
  let detail;
  if (enabled) {
    const { resumed } = await enableWebhookEndpoint(tx, endpoint.id);
    detail = {
      ...base,
      reason: `Enabled by ${by}; failure streak cleared, ${resumed} pending deliveries resumed`,
      previousDisabledReason: endpoint.disabledReason,
      resumedDeliveries: resumed,
    };
  } else {
    const disabled = await disableWebhookEndpoint(tx, endpoint.id, by);
    detail = { ...base, reason: disabled.disabledReason };
  }
  await recordAudit(tx, context, { applicationId, action: "webhook_endpoint.updated", detail });
  return { enabled };
}
