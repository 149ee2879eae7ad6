// Deletes idempotency records whose 24-hour window has passed, run by the worker's crontab
// (lib/jobs/idempotency-cleanup.ts), so the table holds about one day of writes rather than
// everything ever sent (claiming a reused key also deletes its expired record, but only that one).
import type { Db } from "@/lib/db/client";

// Small batches keep each DELETE's locks and WAL short beside live traffic.
const BATCH_SIZE = 1_000;

/**
 * Deletes the records expired at `now`, in batches, and returns how many went. A record still
 * claimed by a running request (in_progress with its lock in the future) is left to that request.
 */
export async function deleteExpiredIdempotencyRecords(
  db: Db,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    // SKIP LOCKED: a row a request is completing right now is taken on the next run instead. By
    // ctid (a TID scan of the locked rows): joined back by id, the planner may hash the batch
    // against a scan of the whole table (docs/decisions/retention.md).
    const count = await db.$executeRaw`
      DELETE FROM "IdempotencyRecord" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "IdempotencyRecord"
        WHERE "expiresAt" <= ${now} AND ("state" = 'completed' OR "lockedUntil" <= ${now})
        ORDER BY "expiresAt"
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED))`;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
