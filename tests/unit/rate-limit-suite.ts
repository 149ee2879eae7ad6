// The behaviour every rate-limiter backend must show, run by the memory and Redis test files alike.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RateLimiter } from "@/lib/ratelimit";
import type { LimiterOptions } from "@/lib/ratelimit/limiter-options";

export type LimiterFactory = (opts: LimiterOptions) => RateLimiter;

export type SuiteFactories = {
  /** Builds a limiter as the application would. */
  create: LimiterFactory;
  /** Builds a limiter that must share counters with `create`'s (for Redis: another TCP client). */
  createElsewhere: LimiterFactory;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A fixed window that rolls over mid-test would reset the counts being asserted on.
async function awayFromWindowEdge(windowSeconds: number, marginMs: number): Promise<void> {
  const length = windowSeconds * 1000;
  const left = length - (Date.now() % length);
  if (left < marginMs) await sleep(left + 20);
}

function uniqueName(): string {
  return `t-${randomUUID().slice(0, 8)}`;
}

export function defineRateLimiterSuite(label: string, factories: SuiteFactories): void {
  const { create, createElsewhere } = factories;
  const hour = { limit: 60, windowSeconds: 3600 };

  describe(`rate limiter contract: ${label}`, () => {
    it("allows 60 requests, then refuses the 61st with remaining 0", async () => {
      await awayFromWindowEdge(hour.windowSeconds, 5_000);
      const limiter = create({ name: uniqueName(), ...hour });
      for (let i = 0; i < 60; i++) {
        const res = await limiter.limit("client");
        expect(res.success, `request ${i + 1}`).toBe(true);
      }
      const refused = await limiter.limit("client");
      expect(refused).toMatchObject({ success: false, limit: 60, remaining: 0 });
    });

    it("counts remaining down and reports the window end as reset", async () => {
      await awayFromWindowEdge(hour.windowSeconds, 5_000);
      const limiter = create({ name: uniqueName(), limit: 3, windowSeconds: hour.windowSeconds });
      const before = Date.now();
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.limit("client"));
      expect(results.map((r) => [r.success, r.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      const windowEnd = (Math.floor(before / 3_600_000) + 1) * 3_600_000;
      for (const r of results) expect(r).toMatchObject({ limit: 3, reset: windowEnd });
    });

    it("keeps separate identifiers independent", async () => {
      await awayFromWindowEdge(hour.windowSeconds, 5_000);
      const limiter = create({ name: uniqueName(), limit: 2, windowSeconds: hour.windowSeconds });
      await limiter.limit("a");
      await limiter.limit("a");
      expect((await limiter.limit("a")).success).toBe(false);
      expect(await limiter.limit("b")).toMatchObject({ success: true, remaining: 1 });
    });

    it("keeps separate names independent", async () => {
      const opts = { limit: 1, windowSeconds: hour.windowSeconds };
      const first = create({ name: uniqueName(), ...opts });
      const second = create({ name: uniqueName(), ...opts });
      expect((await first.limit("client")).success).toBe(true);
      expect((await second.limit("client")).success).toBe(true);
    });

    it("starts a fresh window after reset", async () => {
      await awayFromWindowEdge(1, 600);
      const limiter = create({ name: uniqueName(), limit: 2, windowSeconds: 1 });
      await limiter.limit("client");
      await limiter.limit("client");
      const refused = await limiter.limit("client");
      expect(refused.success).toBe(false);
      expect(refused.reset).toBeGreaterThan(Date.now());
      expect(refused.reset).toBeLessThanOrEqual(Date.now() + 1_000);
      await sleep(refused.reset - Date.now() + 20);
      expect(await limiter.limit("client")).toMatchObject({ success: true, remaining: 1 });
    });

    it("shares one counter between two limiter instances of the same name", async () => {
      await awayFromWindowEdge(hour.windowSeconds, 5_000);
      const name = uniqueName();
      const here = create({ name, ...hour });
      const elsewhere = createElsewhere({ name, ...hour });
      for (let i = 0; i < 30; i++) {
        expect((await here.limit("client")).success).toBe(true);
        expect((await elsewhere.limit("client")).success).toBe(true);
      }
      expect(await here.limit("client")).toMatchObject({ success: false, remaining: 0 });
      expect(await elsewhere.limit("client")).toMatchObject({ success: false, remaining: 0 });
    });

    it("lets exactly 60 of 100 concurrent requests through, across instances", async () => {
      await awayFromWindowEdge(hour.windowSeconds, 5_000);
      const name = uniqueName();
      const here = create({ name, ...hour });
      const elsewhere = createElsewhere({ name, ...hour });
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? here : elsewhere).limit("client")),
      );
      const allowed = results.filter((r) => r.success);
      expect(allowed).toHaveLength(60);
      expect(new Set(allowed.map((r) => r.remaining)).size).toBe(60);
      expect(results.filter((r) => !r.success).every((r) => r.remaining === 0)).toBe(true);
    });
  });
}
