// Which webhook workers are alive, so the jobs of one that died mid-send run again within seconds
// rather than after graphile-worker's 4-hour lock expiry. Each worker pool holds a session-level
// advisory lock named after its pool id on a connection of its own for as long as it runs;
// PostgreSQL drops that lock the moment the process dies (kill -9 included) and its connection
// closes. A job locked by a pool whose lock nobody holds belongs to a dead worker, and is handed
// back to the queue with graphile-worker's own force_unlock_workers, which its documentation
// prescribes for exactly this.
//
// A database restart drops every lock with its session, living workers' too. So the lock's session
// reconnects and takes the lock again by itself (within a second of the database's return), and a
// sweep hands a pool's jobs back only once it has seen that pool without its lock for
// `graceSeconds` across sweeps: long enough for a living worker to take its lock again.
import pg from "pg";
import { startNotificationListener } from "@/lib/db/notification-listener";
import { QUEUE_SCHEMA } from "./queue-schema";
import type { Db } from "@/lib/db/client";

/** The first half of every liveness lock's key, so these locks never collide with other advisory locks. */
export const LIVENESS_LOCK_CLASS = 0x57_48_4b; // "WHK"

/** Worker pools holding their liveness lock on this database now: the workers alive. */
export async function countLiveWorkers(db: Db): Promise<number> {
  const [held] = await db.$queryRaw<{ workers: number }[]>`
    SELECT count(*)::int AS "workers" FROM pg_locks
    WHERE locktype = 'advisory' AND classid = ${LIVENESS_LOCK_CLASS}::oid AND granted`;
  return held?.workers ?? 0;
}

/** The lock's session reconnects at most this long after its database comes back. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export type LivenessLock = {
  /** True while this pool's lock is held on a live session. */
  readonly held: boolean;
  /** Resolves true once the lock is held (at once if it is), false after timeoutMs. */
  whenHeld(timeoutMs: number): Promise<boolean>;
  release(): Promise<void>;
};

export type LivenessEvents = {
  /** The lock is held (again): first taken, or re-taken after its session was lost. */
  onHeld?: () => void;
  /** The lock's session is gone; the lock with it. */
  onLost?: () => void;
};

class LockNotGranted extends Error {}

/**
 * Holds the pool's liveness lock on a dedicated session (named `applicationName poolId`) until release(), taking it again on a new
 * session whenever the old one is lost. pg_try_advisory_lock, not pg_advisory_lock: a session the
 * server has not yet noticed is dead may still hold it, and the retry must not hang behind it.
 */
export function holdLivenessLock(
  connectionString: string,
  poolId: string,
  applicationName: string,
  events: LivenessEvents = {},
): LivenessLock {
  const waiters = new Set<(held: boolean) => void>();
  const session = startNotificationListener({
    connectionString,
    channels: [],
    applicationName: `${applicationName} ${poolId}`,
    maxBackoffMs: MAX_RECONNECT_DELAY_MS,
    onSession: async (client) => {
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_lock($1::int, hashtext($2)) AS locked",
        [LIVENESS_LOCK_CLASS, poolId],
      );
      if (!rows[0]?.locked) throw new LockNotGranted(`liveness lock of ${poolId} is held by another session`);
    },
    onListening: () => {
      for (const wake of waiters) wake(true);
      waiters.clear();
      events.onHeld?.();
    },
    onLost: () => events.onLost?.(),
    onNotification: () => undefined,
  });
  return {
    get held() {
      return session.listening;
    },
    whenHeld(timeoutMs) {
      if (session.listening) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        const wake = (held: boolean) => {
          clearTimeout(timer);
          resolve(held);
        };
        waiters.add(wake);
      });
    },
    async release() {
      for (const wake of waiters) wake(false);
      waiters.clear();
      await session.close();
    },
  };
}

/** Whether the job `jobId` is still locked by `poolId` (no other worker was handed it meanwhile). */
export async function jobLockedBy(pool: pg.Pool, jobId: string, poolId: string): Promise<boolean> {
  const { rows } = await pool.query(
    `SELECT 1 FROM ${QUEUE_SCHEMA}._private_jobs WHERE id = $1::bigint AND locked_by = $2`,
    [jobId, poolId],
  );
  return rows.length > 0;
}

/**
 * Pools seen without their liveness lock, and since when, across sweeps: a pool is dead only once
 * it has stayed so for the grace period. One per sweeping worker.
 */
export type DeadWorkerSightings = Map<string, number>;

/**
 * Unlocks the jobs of dead workers and returns their pool ids. A pool counts as dead once its jobs
 * have been locked for `graceSeconds` and it has been seen without its lock for `graceSeconds`
 * (the first covers a pool that locks a job before its lock is taken, the second a living pool
 * re-taking its lock after a database restart).
 */
export async function unlockJobsOfDeadWorkers(
  pool: pg.Pool,
  graceSeconds: number,
  sightings: DeadWorkerSightings,
  now = Date.now(),
): Promise<string[]> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `SELECT DISTINCT j.locked_by FROM ${QUEUE_SCHEMA}.jobs j
     WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - make_interval(secs => $2)
       AND NOT EXISTS (
         SELECT 1 FROM pg_locks l
         WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
           AND l.classid = $1::int::oid
           AND l.objid = (hashtext(j.locked_by)::bigint & 4294967295)::oid)`,
    [LIVENESS_LOCK_CLASS, graceSeconds],
  );
  const lockless = new Set(rows.map((row) => row.locked_by));
  for (const poolId of sightings.keys()) if (!lockless.has(poolId)) sightings.delete(poolId);
  const dead: string[] = [];
  for (const poolId of lockless) {
    const since = sightings.get(poolId);
    if (since === undefined) sightings.set(poolId, now);
    else if (now - since >= graceSeconds * 1_000) dead.push(poolId);
  }
  if (dead.length > 0) {
    await pool.query(`SELECT ${QUEUE_SCHEMA}.force_unlock_workers($1::text[])`, [dead]);
    for (const poolId of dead) sightings.delete(poolId);
  }
  return dead;
}
