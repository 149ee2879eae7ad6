// Checks an email and password for console sign-in, rate limited per client address and per
// account so that neither one address nor many addresses can guess one account's password.
import type { Db } from "@/lib/db/client";
import { createRateLimiter, type RateLimiter } from "@/lib/ratelimit";
import { ConsoleLimitError } from "./errors";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "./password";

// An office or mobile carrier can put many people behind one address, so that limit is looser.
export const LOGIN_LIMITS = {
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccount: { limit: 10, windowSeconds: 15 * 60 },
};

let limiters: { address: RateLimiter; account: RateLimiter } | undefined;

function loginLimiters() {
  limiters ??= {
    address: createRateLimiter({ name: "console-login-address", ...LOGIN_LIMITS.perAddress }),
    account: createRateLimiter({ name: "console-login-account", ...LOGIN_LIMITS.perAccount }),
  };
  return limiters;
}

export type SignedInMerchant = { id: string; email: string; name: string | null };

export async function authenticateCredentials(
  db: Db,
  input: { email: string; password: string; address: string },
): Promise<SignedInMerchant | null> {
  const email = input.email.trim().toLowerCase();
  const { address, account } = loginLimiters();
  const [byAddress, byAccount] = await Promise.all([address.limit(input.address), account.limit(email)]);
  if (!byAddress.success || !byAccount.success) {
    const resetAt = Math.max(byAddress.success ? 0 : byAddress.reset, byAccount.success ? 0 : byAccount.reset);
    const minutes = Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000));
    throw new ConsoleLimitError(
      `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
  const user = await db.merchantUser.findUnique({ where: { email } });
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
  return { id: user.id, email: user.email, name: user.name };
}
