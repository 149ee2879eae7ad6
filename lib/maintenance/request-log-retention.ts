// Deletes request-log rows older than the retention period (30 days by default), run by the
// worker's crontab (lib/jobs/request-log-retention.ts), beside the attempt-body retention.
import type { Db } from "@/lib/db/client";
import { retentionCutoff } from "./retention";

// Small batches keep each DELETE's locks and WAL short beside the log's own inserts.
const BATCH_SIZE = 1_000;

/** Deletes every row created more than `retentionDays` ago (by the database's clock); returns how many. */
export async function deleteExpiredRequestLogs(
  db: Db,
  { retentionDays, batchSize = BATCH_SIZE }: { retentionDays: number; batchSize?: number },
): Promise<number> {
  const cutoff = await retentionCutoff(db, retentionDays);

  let deleted = 0;
  for (;;) {
    // Oldest first along the createdAt index; SKIP LOCKED leaves a row someone holds to the next run.
    const count = await db.$executeRaw`
      DELETE FROM "RequestLog" WHERE "id" IN (
        SELECT "id" FROM "RequestLog" WHERE "createdAt" < ${cutoff}
        ORDER BY "createdAt" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      )`;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
