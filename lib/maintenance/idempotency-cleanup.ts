// Deletes idempotency records whose 24-hour window has passed, on a schedule run by the webhook
// worker's graphile-worker crontab, so the table holds about one day of writes rather than
// everything ever sent (claiming a reused key also deletes its expired record, but only that one).
import { parseCronItems, type ParsedCronItem } from "graphile-worker";
import { DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE } from "@/lib/config";
import type { Db } from "@/lib/db/client";

export const IDEMPOTENCY_CLEANUP_TASK = "delete_expired_idempotency_records";

/** Every 15 minutes; IDEMPOTENCY_CLEANUP_SCHEDULE overrides it with any crontab time pattern. */
export { DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE };

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
    // SKIP LOCKED: a row a request is completing right now is taken on the next run instead.
    const count = await db.$executeRaw`
      DELETE FROM "IdempotencyRecord" WHERE id IN (
        SELECT id FROM "IdempotencyRecord"
        WHERE "expiresAt" <= ${now} AND ("state" = 'completed' OR "lockedUntil" <= ${now})
        ORDER BY "expiresAt"
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED)`;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}

/**
 * The crontab entry for the cleanup; `schedule` is a crontab time pattern (minute hour day month
 * weekday). A bad pattern throws here, at start-up. Runs missed while no worker was up are not
 * caught up: the next run deletes everything expired anyway.
 */
export function idempotencyCleanupCronItems(schedule = DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE): ParsedCronItem[] {
  return parseCronItems([
    {
      task: IDEMPOTENCY_CLEANUP_TASK,
      identifier: IDEMPOTENCY_CLEANUP_TASK,
      match: schedule,
      options: { backfillPeriod: 0, maxAttempts: 3, jobKey: IDEMPOTENCY_CLEANUP_TASK, jobKeyMode: "replace" },
    },
  ]);
}
