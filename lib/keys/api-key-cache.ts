// This process's memory of API keys found by their hash, so most SDK requests authenticate without
// a query. Allowed only because a change to a key still counts on the next request: a trigger
// NOTIFYs api_key_changed at commit (prisma/migrations/*_api_key_change_notify), every process
// LISTENs on its own session and forgets the key (and answers a revocation on api_key_change_heard,
// which the revoking process waits for), and while that session is down nothing is served from
// memory at all.
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { config } from "@/lib/config";
import { closeWithDb, prisma } from "@/lib/db/client";
import { startNotificationListener, type NotificationListener } from "@/lib/db/notification-listener";

export const API_KEY_CHANGED_CHANNEL = "api_key_changed";
/** Each cache's answer to a revocation it has applied; the payload is the key's id. */
export const API_KEY_CHANGE_HEARD_CHANNEL = "api_key_change_heard";
/** The LISTEN sessions' application_name: a revocation waits for every session so named. */
export const API_KEY_CACHE_APPLICATION = "api-key-cache";

/** What authentication reads of a key. */
export type CachedApiKey = {
  readonly id: string;
  readonly applicationId: string;
  readonly livemode: boolean;
  readonly scopes: string[];
  readonly allowedIps: string[];
  readonly revokedAt: Date | null;
  /** As stored, then when this process last wrote it, so the write happens at most once a minute. */
  lastUsedAt: Date | null;
  /** Likewise, the address it was last used from. */
  lastUsedAddress: string | null;
};

export type ApiKeyCacheOptions = {
  connectionString: string;
  /** Looks a key up when memory cannot answer; defaults to the process's Prisma client. */
  load?: (hashedKey: string) => Promise<CachedApiKey | null>;
  maxEntries?: number;
  /** A backstop only: changes are forgotten by notification long before. */
  ttlMs?: number;
  heartbeatMs?: number;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
};

export type ApiKeyCache = {
  /** The key with this hash, or null; from memory only while this process is listening. */
  find(hashedKey: string): Promise<CachedApiKey | null>;
  /** Starts listening if need be; true once LISTEN is in effect, false if not within timeoutMs. */
  whenListening(timeoutMs: number): Promise<boolean>;
  /**
   * Begins collecting the answers to keyId's revocation. Call before the change commits: answers
   * can arrive before the commit's own reply does.
   */
  watchRevocation(keyId: string): RevocationWatch;
  /** Whether a key is held in memory now; for tests and diagnostics. */
  holds(hashedKey: string): boolean;
  readonly listening: boolean;
  /** The LISTEN session's server process id, while listening. */
  readonly listenerPid: number | null;
  close(): Promise<void>;
};

export type RevocationWatch = {
  /**
   * True once every API key cache session on the database (this one included) has answered;
   * false after timeoutMs, or at once when this process is not listening (it would hear nothing).
   */
  heardEverywhere(timeoutMs: number): Promise<boolean>;
  stop(): void;
};

const changeSchema = z.object({ id: z.string(), hashedKey: z.string(), revoked: z.boolean() });

type Watch = { keyId: string; answeredBy: Set<number>; wake?: () => void };

