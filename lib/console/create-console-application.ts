// Registers an application from the console and records it in the audit log.
import { z } from "zod";
import { createApplication } from "@/lib/applications/create-application";
import type { Db } from "@/lib/db/client";
import { applicationName } from "./application-name";
import { parseFields } from "./parse-fields";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";

export async function createConsoleApplication(db: Db, context: AuditContext, raw: { name: unknown }) {
  const { name } = parseFields(z.object({ name: applicationName }), raw);
  const { application } = await createApplication(db, { merchantId: context.merchantId, name });
  await recordAudit(db, context, { applicationId: application.id, action: "application.created", detail: { name } });
  return { id: application.id, name: application.name };
}
