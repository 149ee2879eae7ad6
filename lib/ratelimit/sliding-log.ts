// An exact sliding window: the times of the calls allowed in the last windowSeconds are kept, and a
// call is allowed while fewer than the limit remain. The console's attempt limits use it so that
// "10 per 15 minutes" holds over any 15 minutes; their calls are few, so keeping each time is cheap.
// @upstash/ratelimit has no exact form (its slidingWindow weighs two fixed windows), so the Redis
// side is our own script over a sorted set, run through the same @upstash/redis client.
import { randomUUID } from "node:crypto";
import type { Redis } from "@upstash/redis";
import {
  keyPrefix,
  windowMs,
  type LimiterOptions,
  type RateLimiter,
  type RateLimitResult,
} from "@/lib/ratelimit/limiter-options";

// KEYS[1] the log; ARGV: now (ms), window (ms), limit, a unique member. Drops times older than the
// window, then allows and records the call if fewer than the limit remain. Returns
// {allowed 1|0, count after, oldest kept time} so the caller can say when a place frees up.
const SLIDING_LOG_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call("ZREMRANGEBYSCORE", key, "-inf", now - window)
local count = redis.call("ZCARD", key)
local allowed = 0
if count < limit then
  redis.call("ZADD", key, now, ARGV[4])
  count = count + 1
  allowed = 1
end
redis.call("PEXPIRE", key, window)
local oldest = redis.call("ZRANGE", key, 0, 0, "WITHSCORES")
return {allowed, count, tonumber(oldest[2] or now)}
`;

function result(opts: LimiterOptions, allowed: boolean, count: number, oldest: number): RateLimitResult {
  return {
    success: allowed,
    limit: opts.limit,
    remaining: Math.max(0, opts.limit - count),
    // When the oldest call leaves the window, and with it a place.
    reset: oldest + windowMs(opts),
  };
}

export function createRedisSlidingLimiter(redis: Redis, opts: LimiterOptions): RateLimiter {
  const script = redis.createScript<[number, number, number]>(SLIDING_LOG_SCRIPT);
  const prefix = keyPrefix(opts);
  return {
    async limit(identifier) {
      const now = Date.now();
      const [allowed, count, oldest] = await script.exec(
        [`${prefix}:${identifier}`],
        [String(now), String(windowMs(opts)), String(opts.limit), `${now}:${randomUUID()}`],
      );
      return result(opts, allowed === 1, count, oldest);
    },
  };
}

// Per limiter key, per identifier, the allowed calls' times, oldest first. On globalThis for the
// reason memory-limiter.ts gives.
const globalLogs = globalThis as unknown as { __rateLimitSlidingLogs?: Map<string, Map<string, number[]>> };
const logs = (globalLogs.__rateLimitSlidingLogs ??= new Map<string, Map<string, number[]>>());
let callsSinceSweep = 0;

export function createMemorySlidingLimiter(opts: LimiterOptions, now: () => number = Date.now): RateLimiter {
  const length = windowMs(opts);
  const storeKey = keyPrefix(opts);
  return {
    async limit(identifier) {
      const at = now();
      let byIdentifier = logs.get(storeKey);
      if (!byIdentifier) logs.set(storeKey, (byIdentifier = new Map()));
      const times = (byIdentifier.get(identifier) ?? []).filter((time) => time > at - length);
      const allowed = times.length < opts.limit;
      if (allowed) times.push(at);
      byIdentifier.set(identifier, times);
      sweep(byIdentifier, at, length);
      return result(opts, allowed, times.length, times[0] ?? at);
    },
  };
}

// Identifiers that never come back would keep their times for ever; every 1,000 calls the ones with
// nothing left in the window go.
function sweep(byIdentifier: Map<string, number[]>, at: number, length: number): void {
  if (++callsSinceSweep < 1_000) return;
  callsSinceSweep = 0;
  for (const [identifier, times] of byIdentifier) {
    if ((times.at(-1) ?? 0) <= at - length) byIdentifier.delete(identifier);
  }
}
