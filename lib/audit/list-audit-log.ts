// Reading the audit log, newest first, a page at a time (the caller pages it with a Keyset): an
// application's lines with the merchant account that acted, and a merchant's own account-level lines
// (two-factor on or off, recovery codes), which belong to no application.
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST, type Keyset } from "@/lib/schemas/pagination";

/** Whose lines a list holds: one application's, or one merchant's account-level ones. */
export type AuditScope = { applicationId: string } | { merchantId: string; applicationId: null; accountId: null };

/** The line an `after` cursor names, within `scope`, or null. */
export function findAuditCursor(db: Db, scope: AuditScope, id: string) {
  return db.auditLog.findFirst({ where: { id, ...scope }, select: { id: true, createdAt: true } });
}

export function readApplicationAuditLog(db: Db, applicationId: string, keyset: Keyset) {
  return db.auditLog.findMany({
    where: { applicationId, ...keyset.where },
    orderBy: NEWEST_FIRST,
    take: keyset.take,
    include: { merchant: { select: { email: true, name: true } } },
  });
}

export function readAccountAuditLog(db: Db, merchantId: string, keyset: Keyset) {
  return db.auditLog.findMany({
    // Not the lines about an account's team, which its team page lists.
    where: { merchantId, applicationId: null, accountId: null, ...keyset.where },
    orderBy: NEWEST_FIRST,
    take: keyset.take,
    select: { id: true, createdAt: true, action: true, ipAddress: true },
  });
}
