// Renames one of the merchant's applications.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { applicationName } from "./application-name";
import { parseFields } from "./parse-fields";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireApplication } from "./require-application";

export async function renameApplication(db: Db, context: AuditContext, applicationId: string, raw: { name: unknown }) {
  const application = await requireApplication(db, context.merchantId, applicationId, "manage_applications");
  const { name } = parseFields(z.object({ name: applicationName }), raw);
  await db.application.update({ where: { id: application.id }, data: { name } });
  await recordAudit(db, context, {
    applicationId,
    action: "application.renamed",
    detail: { from: application.name, to: name },
  });
  return { id: application.id, name };
}
