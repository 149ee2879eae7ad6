// Revokes one of the application's API keys; the SDK pipeline reads keys per request, so it stops at once.
import type { Db } from "@/lib/db/client";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { ConsoleNotFoundError } from "./errors";
import { recordAudit, type AuditContext } from "./record-audit";
import { requireApplication } from "./require-application";

export async function revokeKey(db: Db, context: AuditContext, applicationId: string, keyId: string) {
  await requireApplication(db, context.merchantId, applicationId);
  const key = await db.apiKey.findFirst({ where: { id: keyId, applicationId } });
  if (!key) throw new ConsoleNotFoundError("API key");
  if (key.revokedAt) return { revoked: false };
  const revoked = await revokeApiKey(db, keyId, applicationId);
  if (revoked) {
    await recordAudit(db, context, {
      applicationId,
      action: "api_key.revoked",
      detail: { keyId, name: key.name, last4: key.last4 },
    });
  }
  return { revoked };
}
