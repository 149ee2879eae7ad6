// Backend selection from configuration, and failing closed (throwing, never allowing) when the
// configured store can't be reached. Needs no running Redis.
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";

type RateLimitModule = typeof import("@/lib/ratelimit");

// lib/config caches the environment on first use, so each case loads fresh modules.
async function loadWithEnv(env: Record<string, string | undefined>): Promise<RateLimitModule> {
  vi.resetModules();
  for (const name of ["REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN"]) {
    vi.stubEnv(name, env[name]);
  }
  return import("@/lib/ratelimit");
}

const opts = { name: "backend-test", limit: 2, windowSeconds: 60 };
let loaded: RateLimitModule | undefined;
let server: Server | undefined;
const accepted: Socket[] = [];

afterEach(async () => {
  await loaded?.closeRateLimitConnections();
  for (const socket of accepted.splice(0)) socket.destroy();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  vi.unstubAllEnvs();
});

describe("rate limiter backend selection", () => {
  it("limits in process when neither Upstash nor Redis is configured", async () => {
    loaded = await loadWithEnv({});
    const limiter = loaded.createRateLimiter(opts);
    expect((await limiter.limit("x")).success).toBe(true);
    expect((await limiter.limit("x")).success).toBe(true);
    expect(await limiter.limit("x")).toMatchObject({ success: false, remaining: 0 });
  });

  it("uses REDIS_URL and throws quickly when that Redis refuses connections", async () => {
    loaded = await loadWithEnv({ REDIS_URL: "redis://127.0.0.1:1" });
    const started = Date.now();
    await expect(loaded.createRateLimiter(opts).limit("x")).rejects.toBeInstanceOf(loaded.RateLimiterUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("throws after about a second when the Redis server accepts but never answers", async () => {
    // Accepts and stays silent, like a hung Redis or a proxy with nothing behind it.
    server = createServer((socket) => void accepted.push(socket));
    await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no TCP address");
    loaded = await loadWithEnv({ REDIS_URL: `redis://127.0.0.1:${address.port}` });
    const started = Date.now();
    await expect(loaded.createRateLimiter(opts).limit("x")).rejects.toBeInstanceOf(loaded.RateLimiterUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it("prefers Upstash REST over REDIS_URL, and throws when it is unreachable", async () => {
    loaded = await loadWithEnv({
      UPSTASH_REDIS_REST_URL: "http://127.0.0.1:1",
      UPSTASH_REDIS_REST_TOKEN: "token",
      REDIS_URL: "redis://127.0.0.1:1",
    });
    const error = await loaded
      .createRateLimiter(opts)
      .limit("x")
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(loaded.RateLimiterUnavailableError);
    // The REST client (fetch) failed, not the TCP one.
    expect(String(error)).toMatch(/fetch failed/);
  });
});
