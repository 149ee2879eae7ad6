// Deletes request-log rows older than the retention period (30 days by default), run by the
// worker's crontab (lib/jobs/request-log-retention.ts), beside the attempt-body retention.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { retentionCutoff } from "./retention";

// Small batches keep each DELETE's locks and WAL short beside the log's own inserts.
const BATCH_SIZE = 1_000;

/**
 * One batch: the oldest rows from `from` up to the cutoff along the createdAt B-tree, deleted,
 * with how many went and the newest createdAt among them. SKIP LOCKED leaves a row someone holds
 * to the next run. The rows are deleted by their ctid (a TID scan, the rows locked meanwhile): a
 * join back by id lets the planner hash the batch against a scan of the whole table.
 */
export function requestLogBatchQuery(cutoff: Date, from: Date, batchSize: number): Prisma.Sql {
  return Prisma.sql`
    WITH deleted AS (
      DELETE FROM "RequestLog" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "RequestLog" WHERE "createdAt" < ${cutoff} AND "createdAt" >= ${from}
        ORDER BY "createdAt" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED
      ))
      RETURNING "createdAt"
    )
    SELECT count(*)::int AS count, max("createdAt") AS newest FROM deleted`;
}

/** Deletes every row created more than `retentionDays` ago (by the database's clock); returns how many. */
export async function deleteExpiredRequestLogs(
  db: Db,
  { retentionDays, batchSize = BATCH_SIZE }: { retentionDays: number; batchSize?: number },
): Promise<number> {
  const cutoff = await retentionCutoff(db, retentionDays);

  let deleted = 0;
  // Keyset: each batch starts at the newest createdAt the batch before deleted, so it never steps
  // again over that batch's index entries (dead until vacuum). Cost follows the rows deleted.
  let from = new Date(0);
  for (;;) {
    const [batch] = await db.$queryRaw<{ count: number; newest: Date | null }[]>(
      requestLogBatchQuery(cutoff, from, batchSize),
    );
    const count = batch?.count ?? 0;
    deleted += count;
    if (count < batchSize || !batch?.newest) return deleted;
    from = batch.newest;
  }
}
