// The in-process API key cache on a real PostgreSQL: what it keeps, what makes it forget, and that
// revocation still counts on the next request in another process.
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { authenticate } from "@/lib/http/authenticate";
import {
  API_KEY_CACHE_APPLICATION,
  API_KEY_CHANGED_CHANNEL,
  createApiKeyCache,
  type ApiKeyCache,
  type ApiKeyCacheOptions,
} from "@/lib/keys/api-key-cache";
import { displayParts, hashKeySecret, mintKeySecret } from "@/lib/keys/api-key-secret";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { newId } from "@/lib/ids";
import { createKey, setupApp } from "../helpers/fixtures";
import { startInstanceProcess } from "../helpers/instance-process";
import { waitUntil } from "../helpers/wait-until";

const caches: ApiKeyCache[] = [];

async function listeningCache(options: Partial<ApiKeyCacheOptions> = {}): Promise<ApiKeyCache> {
  const cache = createApiKeyCache({ connectionString: process.env.DATABASE_URL ?? "", ...options });
  caches.push(cache);
  expect(await cache.whenListening(10_000)).toBe(true);
  return cache;
}

async function cachedKey(cache: ApiKeyCache, appId: string) {
  const { secret, record } = await createKey(appId);
  const hashedKey = hashKeySecret(secret);
  expect(await cache.find(hashedKey)).toMatchObject({ id: record.id });
  expect(cache.holds(hashedKey)).toBe(true);
  return { secret, record, hashedKey };
}

function bearer(secret: string): Request {
  return new Request("http://test.invalid/", { headers: { authorization: `Bearer ${secret}` } });
}

afterEach(async () => {
  await Promise.all(caches.splice(0).map((cache) => cache.close()));
});

afterAll(async () => {
  await Promise.all(caches.map((cache) => cache.close()));
});

describe("revocation", () => {
  it("is refused at once by another process that had the key in memory", async () => {
    const app = await setupApp();
    const { secret, record } = await createKey(app.appId);
    const other = await startInstanceProcess();
    try {
      expect(await other.authenticate(secret)).toEqual({ ok: true, code: null, fromMemory: false });
      expect(await other.authenticate(secret)).toEqual({ ok: true, code: null, fromMemory: true });

      expect(await revokeApiKey(prisma(), record.id)).toBe(true);

      expect(await other.authenticate(secret)).toEqual({ ok: false, code: "revoked_api_key", fromMemory: false });
    } finally {
      await other.stop();
    }
  });

  it("is refused at once by this process's own cache", async () => {
    const app = await setupApp();
    const { secret, record } = await createKey(app.appId);
    expect((await authenticate(bearer(secret))).ok).toBe(true);
    expect((await authenticate(bearer(secret))).ok).toBe(true);
    expect(await revokeApiKey(prisma(), record.id)).toBe(true);
    const after = await authenticate(bearer(secret));
    expect(after.ok ? null : after.error.code).toBe("revoked_api_key");
  });

  it("reaches a second cache's memory through its own LISTEN session", async () => {
    const app = await setupApp();
    const cache = await listeningCache();
    const { record, hashedKey } = await cachedKey(cache, app.appId);
    expect(await revokeApiKey(prisma(), record.id)).toBe(true);
    expect(cache.holds(hashedKey)).toBe(false);
    expect((await cache.find(hashedKey))?.revokedAt).toBeInstanceOf(Date);
  });
});

