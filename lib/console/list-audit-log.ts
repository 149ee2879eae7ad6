// An application's audit log, newest first, with the merchant account that acted, a page at a time.
import type { Db } from "@/lib/db/client";
import { NEWEST_FIRST } from "@/lib/schemas/pagination";
import { readConsolePage } from "./keyset-page";
import { requireApplication } from "./require-application";

export async function listAuditLog(db: Db, merchantId: string, applicationId: string, query: { after?: string } = {}) {
  await requireApplication(db, merchantId, applicationId);
  return readConsolePage(
    query.after,
    (id) => db.auditLog.findFirst({ where: { id, applicationId }, select: { id: true, createdAt: true } }),
    (keyset) =>
      db.auditLog.findMany({
        where: { applicationId, ...keyset.where },
        orderBy: NEWEST_FIRST,
        take: keyset.take,
        include: { merchant: { select: { email: true, name: true } } },
      }),
  );
}
