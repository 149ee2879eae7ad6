// The in-process limiter: the shared contract plus its clock-driven eviction.
import { describe, expect, it } from "vitest";
import { createRateLimiter } from "@/lib/ratelimit";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory-limiter";
import { defineRateLimiterSuite } from "./rate-limit-suite";

defineRateLimiterSuite("memory", {
  create: (opts) => createRateLimiter({ ...opts, backend: "memory" }),
  // Within one process, instances of the same name must share counts like Redis-backed ones do.
  createElsewhere: (opts) => createRateLimiter({ ...opts, backend: "memory" }),
});

describe("memory rate limiter", () => {
  it("forgets the previous window's identifiers when the window moves on", async () => {
    let now = 10_000;
    const limiter = createMemoryRateLimiter({ name: "evict-test", limit: 1, windowSeconds: 10 }, () => now);
    for (let i = 0; i < 1_000; i++) await limiter.limit(`id-${i}`);
    expect((await limiter.limit("id-0")).success).toBe(false);
    now += 10_000;
    expect(await limiter.limit("id-0")).toMatchObject({ success: true, reset: 30_000 });
  });

  it("rejects options that would make a broken limiter", () => {
    expect(() => createRateLimiter({ name: "x", limit: 0, windowSeconds: 1, backend: "memory" })).toThrow();
    expect(() => createRateLimiter({ name: "x", limit: 1, windowSeconds: 0, backend: "memory" })).toThrow();
    expect(() => createRateLimiter({ name: "a:b", limit: 1, windowSeconds: 1, backend: "memory" })).toThrow();
  });
});