describe("what makes the cache forget", () => {
  it("keeps a key through lastUsedAt writes (the pipeline's once-a-minute bookkeeping)", async () => {
    const app = await setupApp();
    const cache = await listeningCache();
    const kept = await cachedKey(cache, app.appId);
    const sentinel = await cachedKey(cache, app.appId);
    await prisma().apiKey.update({ where: { id: kept.record.id }, data: { lastUsedAt: new Date() } });
    // Notifications arrive in commit order: once the later change is heard, the earlier one would have been.
    await prisma().apiKey.update({ where: { id: sentinel.record.id }, data: { scopes: ["wallets:read"] } });
    await waitUntil(() => !cache.holds(sentinel.hashedKey), 5_000);
    expect(cache.holds(kept.hashedKey)).toBe(true);
  });

  for (const change of [
    { column: "scopes", data: { scopes: ["wallets:read"] }, read: { scopes: ["wallets:read"] } },
    { column: "allowedIps", data: { allowedIps: ["203.0.113.0/24"] }, read: { allowedIps: ["203.0.113.0/24"] } },
  ]) {
    it(`forgets a key whose ${change.column} changed, and then reads the new value`, async () => {
      const app = await setupApp();
      const cache = await listeningCache();
      const { record, hashedKey } = await cachedKey(cache, app.appId);
      await prisma().apiKey.update({ where: { id: record.id }, data: change.data });
      await waitUntil(() => !cache.holds(hashedKey), 5_000);
      expect(await cache.find(hashedKey)).toMatchObject(change.read);
    });
  }

  it("forgets a deleted key", async () => {
    const app = await setupApp();
    const cache = await listeningCache();
    const { record, hashedKey } = await cachedKey(cache, app.appId);
    await prisma().apiKey.delete({ where: { id: record.id } });
    await waitUntil(() => !cache.holds(hashedKey), 5_000);
    expect(await cache.find(hashedKey)).toBeNull();
  });

  it("never keeps a miss: a key created right after a failed lookup works", async () => {
    const app = await setupApp();
    const secret = mintKeySecret("test");
    const before = await authenticate(bearer(secret));
    expect(before.ok ? null : before.error.code).toBe("invalid_api_key");
    await prisma().apiKey.create({
      data: {
        id: newId("key"),
        applicationId: app.appId,
        livemode: false,
        name: "made after a miss",
        hashedKey: hashKeySecret(secret),
        ...displayParts(secret),
      },
    });
    expect((await authenticate(bearer(secret))).ok).toBe(true);
  });

  it("holds a bounded number of keys, each for its time to live at most", async () => {
    const app = await setupApp();
    const small = await listeningCache({ maxEntries: 2 });
    const first = await cachedKey(small, app.appId);
    await cachedKey(small, app.appId);
    await cachedKey(small, app.appId);
    expect(small.holds(first.hashedKey)).toBe(false);

    const brief = await listeningCache({ ttlMs: 200 });
    const { hashedKey } = await cachedKey(brief, app.appId);
    await waitUntil(() => !brief.holds(hashedKey), 5_000);
  });
});

describe("while the LISTEN session is down", () => {
  it("serves nothing from memory, honours a revocation made meanwhile, and caches again once back", async () => {
    const app = await setupApp();
    // Slow to come back, so the test sees the gap.
    const cache = await listeningCache({ firstBackoffMs: 2_000 });
    const { record, hashedKey } = await cachedKey(cache, app.appId);
    const pid = cache.listenerPid;
    expect(pid).toEqual(expect.any(Number));

    await prisma().$queryRaw`SELECT pg_terminate_backend(${pid}::int)`;
    await waitUntil(() => !cache.listening, 5_000);
    expect(cache.holds(hashedKey)).toBe(false);

    // Unheard by this cache: its session is gone.
    await prisma().apiKey.update({ where: { id: record.id }, data: { revokedAt: new Date() } });
    expect((await cache.find(hashedKey))?.revokedAt).toBeInstanceOf(Date);
    expect(cache.holds(hashedKey)).toBe(false);

    await waitUntil(() => cache.listening, 10_000);
    expect(cache.listenerPid).not.toBe(pid);
    expect((await cache.find(hashedKey))?.revokedAt).toBeInstanceOf(Date);
    expect(cache.holds(hashedKey)).toBe(true);
  });

  it("lets a revocation return without waiting for answers it cannot hear", async () => {
    const cache = await listeningCache();
    const watch = cache.watchRevocation("key_missing");
    await cache.close();
    const started = Date.now();
    expect(await watch.heardEverywhere(5_000)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});

describe("a revocation's wait for every cache", () => {
  it("is bounded: a cache session that never answers delays it by about a second, no more", async () => {
    const app = await setupApp();
    const { record } = await createKey(app.appId);
    const silent = new pg.Client({
      connectionString: process.env.DATABASE_URL,
      application_name: API_KEY_CACHE_APPLICATION,
    });
    await silent.connect();
    try {
      await silent.query(`LISTEN ${API_KEY_CHANGED_CHANNEL}`);
      const started = Date.now();
      expect(await revokeApiKey(prisma(), record.id)).toBe(true);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await silent.end();
    }
  });

  it("is answered by every other cache only after it has forgotten the key", async () => {
    const app = await setupApp();
    const others = [await listeningCache(), await listeningCache()];
    const { secret, record } = await createKey(app.appId);
    const hashedKey = hashKeySecret(secret);
    for (const cache of others) await cache.find(hashedKey);
    expect(others.map((cache) => cache.holds(hashedKey))).toEqual([true, true]);
    const started = Date.now();
    expect(await revokeApiKey(prisma(), record.id)).toBe(true);
    expect(Date.now() - started).toBeLessThan(900);
    expect(others.map((cache) => cache.holds(hashedKey))).toEqual([false, false]);
  });
});
