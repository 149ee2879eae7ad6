// The types and option checks every rate-limiter backend shares, so all backends agree on keys and windows.
import { config } from "@/lib/config";

export type RateLimitResult = {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch ms when the window resets. */
  reset: number;
};

export interface RateLimiter {
  limit(identifier: string): Promise<RateLimitResult>;
}

export type LimiterOptions = {
  name: string;
  limit: number;
  windowSeconds: number;
  /**
   * "fixed" (the default, the API's): counts reset at each window's start, so up to twice the limit
   * fits around a window's edge. "sliding": an exact count of the calls allowed in the last
   * windowSeconds (a log of their times, sliding-log.ts), so the limit holds over any stretch of that
   * length; for guessable secrets, where calls are few. (@upstash/ratelimit's slidingWindow only
   * estimates it from two fixed windows, and lets a burst at one window's end repeat near the next's.)
   */
  algorithm?: "fixed" | "sliding";
};

export function validateLimiterOptions(opts: LimiterOptions): void {
  if (!/^[\w.-]+$/.test(opts.name)) {
    throw new Error(`rate limiter name must match [A-Za-z0-9_.-]+, got "${opts.name}"`);
  }
  if (!Number.isInteger(opts.limit) || opts.limit < 1) {
    throw new Error(`rate limiter "${opts.name}": limit must be a positive integer`);
  }
  if (!Number.isInteger(windowMs(opts)) || windowMs(opts) < 1) {
    throw new Error(`rate limiter "${opts.name}": windowSeconds must be a positive whole number of ms`);
  }
}

export function windowMs(opts: LimiterOptions): number {
  return opts.windowSeconds * 1000;
}

// The window length is part of the prefix because fixed-window bucket numbers are only comparable
// between limiters with the same window; reusing a name with another window must not share counts.
// A sliding limiter keeps its counters apart from a fixed one of the same name for the same reason.
export function keyPrefix(opts: LimiterOptions): string {
  const kind = opts.algorithm === "sliding" ? ":sliding" : "";
  return `${config().RATE_LIMIT_PREFIX}:${opts.name}:${windowMs(opts)}ms${kind}`;
}
