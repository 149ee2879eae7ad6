// Turns one of the application's webhook endpoints on or off; off stops new deliveries to it.
import type { Db } from "@/lib/db/client";
import { disableWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { ConsoleNotFoundError } from "./errors";
import { recordAudit, type AuditContext } from "./record-audit";
import { requireApplication } from "./require-application";

export async function setEndpointEnabled(
  db: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  enabled: boolean,
) {
  await requireApplication(db, context.merchantId, applicationId);
  const endpoint = await db.webhookEndpoint.findFirst({ where: { id: endpointId, applicationId } });
  if (!endpoint) throw new ConsoleNotFoundError("Webhook endpoint");
  if (endpoint.enabled === enabled) return { enabled };
  if (enabled) await db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true } });
  else await disableWebhookEndpoint(db, endpoint.id);
  await recordAudit(db, context, {
    applicationId,
    action: "webhook_endpoint.updated",
    detail: { endpointId, url: endpoint.url, enabled },
  });
  return { enabled };
}
