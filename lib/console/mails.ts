// The console's emails, in words, each queued in the transaction of the change it tells of
// (lib/mail/queue-mail.ts), with links on the console's base URL (lib/mail/console-link.ts).
import type { Db } from "@/lib/db/client";
import { consoleLink as link, MAIL_SIGNATURE as SIGNATURE } from "@/lib/mail/console-link";
import { queueMail } from "@/lib/mail/queue-mail";
import { mailSafeName } from "./mail-text";

/** Never a name: the subject line is what an inbox shows first, and names are typed by anyone. */
export const INVITATION_SUBJECT = "You were invited to join a team";

export function mailVerifyEmail(db: Db, to: string, token: string) {
  const url = link("/verify-email", token);
  return queueMail(db, {
    to,
    subject: "Confirm your email address",
    text: `Confirm that this is your address to use live keys and live webhook endpoints:\n\n${url}\n\nThe link works once, for 48 hours.${SIGNATURE}`,
    link: url,
  });
}

export function mailPasswordReset(db: Db, to: string, token: string) {
  const url = link("/reset-password", token);
  return queueMail(db, {
    to,
    subject: "Reset your password",
    text: `Someone (we hope you) asked to reset the password of the console account ${to}. Choose a new password here:\n\n${url}\n\nThe link works once, for 30 minutes, and signs you out everywhere else. If you did not ask, ignore this email: your password stays as it is.${SIGNATURE}`,
    link: url,
  });
}

/**
 * The answer to a reset asked for an address without an account: queued exactly as a reset link is,
 * so both paths do the same work and take the same time (docs/decisions/password-reset-requests.md).
 */
export function mailPasswordResetNoAccount(db: Db, to: string) {
  const url = link("/sign-up");
  return queueMail(db, {
    to,
    subject: "Reset your password",
    text: `Someone (we hope you) asked to reset the password of a console account for ${to}, but no console account uses this address. If you have one, it may be under another address of yours; to make one, sign up here:\n\n${url}\n\nIf you did not ask, ignore this email: nothing was changed.${SIGNATURE}`,
    link: url,
  });
}

export function mailSignUpAttempt(db: Db, to: string) {
  const url = link("/forgot-password");
  return queueMail(db, {
    to,
    subject: "Someone tried to sign up with your address",
    text: `Someone tried to create a console account with ${to}, which already has one. Nothing was changed.\n\nIf it was you, sign in instead; if you forgot your password, reset it here:\n\n${url}\n\nIf it was not you, you need not do anything.${SIGNATURE}`,
    link: url,
  });
}

/**
 * An invitation: a fixed subject, and the inviter's and account's names as inert plain text
 * (mail-text.ts), since both are typed by whoever signs up (docs/decisions/invitations.md). The
 * inviter's address is shown as is: inviting needs it confirmed.
 */
export function mailInvitation(
  db: Db,
  input: { to: string; token: string; accountName: string; inviterName: string | null; inviterEmail: string; role: string },
) {
  const url = link("/invitations", input.token);
  const inviter = input.inviterName
    ? `${mailSafeName(input.inviterName)} (${input.inviterEmail})`
    : input.inviterEmail;
  return queueMail(db, {
    to: input.to,
    subject: INVITATION_SUBJECT,
    text: `${inviter} invited you to join the account "${mailSafeName(input.accountName)}" on the Wallet Card Service console as ${input.role}.\n\nAccept the invitation here:\n\n${url}\n\nThe link works once, for 7 days.${SIGNATURE}`,
    link: url,
  });
}

export function mailSecurityNotice(
  db: Db,
  to: string,
  what: "password_changed" | "password_reset" | "two_factor_on" | "two_factor_off",
) {
  const sentences = {
    password_changed: "The password of your console account was changed, and your other sessions were signed out.",
    password_reset:
      "The password of your console account was reset through a link sent to this address, and every session was signed out.",
    two_factor_on: "Two-factor sign-in was turned on for your console account.",
    two_factor_off: "Two-factor sign-in was turned off for your console account.",
  } as const;
  const url = link("/forgot-password");
  return queueMail(db, {
    to,
    subject: what.startsWith("password") ? "Your password was changed" : "Your two-factor sign-in changed",
    text: `${sentences[what]}\n\nIf this was not you, reset your password now and check your account's security activity:\n\n${url}${SIGNATURE}`,
    link: url,
  });
}

export function mailLiveKeyMinted(
  db: Db,
  input: { to: string; applicationId: string; applicationName: string; keyName: string; last4: string; by: string },
) {
  const url = link(`/apps/${input.applicationId}/keys`);
  return queueMail(db, {
    to: input.to,
    subject: `A live API key was created for ${input.applicationName}`,
    text: `${input.by} created the live API key "${input.keyName}" (ending ${input.last4}) for ${input.applicationName}.\n\nIf you did not expect it, revoke it here:\n\n${url}${SIGNATURE}`,
    link: url,
  });
}

/** The addresses told of changes that matter to a whole account: its owners and admins. */
export async function accountAdminAddresses(db: Db, accountId: string): Promise<string[]> {
  const members = await db.membership.findMany({
    where: { accountId, role: { in: ["owner", "admin"] } },
    select: { merchant: { select: { email: true } } },
  });
  return members.map((member) => member.merchant.email).filter((email) => !email.endsWith("@users.noreply.github.com"));
}
