// Writes one audit-log line for a security-relevant action (who, what, when, from where): a merchant's
// in the console, or the service's own (the delivery engine, a scheduled job). Callers pass the
// transaction that makes the change, so the change and its line commit together. The audit log is a
// domain module of its own: lib/console and lib/webhooks import it; it imports no console or HTTP code.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type AuditAction =
  | "account.created"
  | "application.created"
  | "application.renamed"
  | "application.mode_changed"
  | "api_key.minted"
  | "api_key.revoked"
  | "webhook_secret.revealed"
  | "card_details.revealed"
  | "card.spending_controls_updated"
  | "card.network_simulated"
  | "authorization.reversed"
  | "wallet.status_changed"
  | "webhook_secret.rolled"
  | "webhook_secret.activated"
  | "webhook_endpoint.created"
  | "webhook_endpoint.updated"
  | "webhook_endpoint.deleted"
  | "webhook_endpoint.disabled_automatically"
  | "webhook_endpoint.tested"
  | "webhook_delivery.replayed"
  | "webhook_recovery.started"
  | "webhook_recovery.canceled"
  | "authorization_endpoint.set"
  | "authorization_endpoint.deleted"
  | "two_factor.enabled"
  | "two_factor.disabled"
  | "recovery_codes.regenerated"
  | "recovery_code.used"
  | "member.invited"
  | "member.invitation_revoked"
  | "member.joined"
  | "member.role_changed"
  | "member.removed"
  | "member.left"
  | "email.verified"
  | "password.changed"
  | "password.reset"
  | "top_up.recorded"
  | "bank_account.created"
  | "payout.created"
  | "payout.moved"
  | "transfer.created";

export type AuditContext = { merchantId: string; ipAddress?: string | null };

/**
 * `merchantId` null is the service itself. A line about an application is filed under its account
 * too; `accountId` alone files a line about the account (its members and invitations).
 */
export async function recordAudit(
  db: Db,
  context: { merchantId: string | null; ipAddress?: string | null },
  entry: { applicationId: string | null; accountId?: string; action: AuditAction; detail?: Prisma.InputJsonValue },
): Promise<void> {
  const accountId =
    entry.accountId ??
    (entry.applicationId
      ? (await db.application.findUniqueOrThrow({ where: { id: entry.applicationId }, select: { accountId: true } }))
          .accountId
      : null);
  await db.auditLog.create({
    data: {
      id: newId("aud"),
      merchantId: context.merchantId,
      accountId,
      applicationId: entry.applicationId,
      action: entry.action,
      detail: entry.detail,
      ipAddress: context.ipAddress ?? null,
    },
  });
}

/**
 * An audit line written by the service itself (the delivery engine, a scheduled job) about an
 * application: it names no member, and has no address.
 */
export async function recordSystemAudit(
  tx: Prisma.TransactionClient,
  entry: { applicationId: string; action: AuditAction; detail?: Prisma.InputJsonValue },
): Promise<void> {
  await recordAudit(tx, { merchantId: null, ipAddress: null }, entry);
}
