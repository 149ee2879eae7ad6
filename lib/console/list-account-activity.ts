// A merchant's own account-level audit lines, newest first, a page at a time, read by the audit
// domain (lib/audit/list-audit-log.ts). Application audit lines are listed per application.
import { findAuditCursor, readAccountAuditLog } from "@/lib/audit/list-audit-log";
import type { Db } from "@/lib/db/client";
import { readConsolePage } from "./keyset-page";

export async function listAccountActivity(db: Db, merchantId: string, query: { after?: string } = {}) {
  return readConsolePage(
    query.after,
    (id) => findAuditCursor(db, { merchantId, applicationId: null, accountId: null }, id),
    (keyset) => readAccountAuditLog(db, merchantId, keyset),
  );
}
