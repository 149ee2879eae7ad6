// Confirming a member's email address: a link mailed there (48 hours, once). Live keys and live
// endpoints need a confirmed address, so that notices about them reach a real inbox.
import type { Db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { consumeEmailToken, EMAIL_VERIFICATION_TTL_MS, issueEmailToken } from "./email-tokens";
import { ConsoleError } from "./errors";
import { mailVerifyEmail } from "./mails";

/** Queues a confirmation link to the member's current address (in `db`'s transaction). */
export async function sendEmailVerification(db: Db, merchantId: string): Promise<{ email: string }> {
  const merchant = await db.merchantUser.findUnique({
    where: { id: merchantId },
    select: { email: true, emailVerifiedAt: true },
  });
  if (!merchant) throw ConsoleError.notFound("That account");
  if (merchant.emailVerifiedAt) throw ConsoleError.refused("Your email address is already confirmed.");
  const token = await issueEmailToken(db, {
    merchantId,
    email: merchant.email,
    purpose: "email_verification",
    ttlMs: EMAIL_VERIFICATION_TTL_MS,
  });
  await mailVerifyEmail(db, merchant.email, token);
  return { email: merchant.email };
}

/** Follows a confirmation link; the address is confirmed if it is still the member's address. */
export async function verifyEmail(db: Db, token: string, ipAddress: string | null = null): Promise<{ email: string }> {
  const row = await consumeEmailToken(db, "email_verification", token);
  const { count } = await db.merchantUser.updateMany({
    where: { id: row.merchantId, email: row.email, emailVerifiedAt: null },
    data: { emailVerifiedAt: new Date() },
  });
  if (count === 1)
    await recordAudit(
      db,
      { merchantId: row.merchantId, ipAddress },
      { applicationId: null, action: "email.verified", detail: { email: row.email } },
    );
  return { email: row.email };
}

export async function requireVerifiedEmail(db: Db, merchantId: string, what: string): Promise<void> {
  const merchant = await db.merchantUser.findUnique({ where: { id: merchantId }, select: { emailVerifiedAt: true } });
  if (merchant?.emailVerifiedAt) return;
  throw ConsoleError.refused(
    `Confirm your email address to ${what}: follow the link we sent you, or send a new one from your account page.`,
  );
}
