// Sends a test event to one endpoint from the console: the member's permission checked, then the
// webhooks domain's example event (lib/webhooks/test-event.ts), and an audit line.
import { transaction } from "@/lib/db/client";
import { sendTestEvent as sendExampleEvent } from "@/lib/webhooks/test-event";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireEndpoint } from "./require-endpoint";
import { asConsoleErrors } from "./webhook-errors";

export { testEventKinds } from "@/lib/webhooks/test-event";

export async function sendTestEvent(
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  /** Absent: the first kind the endpoint subscribes to. */
  kind?: string,
) {
  return transaction(async (tx) => {
    const application = await requireApplication(tx, context.merchantId, applicationId);
    const endpoint = await requireEndpoint(tx, applicationId, endpointId);
    requirePermission(application, writeIn(endpoint.livemode));
    const sent = await asConsoleErrors(() => sendExampleEvent(tx, endpoint, kind));
    await recordAudit(tx, context, {
      applicationId,
      action: "webhook_endpoint.tested",
      detail: { endpointId, url: endpoint.url, eventId: sent.eventId, type: sent.type },
    });
    return sent;
  });
}
