// An application's audit log, newest first, with the merchant account that acted, a page at a time:
// ownership checked here, the rows read by the audit domain (lib/audit/list-audit-log.ts).
import { findAuditCursor, readApplicationAuditLog } from "@/lib/audit/list-audit-log";
import type { Db } from "@/lib/db/client";
import { readConsolePage } from "./keyset-page";
import { requireApplication } from "./require-application";

export async function listAuditLog(db: Db, merchantId: string, applicationId: string, query: { after?: string } = {}) {
  await requireApplication(db, merchantId, applicationId);
  return readConsolePage(
    query.after,
    (id) => findAuditCursor(db, { applicationId }, id),
    (keyset) => readApplicationAuditLog(db, applicationId, keyset),
  );
}
