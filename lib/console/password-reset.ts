// Resetting a forgotten password by email: a link (30 minutes, once, stored hashed) to the account's
// address; using it sets the new password, confirms the address, ends every session and every other
// reset link, and tells the owner. Asking answers the same, and queues a mail, whether the address
// has an account or not. Attempts count against the console's sliding-window reset limit
// (checkPasswordResetAttempt, lib/console/attempt-limits.ts).
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { checkPasswordResetAttempt } from "./attempt-limits";
import {
  consumeEmailToken,
  endPasswordResetLinks,
  findUsableEmailToken,
  hashLinkToken,
  issueEmailToken,
  PASSWORD_RESET_TTL_MS,
} from "./email-tokens";
import { mailPasswordReset, mailPasswordResetNoAccount, mailSecurityNotice } from "./mails";
import { parseFields } from "./parse-fields";
import { hashPassword } from "./password";
import { endSessions } from "./sessions";
import { passwordStrengthProblem, passwordUserInputs, signUpInput } from "./sign-up";
import { ConsoleError } from "./errors";

const emailField = z.object({ email: signUpInput.shape.email });

/**
 * Queues a reset link if `email` has an account, else a mail saying there is none: the same work
 * either way, so neither the answer nor its time says which (docs/decisions/password-reset-requests.md).
 */
export async function requestPasswordReset(
  db: Db,
  raw: { email: string },
  caller: { address: string },
): Promise<{ email: string }> {
  const { email } = parseFields(emailField, raw);
  await checkPasswordResetAttempt({ address: caller.address, account: email });
  const merchant = await db.merchantUser.findUnique({ where: { email }, select: { id: true } });
  if (merchant) {
    const token = await issueEmailToken(db, {
      merchantId: merchant.id,
      email,
      purpose: "password_reset",
      ttlMs: PASSWORD_RESET_TTL_MS,
    });
    await mailPasswordReset(db, email, token);
  } else {
    await mailPasswordResetNoAccount(db, email);
  }
  return { email };
}

/** Whether a reset link can still be used, for the page that asks for the new password. */
export async function checkPasswordResetToken(db: Db, token: string): Promise<{ email: string }> {
  const row = await findUsableEmailToken(db, "password_reset", token);
  return { email: row.email };
}

/** Sets the new password from a reset link; `db` must be a transaction. */
export async function resetPassword(
  db: Db,
  raw: { token: string; password: string },
  ipAddress: string | null = null,
): Promise<{ email: string }> {
  // Counted per link too, so a link cannot be used to try passwords against the strength check forever.
  await checkPasswordResetAttempt({ address: ipAddress ?? "unknown", account: hashLinkToken(raw.token).slice(0, 32) });
  const row = await findUsableEmailToken(db, "password_reset", raw.token);
  const merchant = await db.merchantUser.findUnique({
    where: { id: row.merchantId },
    select: { email: true, name: true, emailVerifiedAt: true },
  });
  if (!merchant || merchant.email !== row.email)
    throw ConsoleError.refused("This password reset link is not valid. Ask for a new one.");
  // Checked before the link is used up, so a weak password does not cost the link.
  const { password } = parseFields(z.object({ password: signUpInput.shape.password }), { password: raw.password });
  const problem = passwordStrengthProblem(password, passwordUserInputs(merchant.email, merchant.name ?? undefined));
  if (problem) throw ConsoleError.field("password", problem);
  await consumeEmailToken(db, "password_reset", raw.token);
  await db.merchantUser.update({
    where: { id: row.merchantId },
    // The link reached this inbox: the address is confirmed too.
    data: { passwordHash: await hashPassword(password), emailVerifiedAt: merchant.emailVerifiedAt ?? new Date() },
  });
  await endPasswordResetLinks(db, row.merchantId);
  await endSessions(db, row.merchantId, { reason: "password-reset" });
  await recordAudit(db, { merchantId: row.merchantId, ipAddress }, { applicationId: null, action: "password.reset" });
  await mailSecurityNotice(db, merchant.email, "password_reset");
  return { email: merchant.email };
}
