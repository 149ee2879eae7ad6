// Which webhook workers are alive, so the jobs of one that died mid-send run again within seconds
// rather than after graphile-worker's 4-hour lock expiry. Each worker pool holds a session-level
// advisory lock named after its pool id on a connection of its own for as long as it runs;
// PostgreSQL drops that lock the moment the process dies (kill -9 included) and its connection
// closes. A job locked by a pool whose lock nobody holds belongs to a dead worker, and is handed
// back to the queue with graphile-worker's own force_unlock_workers, which its documentation
// prescribes for exactly this.
import pg from "pg";
import { QUEUE_SCHEMA } from "./queue-schema";

/** The first half of every liveness lock's key, so these locks never collide with other advisory locks. */
const LIVENESS_LOCK_CLASS = 0x57_48_4b; // "WHK"

export type LivenessLock = { release(): Promise<void> };

/** Holds the pool's liveness lock on a dedicated connection until release(). */
export async function holdLivenessLock(connectionString: string, poolId: string): Promise<LivenessLock> {
  const client = new pg.Client({ connectionString, application_name: `webhook-worker ${poolId}` });
  client.on("error", (error) => console.error(`[webhook worker] liveness connection error: ${error.message}`));
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1::int, hashtext($2))", [LIVENESS_LOCK_CLASS, poolId]);
  return {
    async release() {
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * Unlocks the jobs of dead workers and returns their pool ids. A job counts only once it has been
 * locked for `graceSeconds`, which covers a pool that has locked a job before its liveness lock
 * was taken (both happen within milliseconds of its start).
 */
export async function unlockJobsOfDeadWorkers(pool: pg.Pool, graceSeconds: number): Promise<string[]> {
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
  const dead = rows.map((row) => row.locked_by);
  if (dead.length > 0) await pool.query(`SELECT ${QUEUE_SCHEMA}.force_unlock_workers($1::text[])`, [dead]);
  return dead;
}
