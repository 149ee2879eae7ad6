// Rate limits for guessable secrets (passwords, authentication codes), counted both per client
// address and per account, so that neither one address nor many addresses can guess one account's.
import { createRateLimiter, type RateLimiter } from "@/lib/ratelimit";
import { ConsoleError } from "./errors";

export type AttemptLimits = {
  perAddress: { limit: number; windowSeconds: number };
  perAccount: { limit: number; windowSeconds: number };
};

/**
 * A check for one kind of attempt; it throws a "limited" ConsoleError ("Too many <what> attempts. Try again
 * in N minutes.") once either count is spent. Limiters are made on first use, after configuration loads.
 */
export function attemptLimit(name: string, limits: AttemptLimits, what: string) {
  let limiters: { address: RateLimiter; account: RateLimiter } | undefined;
  return async function checkAttempt(key: { address: string; account: string }): Promise<void> {
    limiters ??= {
      address: createRateLimiter({ name: `${name}-address`, ...limits.perAddress }),
      account: createRateLimiter({ name: `${name}-account`, ...limits.perAccount }),
    };
    const [byAddress, byAccount] = await Promise.all([
      limiters.address.limit(key.address),
      limiters.account.limit(key.account),
    ]);
    if (byAddress.success && byAccount.success) return;
    const resetAt = Math.max(byAddress.success ? 0 : byAddress.reset, byAccount.success ? 0 : byAccount.reset);
    const minutes = Math.max(1, Math.ceil((resetAt - Date.now()) / 60_000));
    throw ConsoleError.limited(`Too many ${what} attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  };
}
