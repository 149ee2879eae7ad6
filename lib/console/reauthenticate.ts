// Checks the password or an authentication code a signed-in merchant gives before a sensitive action.
import type { Db } from "@/lib/db/client";
import { attemptLimit } from "./attempt-limits";
import { ConsoleError } from "./errors";
import { verifyPassword } from "./password";
import type { AuditContext } from "@/lib/audit/record-audit";
import { CODE_REFUSED_MESSAGE } from "./second-factor-sign-in";
import { verifySecondFactor } from "./verify-second-factor";

export const REAUTH_PASSWORD_LIMITS = {
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
};

const checkPasswordAttempt = attemptLimit("console-reauth-password", REAUTH_PASSWORD_LIMITS, "password");

/** Resolves when the password (or else the code) is right; throws a "field" ConsoleError naming the field when not. */
export async function reauthenticate(
  db: Db,
  context: AuditContext,
  input: { password?: string; code?: string },
): Promise<void> {
  const merchant = await db.merchantUser.findUnique({ where: { id: context.merchantId } });
  if (!merchant) throw ConsoleError.notFound("That account");
  if (input.password) {
    await checkPasswordAttempt({ address: context.ipAddress ?? "unknown", account: context.merchantId });
    if (!merchant.passwordHash)
      throw ConsoleError.field("password", "This account signs in with GitHub: use an authentication code.");
    if (!(await verifyPassword(input.password, merchant.passwordHash)))
      throw ConsoleError.field("password", "That password is not right.");
    return;
  }
  if (input.code) {
    if (!merchant.totpEnabledAt)
      throw ConsoleError.field("code", "Two-factor authentication is off for this account: use your password.");
    if (!(await verifySecondFactor(db, context, input.code.trim())))
      throw ConsoleError.field("code", CODE_REFUSED_MESSAGE);
    return;
  }
  throw ConsoleError.field("password", "Enter your password.");
}
