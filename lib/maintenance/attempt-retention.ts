// Drops the request and response bodies of webhook attempts older than the retention period (30
// days by default), run by the worker's crontab (lib/jobs/attempt-retention.ts); the attempt row
// stays, with its status, latency and error, and bodiesDroppedAt says when its bodies went.
import type { Db } from "@/lib/db/client";
import { retentionCutoff } from "./retention";

// Small batches keep each UPDATE's row locks and WAL short beside live traffic.
const BATCH_SIZE = 1_000;

/**
 * Drops the bodies of every attempt created more than `retentionDays` ago (by the database's clock)
 * whose bodies are still there, in batches, and returns how many attempts changed. The headers go
 * too: they carry the body's signature and length. Running it again changes nothing.
 */
export async function dropExpiredAttemptBodies(
  db: Db,
  { retentionDays, batchSize = BATCH_SIZE }: { retentionDays: number; batchSize?: number },
): Promise<number> {
  const cutoff = await retentionCutoff(db, retentionDays);

  let dropped = 0;
  // Each batch starts where the last one ended in createdAt order, so one run reads the rows
  // dropped on earlier runs at most once rather than once per batch.
  let from = new Date(0);
  for (;;) {
    // SKIP LOCKED: a row another transaction holds right now is taken on the next run instead.
    const [batch] = await db.$queryRaw<{ count: number; newest: Date | null }[]>`
      WITH batch AS (
        SELECT "id" FROM "WebhookAttempt"
        WHERE "createdAt" < ${cutoff} AND "createdAt" >= ${from} AND "bodiesDroppedAt" IS NULL
        ORDER BY "createdAt"
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      ), dropped AS (
        UPDATE "WebhookAttempt" attempt
        SET "requestBody" = NULL, "responseExcerpt" = NULL, "requestHeaders" = '{}'::jsonb, "bodiesDroppedAt" = now()
        FROM batch WHERE attempt."id" = batch."id"
        RETURNING attempt."createdAt"
      )
      SELECT count(*)::int AS count, max("createdAt") AS newest FROM dropped`;
    const count = batch?.count ?? 0;
    dropped += count;
    if (count < batchSize || !batch?.newest) return dropped;
    from = batch.newest;
  }
}
