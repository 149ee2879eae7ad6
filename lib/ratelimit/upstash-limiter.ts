// Runs @upstash/ratelimit's fixed window over any @upstash/redis client (Upstash REST or our TCP requester).
import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import { keyPrefix, type LimiterOptions, type RateLimiter } from "@/lib/ratelimit/limiter-options";
import { createRedisSlidingLimiter } from "@/lib/ratelimit/sliding-log";

export function createUpstashRateLimiter(redis: Redis, opts: LimiterOptions): RateLimiter {
  if (opts.algorithm === "sliding") return createRedisSlidingLimiter(redis, opts);
  const ratelimit = new Ratelimit({
    redis,
    prefix: keyPrefix(opts),
    limiter: Ratelimit.fixedWindow(opts.limit, `${opts.windowSeconds} s`),
    // Analytics would add writes to every call and store per-identifier data we don't want.
    analytics: false,
    // The ephemeral cache never forgets an identifier it has not seen again, so under many distinct
    // IPs it grows without bound; it would also miss counters reset from another process.
    ephemeralCache: false,
    // On timeout the library answers success: true ("fail open"); our transports time out
    // themselves and throw instead, which the pipeline turns into a 503.
    timeout: 0,
    enableTelemetry: false,
  });
  return {
    async limit(identifier) {
      const res = await ratelimit.limit(identifier);
      if (res.reason === "timeout") throw new Error("rate limiter timed out");
      return { success: res.success, limit: res.limit, remaining: res.remaining, reset: res.reset };
    },
  };
}
