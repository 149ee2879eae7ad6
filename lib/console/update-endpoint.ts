// Edits a webhook endpoint's URL and subscribed event kinds, vetted by the rule registration applies
// for the endpoint's mode (lib/webhooks/address-guard.ts), with an audit line of before and after.
import type { Db } from "@/lib/db/client";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireEndpoint } from "./require-endpoint";
import { asConsoleErrors } from "./webhook-errors";

export async function updateEndpoint(
  tx: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  input: { url: string; events: readonly string[] },
) {
  const application = await requireApplication(tx, context.merchantId, applicationId);
  const endpoint = await requireEndpoint(tx, applicationId, endpointId);
  requirePermission(application, writeIn(endpoint.livemode));
  const url = input.url.trim();
  if (!url) throw ConsoleError.field("url", "Enter the URL that should receive webhooks.");
  const updated = await asConsoleErrors(() => updateWebhookEndpoint(tx, endpoint, { url, events: [...input.events] }));
  await recordAudit(tx, context, {
    applicationId,
    action: "webhook_endpoint.updated",
    detail: {
      endpointId,
      livemode: endpoint.livemode,
      before: { url: endpoint.url, events: endpoint.events },
      after: { url: updated.url, events: updated.events },
    },
  });
  return { id: updated.id, url: updated.url, events: updated.events };
}
