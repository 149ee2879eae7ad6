// GET /api/public/health/ready through its real route handler against the run's PostgreSQL and (when
// REDIS_URL is set, as in CI) Redis; what it counts of the webhook workers, from a liveness lock
// really held; and the refusals of checkReadiness itself while draining or without its store.
// Draining on a real SIGTERM is tests/system/multi-instance.test.ts's.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { checkReadiness } from "@/lib/health/check-readiness";

import { RateLimiterUnavailableError } from "@/lib/ratelimit";
import { holdLivenessLock, type LivenessLock } from "@/lib/webhooks/worker-liveness";
import { testClient } from "../helpers/route-fetch";

const locks: LivenessLock[] = [];
afterAll(async () => {
  for (const lock of locks) await lock.release();
});

function client() {
  return testClient(undefined, { address: `10.23.${process.pid % 250}.${locks.length + 1}` });
}

describe("GET /api/public/health/ready", () => {
  it("answers 200 ready with its store and the workers holding a liveness lock, never cached", async () => {
    const lock = holdLivenessLock(process.env.DATABASE_URL ?? "", `readiness-${randomUUID()}`, "readiness test");
    locks.push(lock);
    expect(await lock.whenHeld(10_000)).toBe(true);

    const { data, response } = await client().GET("/api/public/health/ready");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(data).toMatchObject({
      status: "ready",
      database: "ok",
      rateLimitStore: process.env.REDIS_URL ? "ok" : "memory",
    });
    expect(data?.webhookWorkers).toBeGreaterThanOrEqual(1);
  });
});

describe("checkReadiness", () => {
  it("is unavailable, retry in 1 s, from the moment the process begins to stop", async () => {
    const refused = await checkReadiness({ draining: () => true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "unavailable", retryAfterSeconds: 1 });
    expect((refused as Error).message).toMatch(/shutting down/);
  });

  it("is unavailable, naming Redis, when the rate-limit store does not answer", async () => {
    const refused = await checkReadiness({
      rateLimitStore: () => Promise.reject(new RateLimiterUnavailableError("connect ECONNREFUSED 127.0.0.1:1")),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "unavailable", retryAfterSeconds: 1 });
    expect((refused as Error).message).toMatch(/Redis/);
  });
});
