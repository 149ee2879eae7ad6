// The in-process fixed-window limiter (sliding-log.ts for a sliding one) used when no Redis is configured: exact within one process,
// blind to other processes. A cluster's workers do not count here but ask their primary, which does
// (cluster-limiter.ts).
import { keyPrefix, windowMs, type LimiterOptions, type RateLimiter } from "@/lib/ratelimit/limiter-options";
import { createMemorySlidingLimiter } from "@/lib/ratelimit/sliding-log";

type Window = { bucket: number; counts: Map<string, number> };

// Keyed like the Redis counters, so limiters created twice under one name (e.g. per request) still
// share counts in this process instead of each starting from zero. Kept on globalThis because the
// launcher (scripts/serve.ts, refusing malformed paths) and Next's bundle of the routes load this
// module as two instances in one process, and both must count against one budget.
const globalWindows = globalThis as unknown as { __rateLimitWindows?: Map<string, Window> };
const windows = (globalWindows.__rateLimitWindows ??= new Map<string, Window>());

export function createMemoryRateLimiter(opts: LimiterOptions, now: () => number = Date.now): RateLimiter {
  if (opts.algorithm === "sliding") return createMemorySlidingLimiter(opts, now);
  const length = windowMs(opts);
  const storeKey = keyPrefix(opts);
  return {
    async limit(identifier) {
      const bucket = Math.floor(now() / length);
      let window = windows.get(storeKey);
      // Every counter of a fixed window expires at the same instant, so replacing the whole map when
      // the window moves on evicts all expired entries at once and keeps memory bounded.
      if (!window || bucket > window.bucket) {
        window = { bucket, counts: new Map() };
        windows.set(storeKey, window);
      }
      const used = (window.counts.get(identifier) ?? 0) + 1;
      window.counts.set(identifier, used);
      return {
        success: used <= opts.limit,
        limit: opts.limit,
        remaining: Math.max(0, opts.limit - used),
        reset: (window.bucket + 1) * length,
      };
    },
  };
}
