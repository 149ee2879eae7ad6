// Opens one mode's webhook signing secrets (the one in use, and the pending one if a roll waits) for
// an explicit reveal, and audits that they were seen.
import type { Db } from "@/lib/db/client";
import { modeSigningSecrets, openSigningSecret } from "@/lib/webhooks/signing-secrets";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication } from "./require-application";
import { writeIn } from "./roles";

export async function revealSecret(db: Db, context: AuditContext, applicationId: string, mode: KeyMode) {
  await requireApplication(db, context.merchantId, applicationId, writeIn(mode === "live"));
  const { current, pending } = await modeSigningSecrets(db, applicationId, mode === "live");
  await recordAudit(db, context, { applicationId, action: "webhook_secret.revealed", detail: { mode } });
  return { mode, current: openSigningSecret(current), pending: pending ? openSigningSecret(pending) : null };
}
