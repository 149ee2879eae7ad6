// Switches the console between an application's test and live data.
import type { Db } from "@/lib/db/client";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication } from "./require-application";

export async function setMode(db: Db, context: AuditContext, applicationId: string, mode: "test" | "live") {
  const application = await requireApplication(db, context.merchantId, applicationId);
  const livemode = mode === "live";
  if (application.consoleLivemode !== livemode) {
    await db.application.update({ where: { id: application.id }, data: { consoleLivemode: livemode } });
    await recordAudit(db, context, { applicationId, action: "application.mode_changed", detail: { mode } });
  }
  return { livemode };
}
