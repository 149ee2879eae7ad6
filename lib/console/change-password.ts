// A signed-in member changes their password: the current one first (counted against the same
// re-authentication limit as other sensitive actions, so a stolen session cannot guess it), then
// the new one under the sign-up rules. Every other session and every outstanding reset link of the
// member ends, the one session that made the
// change stays signed in, the change is audited and the address is told, all in one transaction.
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { endPasswordResetLinks } from "./email-tokens";
import { ConsoleError } from "./errors";
import { mailSecurityNotice } from "./mails";
import { parseFields } from "./parse-fields";
import { hashPassword, verifyPassword } from "./password";
import { reauthenticate } from "./reauthenticate";
import { endSessions } from "./sessions";
import { passwordStrengthProblem, passwordUserInputs, signUpInput } from "./sign-up";

const changePasswordInput = z.object({
  currentPassword: z.string().min(1, "Enter your current password.").max(1_000),
  newPassword: signUpInput.shape.password,
});

/** Returns how many other sessions were ended. `db` must be a transaction. */
export async function changePassword(
  db: Db,
  context: AuditContext & { sessionId: string },
  raw: { currentPassword: string; newPassword: string },
): Promise<{ endedSessions: number }> {
  const input = parseFields(changePasswordInput, raw);
  const merchant = await db.merchantUser.findUnique({
    where: { id: context.merchantId },
    select: { email: true, name: true, passwordHash: true },
  });
  if (!merchant) throw ConsoleError.notFound("That account");
  if (!merchant.passwordHash) {
    throw ConsoleError.field(
      "currentPassword",
      "This account signs in with GitHub and has no password. Use “Forgot your password?” on the sign-in page to set one.",
    );
  }
  try {
    await reauthenticate(db, context, { password: input.currentPassword });
  } catch (error) {
    // The same check and limit as re-authentication, reported on this form's own field.
    if (error instanceof ConsoleError && error.code === "field")
      throw ConsoleError.field("currentPassword", error.message);
    throw error;
  }
  const problem = passwordStrengthProblem(
    input.newPassword,
    passwordUserInputs(merchant.email, merchant.name ?? undefined),
  );
  if (problem) throw ConsoleError.field("newPassword", problem);
  if (await verifyPassword(input.newPassword, merchant.passwordHash)) {
    throw ConsoleError.field("newPassword", "The new password is the one you have now: choose another.");
  }
  await db.merchantUser.update({
    where: { id: context.merchantId },
    data: { passwordHash: await hashPassword(input.newPassword) },
  });
  await endPasswordResetLinks(db, context.merchantId);
  const endedSessions = await endSessions(db, context.merchantId, {
    except: context.sessionId,
    reason: "password-changed",
  });
  await recordAudit(db, context, { applicationId: null, action: "password.changed" });
  await mailSecurityNotice(db, merchant.email, "password_changed");
  return { endedSessions };
}
