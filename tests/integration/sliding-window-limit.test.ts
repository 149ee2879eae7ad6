// The console's attempt limits (sign-in, codes, password reset) slide: a budget spent at the end of
// one window is not renewed at the start of the next, in memory and in Redis alike.
import { afterAll, describe, expect, it } from "vitest";
import { closeRateLimitConnections, createRateLimiter } from "@/lib/ratelimit";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory-limiter";
import { attemptLimit } from "@/lib/console/attempt-limits";
import { isConsoleError } from "@/lib/console/errors";

const WINDOW_MS = 15 * 60 * 1000;

function unique(label: string): string {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

async function sleepUntil(predicate: () => boolean): Promise<void> {
  while (!predicate()) await new Promise((resolve) => setTimeout(resolve, 5));
}

afterAll(async () => {
  await closeRateLimitConnections();
});

describe("sliding-window limit in memory", () => {
  it("refuses at the start of a window the attempts spent at the end of the one before", async () => {
    let now = 7 * WINDOW_MS - 1_000; // one second before a window's edge
    const opts = { name: unique("edge"), limit: 10, windowSeconds: 15 * 60, algorithm: "sliding" as const };
    const limiter = createMemoryRateLimiter(opts, () => now);
    for (let i = 0; i < 10; i++) expect((await limiter.limit("acct")).success).toBe(true);
    expect((await limiter.limit("acct")).success).toBe(false);

    now = 7 * WINDOW_MS + 1_000; // two seconds later, in the next window
    expect((await limiter.limit("acct")).success).toBe(false);

    // A fixed window of the same size would have handed out a fresh 10 here.
    const fixed = createMemoryRateLimiter({ ...opts, name: unique("edge-fixed"), algorithm: "fixed" }, () => now);
    now = 7 * WINDOW_MS - 1_000;
    for (let i = 0; i < 10; i++) await fixed.limit("acct");
    now = 7 * WINDOW_MS + 1_000;
    expect((await fixed.limit("acct")).success).toBe(true);
  });

  it("gives an attempt back exactly 15 minutes after it was made", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(
      { name: unique("slide"), limit: 10, windowSeconds: 15 * 60, algorithm: "sliding" },
      () => now,
    );
    for (let i = 0; i < 10; i++) {
      await limiter.limit("acct");
      now += 60_000; // one a minute: the 10th at minute 9
    }
    now = 1_000_000 + WINDOW_MS - 1; // the first is still inside the last 15 minutes
    const spent = await limiter.limit("acct");
    expect(spent.success).toBe(false);
    expect(spent.reset).toBe(1_000_000 + WINDOW_MS);
    now = 1_000_000 + WINDOW_MS + 1; // the first has left it: one place, not ten
    expect((await limiter.limit("acct")).success).toBe(true);
    expect((await limiter.limit("acct")).success).toBe(false);
  });
});

describe.skipIf(!process.env.REDIS_URL)("sliding-window limit in Redis", () => {
  it("refuses right after a window's edge when the budget was spent right before it", async () => {
    const windowMs = 2_000;
    const limiter = createRateLimiter({
      name: unique("redis-edge"),
      limit: 5,
      windowSeconds: windowMs / 1000,
      algorithm: "sliding",
      backend: "redis",
    });
    // The last fifth of a window, then the first tenth of the next.
    await sleepUntil(() => Date.now() % windowMs > windowMs * 0.8 && Date.now() % windowMs < windowMs * 0.85);
    const spentAt = Date.now();
    for (let i = 0; i < 5; i++) expect((await limiter.limit("acct")).success).toBe(true);
    await sleepUntil(() => Date.now() % windowMs < windowMs * 0.1);
    expect((await limiter.limit("acct")).success).toBe(false);
    // A whole window after the burst, its places are back.
    await sleepUntil(() => Date.now() > spentAt + windowMs + 200);
    expect((await limiter.limit("acct")).success).toBe(true);
  });
});

describe("console attempt limits", () => {
  it("say when to try again once spent, per account across addresses", async () => {
    const check = attemptLimit(
      unique("console-edge"),
      { perAddress: { limit: 30, windowSeconds: 900 }, perAccount: { limit: 3, windowSeconds: 900 } },
      "sign-in",
    );
    const account = unique("acct");
    for (let i = 0; i < 3; i++) await check({ address: `10.0.0.${i}`, account });
    const refused = await check({ address: "10.0.0.9", account }).catch((error: unknown) => error);
    expect(isConsoleError(refused, "limited")).toBe(true);
    expect(String((refused as Error).message)).toMatch(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/);
  });
});
