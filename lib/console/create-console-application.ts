// Registers an application from the console, in an account where the member may create them (the
// one chosen, else the account they own), and records it in the audit log.
import { z } from "zod";
import { ownAccount } from "@/lib/accounts/create-account";
import { createApplication } from "@/lib/applications/create-application";
import type { Db } from "@/lib/db/client";
import { applicationName } from "./application-name";
import { parseFields } from "./parse-fields";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { requireAccount } from "./require-application";

export async function createConsoleApplication(
  db: Db,
  context: AuditContext,
  raw: { name: unknown; accountId?: string },
) {
  const { name } = parseFields(z.object({ name: applicationName }), raw);
  const accountId = raw.accountId
    ? (await requireAccount(db, context.merchantId, raw.accountId, "manage_applications")).id
    : (await ownAccount(db, context.merchantId)).id;
  const { application } = await createApplication(db, { accountId, name });
  await recordAudit(db, context, { applicationId: application.id, action: "application.created", detail: { name } });
  return { id: application.id, name: application.name };
}
