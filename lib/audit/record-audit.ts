// Writes one audit-log line for a security-relevant action (who, what, when, from where): a merchant's
// in the console, or the service's own (the delivery engine, a scheduled job). Callers pass the
// transaction that makes the change, so the change and its line commit together. The audit log is a
// domain module of its own: lib/console and lib/webhooks import it; it imports no console or HTTP code.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type AuditAction =
  | "application.created"
  | "application.renamed"
  | "application.mode_changed"
  | "api_key.minted"
  | "api_key.revoked"
  | "webhook_secret.revealed"
  | "card_details.revealed"
  | "webhook_secret.rolled"
  | "webhook_secret.activated"
  | "webhook_endpoint.created"
  | "webhook_endpoint.updated"
  | "webhook_endpoint.deleted"
  | "webhook_endpoint.disabled_automatically"
  | "webhook_endpoint.tested"
  | "webhook_delivery.replayed"
  | "two_factor.enabled"
  | "two_factor.disabled"
  | "recovery_codes.regenerated"
  | "recovery_code.used";

export type AuditContext = { merchantId: string; ipAddress?: string | null };

export async function recordAudit(
  db: Db,
  context: AuditContext,
  entry: { applicationId: string | null; action: AuditAction; detail?: Prisma.InputJsonValue },
): Promise<void> {
  await db.auditLog.create({
    data: {
      id: newId("aud"),
      merchantId: context.merchantId,
      applicationId: entry.applicationId,
      action: entry.action,
      detail: entry.detail,
      ipAddress: context.ipAddress ?? null,
    },
  });
}

/**
 * An audit line written by the service itself (the delivery engine, a scheduled job) about an
 * application: filed under the application's merchant, with no address.
 */
export async function recordSystemAudit(
  tx: Prisma.TransactionClient,
  entry: { applicationId: string; action: AuditAction; detail?: Prisma.InputJsonValue },
): Promise<void> {
  const application = await tx.application.findUniqueOrThrow({
    where: { id: entry.applicationId },
    select: { merchantId: true },
  });
  await recordAudit(tx, { merchantId: application.merchantId, ipAddress: null }, entry);
}
