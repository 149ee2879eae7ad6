// Puts one mode's pending webhook signing secret in use now, ahead of the time picked when it was rolled.
import type { Db } from "@/lib/db/client";
import { activatePendingSecret, activationAuditDetail } from "@/lib/webhooks/signing-secrets";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication } from "./require-application";
import { writeIn } from "./roles";

export async function activateSecret(db: Db, context: AuditContext, applicationId: string, mode: KeyMode) {
  await requireApplication(db, context.merchantId, applicationId, writeIn(mode === "live"));
  const livemode = mode === "live";
  const activated = await activatePendingSecret(db, { applicationId, livemode });
  if (!activated) throw ConsoleError.refused(`There is no pending ${mode} secret to activate.`);
  await recordAudit(db, context, {
    applicationId,
    action: "webhook_secret.activated",
    detail: activationAuditDetail(livemode, activated, false),
  });
  return { mode, activeFrom: activated.activeFrom };
}
