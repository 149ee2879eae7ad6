// Console sessions kept on the server, so that one can be ended: the session cookie (a next-auth JWT)
// names a ConsoleSession row, and every console request checks that row is still open
// (auth-options.ts, the jwt callback). Sign-out, a password change or reset, a two-factor change and
// removal from the account end rows here; a cookie naming an ended row opens nothing.
import type { Db } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";

/** Absolute lifetime: fixed at sign-in, never extended by activity. */
export const SESSION_LIFETIME_SECONDS = 8 * 60 * 60;

// How long one process trusts its last look at a session before asking the database again. A
// session ended in this process is dropped from the cache at once; one ended in another process
// (another cluster worker) is refused there within this long.
const CHECK_CACHE_MS = 5_000;
// lastSeenAt is for the account page's list, so it is written at most once a minute per session.
const LAST_SEEN_RESOLUTION_MS = 60_000;

export type EndReason =
  | "sign-out"
  | "signed-out-elsewhere"
  | "sign-out-everywhere"
  | "password-changed"
  | "password-reset"
  | "two-factor-changed"
  | "removed";

type Cached = { merchantId: string; expiresAt: number; checkedAt: number; lastSeenAt: number };

// On globalThis for the same reason as the rate limiter's memory store: Next's bundles can load this
// module twice in one process, and both copies must forget an ended session together.
const globalCache = globalThis as unknown as { __consoleSessionCache?: Map<string, Cached> };
const cache = (globalCache.__consoleSessionCache ??= new Map<string, Cached>());

/** A session id: `ses_` and 24 random base62 characters, unguessable, named by the cookie. */
export function newSessionId(): string {
  return `ses_${randomBase62(24)}`;
}

/** Opens a session at sign-in; its expiry is now + 8 hours, for good. */
export async function startSession(
  db: Db,
  merchantId: string,
  client: { ipAddress?: string | null; userAgent?: string | null },
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000);
  const id = newSessionId();
  await db.consoleSession.create({
    data: {
      id,
      merchantId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ipAddress: client.ipAddress ?? null,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
    },
  });
  return { id, expiresAt };
}

/**
 * Whether the session is open (not ended, not expired) and belongs to `merchantId`. Answers from a
 * short per-process cache when it can; moves lastSeenAt at most once a minute.
 */
export async function isSessionOpen(db: Db, sessionId: string, merchantId: string, now = Date.now()): Promise<boolean> {
  const hit = cache.get(sessionId);
  if (hit && now - hit.checkedAt < CHECK_CACHE_MS) {
    if (hit.expiresAt <= now) return false;
    return hit.merchantId === merchantId;
  }
  const row = await db.consoleSession.findUnique({
    where: { id: sessionId },
    select: { merchantId: true, expiresAt: true, endedAt: true, lastSeenAt: true },
  });
  if (!row || row.endedAt || row.expiresAt.getTime() <= now || row.merchantId !== merchantId) {
    cache.delete(sessionId);
    return false;
  }
  let lastSeenAt = row.lastSeenAt.getTime();
  if (now - lastSeenAt >= LAST_SEEN_RESOLUTION_MS) {
    lastSeenAt = now;
    await db.consoleSession.updateMany({
      where: { id: sessionId, endedAt: null },
      data: { lastSeenAt: new Date(now) },
    });
  }
  pruneCache(now);
  cache.set(sessionId, { merchantId, expiresAt: row.expiresAt.getTime(), checkedAt: now, lastSeenAt });
  return true;
}

/** Ends one of the merchant's sessions (its "Sign out", or signing out of this one). False if it was not open. */
export async function endSession(
  db: Db,
  merchantId: string,
  sessionId: string,
  reason: EndReason = "sign-out",
): Promise<boolean> {
  cache.delete(sessionId);
  const { count } = await db.consoleSession.updateMany({
    where: { id: sessionId, merchantId, endedAt: null },
    data: { endedAt: new Date(), endedReason: reason },
  });
  return count > 0;
}

/**
 * Ends every open session of a merchant (a member), except `except` when given: the session that
 * made the change stays signed in. Returns how many were ended. Called on sign-out everywhere,
 * password change and reset, two-factor change, and removal from the account.
 */
export async function endSessions(
  db: Db,
  merchantId: string,
  options: { except?: string; reason?: EndReason } = {},
): Promise<number> {
  for (const [id, entry] of cache) if (entry.merchantId === merchantId && id !== options.except) cache.delete(id);
  const { count } = await db.consoleSession.updateMany({
    where: { merchantId, endedAt: null, ...(options.except ? { id: { not: options.except } } : {}) },
    data: { endedAt: new Date(), endedReason: options.reason ?? "sign-out-everywhere" },
  });
  return count;
}

export type ActiveSession = {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
};

/** The merchant's open sessions, most recently seen first, for the account page. */
export async function listActiveSessions(db: Db, merchantId: string, now = new Date()): Promise<ActiveSession[]> {
  return db.consoleSession.findMany({
    where: { merchantId, endedAt: null, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: "desc" }, { id: "desc" }],
    select: { id: true, createdAt: true, lastSeenAt: true, expiresAt: true, ipAddress: true, userAgent: true },
    take: 100,
  });
}

// Entries are only useful for CHECK_CACHE_MS; dropping stale ones on the way keeps the map small
// without a timer.
function pruneCache(now: number): void {
  if (cache.size < 1000) return;
  for (const [id, entry] of cache) if (now - entry.checkedAt >= CHECK_CACHE_MS) cache.delete(id);
}
