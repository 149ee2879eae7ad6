// Replaces an application's webhook signing secret; deliveries signed from now on use the new one.
import { mintWebhookSecret, sealWebhookSecret } from "@/lib/applications/webhook-secret";
import type { Db } from "@/lib/db/client";
import { recordAudit, type AuditContext } from "./record-audit";
import { requireApplication } from "./require-application";

export async function rotateSecret(db: Db, context: AuditContext, applicationId: string) {
  await requireApplication(db, context.merchantId, applicationId);
  const secret = mintWebhookSecret();
  const createdAt = new Date();
  await db.application.update({
    where: { id: applicationId },
    data: { webhookSecretSealed: sealWebhookSecret(secret), webhookSecretAt: createdAt },
  });
  await recordAudit(db, context, { applicationId, action: "webhook_secret.rotated" });
  return { secret, createdAt };
}