export function createApiKeyCache(options: ApiKeyCacheOptions): ApiKeyCache {
  const load = options.load ?? loadFromDatabase;
  const entries = new LRUCache<string, CachedApiKey>({
    max: options.maxEntries ?? 10_000,
    ttl: options.ttlMs ?? 60_000,
  });
  const watches = new Set<Watch>();
  const listeningWaiters = new Set<() => void>();
  let listener: NotificationListener | undefined;
  let closed = false;
  // Bumped by every change heard and every change of listening state; a lookup that saw it move
  // while it ran may have read the row from before the change, so its answer is not kept.
  let generation = 0;

  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };

  const wakeWatches = () => {
    for (const watch of watches) watch.wake?.();
  };

  const onChange = (payload: string) => {
    generation += 1;
    const change = parseChange(payload);
    if (!change) {
      // A payload we cannot read (TRUNCATE sends none) could concern any key.
      entries.clear();
      return;
    }
    entries.delete(change.hashedKey);
    // Only after forgetting it: the revoking process takes this answer to mean we refuse the key.
    if (change.revoked) listener?.notify(API_KEY_CHANGE_HEARD_CHANNEL, change.id);
  };

  const onAnswer = (keyId: string, senderPid: number) => {
    for (const watch of watches) {
      if (watch.keyId !== keyId) continue;
      watch.answeredBy.add(senderPid);
      watch.wake?.();
    }
  };

  const start = (): NotificationListener => {
    listener ??= startNotificationListener({
      connectionString: options.connectionString,
      channels: [API_KEY_CHANGED_CHANNEL, API_KEY_CHANGE_HEARD_CHANNEL],
      applicationName: API_KEY_CACHE_APPLICATION,
      heartbeatMs: options.heartbeatMs,
      firstBackoffMs: options.firstBackoffMs,
      maxBackoffMs: options.maxBackoffMs,
      onNotification: (channel, payload, senderPid) => {
        if (channel === API_KEY_CHANGED_CHANNEL) onChange(payload);
        else onAnswer(payload, senderPid);
      },
      // Changes made while no session listened were never heard: start from nothing.
      onListening: () => {
        forgetAll();
        for (const wake of listeningWaiters) wake();
      },
      onLost: () => {
        forgetAll();
        wakeWatches();
      },
    });
    return listener;
  };

  const isListening = () => !closed && listener?.listening === true;

  return {
    async find(hashedKey) {
      if (closed) return load(hashedKey);
      start();
      if (isListening()) {
        const held = entries.get(hashedKey);
        if (held) return held;
      }
      const seen = generation;
      const key = await load(hashedKey);
      // Misses are never kept: a key created a moment later must work at once.
      if (key && isListening() && generation === seen) entries.set(hashedKey, key);
      return key;
    },

    whenListening(timeoutMs) {
      if (closed) return Promise.resolve(false);
      if (start().listening) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          listeningWaiters.delete(done);
          resolve(isListening());
        };
        const timer = setTimeout(done, timeoutMs);
        listeningWaiters.add(done);
      });
    },

    watchRevocation(keyId) {
      const watch: Watch = { keyId, answeredBy: new Set() };
      watches.add(watch);
      return {
        async heardEverywhere(timeoutMs) {
          const current = listener;
          if (!current || !isListening()) return false;
          return new Promise<boolean>((resolve) => {
            let peers: number[] | undefined;
            const finish = (heard: boolean) => {
              clearTimeout(timer);
              watch.wake = undefined;
              resolve(heard);
            };
            // Woken by each answer, and by the session dropping (then no more will come).
            const check = () => {
              if (!isListening()) finish(false);
              else if (peers?.every((pid) => watch.answeredBy.has(pid))) finish(true);
            };
            const timer = setTimeout(() => finish(false), timeoutMs);
            watch.wake = check;
            current.peerPids().then(
              (pids) => {
                // Our own answer at the least, whatever this role may see of other sessions.
                const own = current.backendPid;
                peers = own === null ? pids : [...new Set([...pids, own])];
                check();
              },
              () => finish(false),
            );
          });
        },
        stop() {
          watches.delete(watch);
        },
      };
    },

    holds(hashedKey) {
      return entries.has(hashedKey);
    },

    get listening() {
      return isListening();
    },

    get listenerPid() {
      return isListening() ? (listener?.backendPid ?? null) : null;
    },

    async close() {
      closed = true;
      entries.clear();
      wakeWatches();
      for (const wake of listeningWaiters) wake();
      await listener?.close();
    },
  };
}

function parseChange(payload: string): z.infer<typeof changeSchema> | null {
  try {
    const parsed = changeSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

// The same statement as before this cache existed (bench/baseline/sql.ts matches it).
async function loadFromDatabase(hashedKey: string): Promise<CachedApiKey | null> {
  const row = await prisma().apiKey.findUnique({ where: { hashedKey } });
  if (!row) return null;
  return {
    id: row.id,
    applicationId: row.applicationId,
    livemode: row.livemode,
    scopes: row.scopes,
    allowedIps: row.allowedIps,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedAddress: row.lastUsedAddress,
  };
}

// One per process, on globalThis: Next's route bundle and the launcher or CLI may each load this
// module, and two copies would mean two LISTEN sessions and two memories.
declare global {
  var apiKeyCacheInstance: ApiKeyCache | undefined;
}

/** The process's cache, created on first use; it starts listening on its first lookup. */
export function apiKeyCache(): ApiKeyCache {
  if (!globalThis.apiKeyCacheInstance) {
    const url = config().DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set (the launcher sets it when it starts the embedded PostgreSQL).");
    globalThis.apiKeyCacheInstance = createApiKeyCache({ connectionString: url });
    closeWithDb(closeApiKeyCache);
  }
  return globalThis.apiKeyCacheInstance;
}

/** Closes the process's LISTEN session; disconnectDb() calls this, so shutdown paths need nothing more. */
export async function closeApiKeyCache(): Promise<void> {
  const cache = globalThis.apiKeyCacheInstance;
  globalThis.apiKeyCacheInstance = undefined;
  await cache?.close();
}
