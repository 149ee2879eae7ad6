// Rate limits for guessable secrets (passwords, authentication codes), counted both per client
// address and per account, so that neither one address nor many addresses can guess one account's.
// The windows slide: a count holds over any stretch of windowSeconds, so a burst at the end of one
// window is not followed by a fresh budget at the start of the next (as a fixed window allows).
import { createRateLimiter, type RateLimiter } from "@/lib/ratelimit";
import { ConsoleError } from "./errors";

export type AttemptLimits = {
  perAddress: { limit: number; windowSeconds: number };
  perAccount: { limit: number; windowSeconds: number };
  /** When set, an attempt from a browser the account's owner signed in from counts here instead of per account. */
  perDevice?: { limit: number; windowSeconds: number };
};

/**
 * A check for one kind of attempt; it throws a "limited" ConsoleError ("Too many <what> attempts. Try again
 * in N minutes.") once either count is spent. Limiters are made on first use, after configuration loads.
 */
export function attemptLimit(name: string, limits: AttemptLimits, what: string) {
  let limiters: { address: RateLimiter; account: RateLimiter; device?: RateLimiter } | undefined;
  return async function checkAttempt(key: { address: string; account: string; device?: string }): Promise<void> {
    limiters ??= {
      address: createRateLimiter({ name: `${name}-address`, ...limits.perAddress, algorithm: "sliding" }),
      account: createRateLimiter({ name: `${name}-account`, ...limits.perAccount, algorithm: "sliding" }),
      device: limits.perDevice
        ? createRateLimiter({ name: `${name}-device`, ...limits.perDevice, algorithm: "sliding" })
        : undefined,
    };
    // A known device spends its own budget, not the account's: the account's can be spent by anyone
    // (docs/decisions/sign-in-lockout.md).
    const second =
      key.device && limiters.device ? limiters.device.limit(key.device) : limiters.account.limit(key.account);
    const [byAddress, byAccount] = await Promise.all([limiters.address.limit(key.address), second]);
    if (byAddress.success && byAccount.success) return;
    const resetAt = Math.max(byAddress.success ? 0 : byAddress.reset, byAccount.success ? 0 : byAccount.reset);
    const minutes = Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000));
    throw ConsoleError.limited(`Too many ${what} attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  };
}

export const PASSWORD_RESET_LIMITS: AttemptLimits = {
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccount: { limit: 5, windowSeconds: 15 * 60 },
};

/**
 * Password-reset attempts (asking for a reset mail, and using a reset link), keyed by the caller's
 * address and the account's email: at most 5 per address and account and 30 per address in any 15
 * minutes. Throws a "limited" ConsoleError when spent.
 */
export const checkPasswordResetAttempt = attemptLimit(
  "console-password-reset",
  PASSWORD_RESET_LIMITS,
  "password reset",
);
