// Registers a webhook endpoint, in the mode its request named and mode-write.ts checked (else, for
// callers without a form, the member's current view), through the webhooks domain,
// which vets the URL by the rule every send applies again (lib/webhooks/address-guard.ts): public
// https in live mode; in test mode public addresses, or localhost where the deployment allows it
// (ALLOW_LOOPBACK_ENDPOINTS), never a private network; with its description, metadata and throttle
// held to the API's limits (endpoint-settings.ts).
import type { Db } from "@/lib/db/client";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { modeOf, type ModeWrite } from "./mode-write";
import { writeIn } from "./roles";
import { requireVerifiedEmail } from "./email-verification";
import { asConsoleErrors } from "./webhook-errors";
import { readEndpointSettings, type EndpointSettingsInput } from "./endpoint-settings";

export async function registerEndpoint(
  db: Db,
  context: AuditContext,
  applicationId: string,
  input: { url: string; events: readonly string[]; enabled: boolean; mode?: ModeWrite } & EndpointSettingsInput,
) {
  const application = await requireApplication(db, context.merchantId, applicationId);
  const livemode = modeOf(application, input.mode);
  requirePermission(application, writeIn(livemode));
  if (livemode) await requireVerifiedEmail(db, context.merchantId, "add live endpoints");
  const url = input.url.trim();
  if (!url) throw ConsoleError.field("url", "Enter the URL that should receive webhooks.");
  const settings = readEndpointSettings(input);
  const endpoint = await asConsoleErrors(() =>
    addWebhookEndpoint(db, {
      applicationId,
      url,
      livemode,
      events: [...input.events],
      enabled: input.enabled,
      ...settings,
    }),
  );
  await recordAudit(db, context, {
    applicationId,
    action: "webhook_endpoint.created",
    detail: {
      endpointId: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      enabled: input.enabled,
      livemode: endpoint.livemode,
      maxPerSecond: endpoint.maxPerSecond,
    },
  });
  return { id: endpoint.id };
}
