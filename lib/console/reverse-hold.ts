// Reverses a pending hold from the console's wallet page: the same domain path as
// POST /authorizations/{id}/reverse (the whole hold released, card.reversed sent), in the
// application's current mode, by a member whose role may change that mode; the audit log says who.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import type { AuthorizationRecord } from "@/lib/schemas/authorization";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication, requirePermission } from "./require-application";
import { writeIn } from "./roles";

export async function reverseHold(
  db: Db,
  context: AuditContext,
  applicationId: string,
  authorizationId: string,
): Promise<AuthorizationRecord> {
  const application = await requireApplication(db, context.merchantId, applicationId);
  requirePermission(application, writeIn(application.consoleLivemode));
  let reversed: AuthorizationRecord;
  try {
    reversed = await reverseAuthorization(db, consoleTenant(application), authorizationId);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code === "authorization_not_found") throw ConsoleError.notFound("Authorization");
    // Already captured, reversed or expired (another tab, the API, the expiry job): say how.
    throw ConsoleError.refused(error.message);
  }
  await recordAudit(db, context, {
    applicationId,
    action: "authorization.reversed",
    detail: { authorizationId, amount: reversed.amount, currency: reversed.currency },
  });
  return reversed;
}
