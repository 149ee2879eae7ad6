// Step 2 of every pipeline: count the request against its key (or its address when it has no
// usable key), put the x-ratelimit-* headers on the response, and refuse over the limit.
import { config } from "@/lib/config";
import { createRateLimiter, type RateLimiter, type RateLimitResult } from "@/lib/ratelimit";
import { ApiError } from "./errors";
import { countRateLimitRefusal } from "@/lib/metrics/metrics";
import { errorField, logger } from "@/lib/logging/logger";

let limiters: { key: RateLimiter; address: RateLimiter } | undefined;

function apiLimiters() {
  if (!limiters) {
    const limit = config().API_RATE_LIMIT_PER_MINUTE;
    limiters = {
      key: createRateLimiter({ name: "api-key", limit, windowSeconds: 60 }),
      address: createRateLimiter({ name: "api-address", limit, windowSeconds: 60 }),
    };
  }
  return limiters;
}

export type RateLimitSubject = { kind: "key"; id: string } | { kind: "address"; id: string };

export async function enforceRateLimit(subject: RateLimitSubject, headers: Headers): Promise<void> {
  let result: RateLimitResult;
  try {
    result = await apiLimiters()[subject.kind].limit(subject.id);
  } catch (error) {
    logger("ratelimit").error(errorField(error), "rate limiter unavailable");
    throw new ApiError("unavailable", "The service is temporarily unavailable. Retry shortly.", {
      headers: { "retry-after": "5" },
    });
  }
  setRateLimitHeaders(headers, result);
  if (!result.success) {
    countRateLimitRefusal(subject.kind);
    throw new ApiError("rate_limited", `Too many requests: the limit is ${result.limit} per minute.`, {
      headers: { "retry-after": "60" },
    });
  }
}

export function setRateLimitHeaders(headers: Headers, result: RateLimitResult): void {
  headers.set("x-ratelimit-limit", String(result.limit));
  headers.set("x-ratelimit-remaining", String(Math.max(0, result.remaining)));
  headers.set("x-ratelimit-reset", String(Math.max(0, Math.ceil((result.reset - Date.now()) / 1000))));
}

export type AddressBudget =
  { state: "ok" } | { state: "limited"; retryAfterSeconds: number } | { state: "unavailable" };

/**
 * For the public verify pages: counts one check against the caller's address in the same budget as
 * the keyless API routes (the same limiter, so the page and `GET /api/public/verify/…` share it).
 * Never throws: a page answers a spent budget, or a limiter it cannot reach, with a message, not a 5xx.
 */
export async function spendAddressBudget(address: string): Promise<AddressBudget> {
  try {
    const result = await apiLimiters().address.limit(address);
    if (result.success) return { state: "ok" };
    return { state: "limited", retryAfterSeconds: Math.max(1, Math.ceil((result.reset - Date.now()) / 1000)) };
  } catch (error) {
    logger("ratelimit").error(errorField(error), "rate limiter unavailable");
    return { state: "unavailable" };
  }
}

/** API_RATE_LIMIT_PER_MINUTE, for the pages' message. */
export function addressLimitPerMinute(): number {
  return config().API_RATE_LIMIT_PER_MINUTE;
}
