// An application's audit log, newest first, with the merchant account that acted.
import type { Db } from "@/lib/db/client";
import { requireApplication } from "./require-application";

export async function listAuditLog(db: Db, merchantId: string, applicationId: string) {
  await requireApplication(db, merchantId, applicationId);
  return db.auditLog.findMany({
    where: { applicationId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 200,
    include: { merchant: { select: { email: true, name: true } } },
  });
}
