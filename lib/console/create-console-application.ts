// Registers an application from the console, in the account the member names (where their role may
// create them; never an account made on the side), and records it in the audit log.
import { z } from "zod";
import { createApplication } from "@/lib/applications/create-application";
import type { Db } from "@/lib/db/client";
import { applicationName } from "./application-name";
import { parseFields } from "./parse-fields";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { ConsoleError } from "./errors";
import { requireAccount } from "./require-application";
import { PERMISSIONS } from "./roles";

export async function createConsoleApplication(
  db: Db,
  context: AuditContext,
  raw: { name: unknown; accountId?: string },
) {
  const { name } = parseFields(z.object({ name: applicationName }), raw);
  const accountId = raw.accountId
    ? (await requireAccount(db, context.merchantId, raw.accountId, "manage_applications")).id
    : await onlyAccountForApplications(db, context.merchantId);
  const { application } = await createApplication(db, { accountId, name });
  await recordAudit(db, context, { applicationId: application.id, action: "application.created", detail: { name } });
  return { id: application.id, name: application.name };
}

/** Without a named account: the one account where the member may create applications, if only one. */
async function onlyAccountForApplications(db: Db, merchantId: string): Promise<string> {
  const memberships = await db.membership.findMany({
    where: { merchantId, role: { in: [...PERMISSIONS.manage_applications] } },
    select: { accountId: true },
    take: 2,
  });
  if (memberships.length === 1 && memberships[0]) return memberships[0].accountId;
  throw ConsoleError.field(
    "accountId",
    memberships.length === 0
      ? "Your role does not let you create applications in any of your accounts. Ask an owner or an admin, or create a personal account first."
      : "Choose the account the application belongs to.",
  );
}
