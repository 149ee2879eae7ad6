// Opens an application's webhook signing secret for an explicit reveal, and audits that it was seen.
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import type { Db } from "@/lib/db/client";
import { recordAudit, type AuditContext } from "./record-audit";
import { requireApplication } from "./require-application";

export async function revealSecret(db: Db, context: AuditContext, applicationId: string) {
  const application = await requireApplication(db, context.merchantId, applicationId);
  await recordAudit(db, context, { applicationId, action: "webhook_secret.revealed" });
  return { secret: openWebhookSecret(application.webhookSecretSealed), createdAt: application.webhookSecretAt };
}
