// Edits a webhook endpoint's URL and subscribed event kinds, vetted by the rule registration applies
// for the endpoint's mode (lib/webhooks/address-guard.ts), and its description, metadata and
// throttle by the API's limits (endpoint-settings.ts), with an audit line of before and after as the
// API's edit writes it.
import type { Db } from "@/lib/db/client";
import { updateWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";
import { requireEndpoint } from "./require-endpoint";
import { asConsoleErrors } from "./webhook-errors";
import { readEndpointSettings, type EndpointSettingsInput } from "./endpoint-settings";

export async function updateEndpoint(
  tx: Db,
  context: AuditContext,
  applicationId: string,
  endpointId: string,
  input: { url: string; events: readonly string[] } & EndpointSettingsInput,
) {
  const application = await requireApplication(tx, context.merchantId, applicationId);
  const endpoint = await requireEndpoint(tx, applicationId, endpointId);
  requirePermission(application, writeIn(endpoint.livemode));
  const url = input.url.trim();
  if (!url) throw ConsoleError.field("url", "Enter the URL that should receive webhooks.");
  const settings = readEndpointSettings(input);
  const updated = await asConsoleErrors(() =>
    updateWebhookEndpoint(tx, endpoint, { url, events: [...input.events], ...settings }),
  );
  const fields = (e: typeof endpoint) => ({
    url: e.url,
    events: e.events,
    description: e.description,
    metadata: e.metadata ?? {},
    maxPerSecond: e.maxPerSecond,
  });
  await recordAudit(tx, context, {
    applicationId,
    action: "webhook_endpoint.updated",
    detail: { endpointId, livemode: endpoint.livemode, before: fields(endpoint), after: fields(updated) },
  });
  return { id: updated.id, url: updated.url, events: updated.events };
}
