// Revokes one of the application's API keys; it returns once serving processes have been told, so
// the key stops at once (see lib/keys/revoke-api-key.ts).
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { ConsoleError } from "./errors";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";

/** Takes the root client: the revocation commits (with its audit line) before this returns. */
export async function revokeKey(db: PrismaClient, context: AuditContext, applicationId: string, keyId: string) {
  const application = await requireApplication(db, context.merchantId, applicationId, "see_keys");
  const key = await db.apiKey.findFirst({ where: { id: keyId, applicationId } });
  if (!key) throw ConsoleError.notFound("API key");
  requirePermission(application, writeIn(key.livemode));
  if (key.revokedAt) return { revoked: false };
  // The checks above need no lock: the update repeats them (not yet revoked, this application).
  const revoked = await revokeApiKey(db, keyId, {
    applicationId,
    onRevoked: (tx) =>
      recordAudit(tx, context, {
        applicationId,
        action: "api_key.revoked",
        detail: { keyId, name: key.name, last4: key.last4 },
      }),
  });
  return { revoked };
}
