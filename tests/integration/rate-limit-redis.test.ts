// The Redis-backed limiter against a real self-hosted Redis (REDIS_URL): the shared contract, the
// TCP requester's wire behaviour, and failing closed when Redis is gone.
import { Redis } from "@upstash/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeRateLimitConnections, createRateLimiter } from "@/lib/ratelimit";
import { RedisUnavailableError, TcpConnection } from "@/lib/platform/redis-tcp-connection";
import { createTcpRequester } from "@/lib/platform/redis-tcp-requester";
import { createUpstashRateLimiter } from "@/lib/ratelimit/upstash-limiter";
import { defineRateLimiterSuite } from "../unit/rate-limit-suite";

const url = process.env.REDIS_URL;
// @upstash/ratelimit's SHA1 of its fixed-window script, shebang included.
const FIXED_WINDOW_SHA = "b2efc02798c8e9b471a10f9b1d5745db89923ff3";

describe.skipIf(!url)(url ? "redis rate limiter" : "redis rate limiter (skipped: REDIS_URL is not set)", () => {
  // A second TCP client stands in for a second process sharing the same Redis.
  const otherProcess = new TcpConnection(url ?? "");
  const otherRedis = new Redis(createTcpRequester(otherProcess));
  const opened: TcpConnection[] = [otherProcess];
  const open = (target = url ?? "") => {
    const connection = new TcpConnection(target);
    opened.push(connection);
    return connection;
  };

  beforeAll(async () => {
    // Fails every test (rather than skipping) when REDIS_URL is set but Redis is unreachable.
    expect(await otherProcess.command(["PING"])).toBe("PONG");
  });

  afterAll(async () => {
    await closeRateLimitConnections();
    await Promise.all(opened.map((c) => c.close()));
  });

  defineRateLimiterSuite("redis", {
    create: (opts) => createRateLimiter({ ...opts, backend: "redis" }),
    createElsewhere: (opts) => createUpstashRateLimiter(otherRedis, opts),
  });

  it("maps the library's script SHA so only the first call pays a NOSCRIPT round trip", async () => {
    const sent: string[][] = [];
    const redis = new Redis(createTcpRequester(open(), { onCommand: (args) => void sent.push([...args]) }));
    const limiter = createUpstashRateLimiter(redis, { name: "sha-map", limit: 100, windowSeconds: 60 });
    for (let i = 0; i < 5; i++) await limiter.limit(`client-${Date.now()}`);

    expect(sent.map((args) => args[0])).toEqual(["evalsha", "eval", "evalsha", "evalsha", "evalsha", "evalsha"]);
    expect(sent[0]?.[1]).toBe(FIXED_WINDOW_SHA);
    expect(sent[1]?.[1]?.startsWith("#!")).toBe(false);
    const mappedSha = sent[2]?.[1];
    expect(mappedSha).toMatch(/^[0-9a-f]{40}$/);
    expect(mappedSha).not.toBe(FIXED_WINDOW_SHA);
    expect(sent.slice(3).every((args) => args[1] === mappedSha)).toBe(true);
  });

  it("answers SCRIPT LOAD with the caller's SHA and runs EVALSHA with it", async () => {
    const redis = new Redis(createTcpRequester(open()));
    const script = "#!lua flags=allow-key-locking\nreturn {ARGV[1], 7}";
    const sha = await redis.scriptLoad(script);
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await redis.evalsha(sha, [], ["x"])).toEqual(["x", 7]);
  });

  it("round-trips values the way @upstash/redis expects them", async () => {
    const redis = new Redis(createTcpRequester(open()));
    const key = `rl-test:${Date.now()}:${Math.random()}`;
    const text = 'héllo 😀 "quoted" \n line';
    try {
      expect(await redis.set(`${key}:s`, text)).toBe("OK");
      expect(await redis.get(`${key}:s`)).toBe(text);
      await redis.set(`${key}:j`, { a: 1, b: ["ü"] });
      expect(await redis.get(`${key}:j`)).toEqual({ a: 1, b: ["ü"] });
      expect(await redis.get(`${key}:missing`)).toBeNull();
      expect(await redis.incr(`${key}:n`)).toBe(1);
      await redis.hset(`${key}:h`, { f: "v", g: 2 });
      expect(await redis.hgetall(`${key}:h`)).toEqual({ f: "v", g: 2 });
      await expect(redis.incr(`${key}:s`)).rejects.toThrow(/not an integer/);

      const piped = await redis.pipeline().set(`${key}:p`, "1").incr(`${key}:p`).get(`${key}:p`).exec();
      expect(piped).toEqual(["OK", 2, 2]);
      const kept = await redis.pipeline().incr(`${key}:s`).get(`${key}:p`).exec({ keepErrors: true });
      expect(kept[0]?.error).toMatch(/not an integer/);
      expect(kept[1]?.result).toBe(2);

      expect(await redis.multi().incr(`${key}:m`).incr(`${key}:m`).exec()).toEqual([1, 2]);
    } finally {
      await redis.del(`${key}:s`, `${key}:j`, `${key}:n`, `${key}:h`, `${key}:p`, `${key}:m`);
    }
  });

  it("reconnects after the server drops the connection", async () => {
    const connection = open();
    const id = await connection.command(["CLIENT", "ID"]);
    await otherProcess.command(["CLIENT", "KILL", "ID", String(id)]);
    // A command racing the drop fails (closed, not allowed); once the client has noticed, it reconnects.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await connection.command(["PING"])).toBe("PONG");
    expect(await connection.command(["CLIENT", "ID"])).not.toBe(id);
  });

  it("reopens the shared connection after closeRateLimitConnections()", async () => {
    const limiter = createRateLimiter({ name: "reopen", limit: 100, windowSeconds: 60, backend: "redis" });
    expect((await limiter.limit("client")).success).toBe(true);
    await closeRateLimitConnections();
    expect((await limiter.limit("client")).success).toBe(true);
  });

  it.each([
    ["a refused port", "redis://127.0.0.1:1"],
    ["an unroutable address", "redis://192.0.2.1:6379"],
  ])("throws within about a second when Redis is %s, instead of allowing", async (_, target) => {
    const limiter = createUpstashRateLimiter(new Redis(createTcpRequester(open(target))), {
      name: "down",
      limit: 100,
      windowSeconds: 60,
    });
    const started = Date.now();
    await expect(limiter.limit("client")).rejects.toBeInstanceOf(RedisUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_500);
    // Still closed on the next call, while the client keeps retrying in the background.
    await expect(limiter.limit("client")).rejects.toBeInstanceOf(RedisUnavailableError);
  });
});
