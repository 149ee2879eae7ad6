// Checks an email and password (and, with two-factor sign-in on, a code) for console sign-in, rate
// limited per client address and per account so that neither one address nor many addresses can
// guess one account's password. A browser the owner signed in from before (its device cookie) is
// counted per device instead of per account, so the per-account count cannot lock the owner out.
import type { Db } from "@/lib/db/client";
import { attemptLimit } from "./attempt-limits";
import { authSecret } from "./auth-secret";
import { knownDevice } from "./device-cookie";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { SECOND_FACTOR_REFUSED, SECOND_FACTOR_REQUIRED } from "./second-factor-sign-in";
import { verifySecondFactor } from "./verify-second-factor";

// An office or mobile carrier can put many people behind one address, so that limit is looser.
export const LOGIN_LIMITS = {
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
  perDevice: { limit: 10, windowSeconds: 15 * 60 },
};

const checkLoginAttempt = attemptLimit("console-login", LOGIN_LIMITS, "sign-in");

/**
 * The password was right but the account needs a code (message SECOND_FACTOR_REQUIRED) or the code
 * given was wrong or used (SECOND_FACTOR_REFUSED). Like Stripe, we ask for the code only after a right
 * password: asking first would cost every merchant a code to learn nothing about a wrong password.
 */
export class SecondFactorError extends Error {
  override name = "SecondFactorError";
}

export type SignedInMerchant = { id: string; email: string; name: string | null };

export async function authenticateCredentials(
  db: Db,
  input: { email: string; password: string; address: string; code?: string; deviceCookie?: string },
): Promise<SignedInMerchant | null> {
  const email = input.email.trim().toLowerCase();
  const user = await db.merchantUser.findUnique({ where: { email } });
  // Only a cookie this account's own sign-in set counts: one from the attacker's own account does not.
  const device = user ? knownDevice(authSecret(), input.deviceCookie, user.id) : null;
  await checkLoginAttempt({ address: input.address, account: email, device: device ?? undefined });
  if (!user?.passwordHash) {
    await verifyPassword(input.password, await decoyHash());
    return null;
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) return null;
  // A hash made at an older scrypt cost is renewed while the password is at hand.
  if (needsRehash(user.passwordHash)) {
    await db.merchantUser.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(input.password) },
    });
  }
  if (user.totpEnabledAt) {
    const code = input.code?.trim();
    if (!code) throw new SecondFactorError(SECOND_FACTOR_REQUIRED);
    if (!(await verifySecondFactor(db, { merchantId: user.id, ipAddress: input.address }, code)))
      throw new SecondFactorError(SECOND_FACTOR_REFUSED);
  }
  return { id: user.id, email: user.email, name: user.name };
}
