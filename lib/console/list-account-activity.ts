// A merchant's own account-level audit lines (two-factor on or off, recovery codes), newest first, a
// page at a time. Application audit lines are listed per application (list-audit-log.ts).
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";

export async function listAccountActivity(db: Db, merchantId: string, query: { after?: string } = {}) {
  const scope = { merchantId, applicationId: null };
  return readConsolePage(
    query.after,
    (id) => db.auditLog.findFirst({ where: { id, ...scope }, select: { id: true, createdAt: true } }),
    (keyset) =>
      db.auditLog.findMany({
        where: { ...scope, ...keyset.where },
        orderBy: NEWEST_FIRST,
        take: keyset.take,
        select: { id: true, createdAt: true, action: true, ipAddress: true },
      }),
  );
}
