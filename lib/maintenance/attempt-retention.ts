// Drops the request and response bodies of webhook attempts older than the retention period (30
// days by default), run by the worker's crontab (lib/jobs/attempt-retention.ts); the attempt row
// stays, with its status, latency and error, and bodiesDroppedAt says when its bodies went.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { retentionCutoff } from "./retention";

// Small batches keep each UPDATE's row locks and WAL short beside live traffic.
const BATCH_SIZE = 1_000;

/**
 * One batch: the oldest attempts from `from` up to the cutoff whose bodies are still there, bodies
 * dropped, with how many changed and the newest createdAt among them. SKIP LOCKED: a row another
 * transaction holds right now is taken on the next run instead. The rows are changed by their
 * ctid (a TID scan, the rows locked meanwhile): a join back by id lets the planner hash the batch
 * against a scan of the whole table.
 */
export function attemptBatchQuery(cutoff: Date, from: Date, batchSize: number): Prisma.Sql {
  return Prisma.sql`
    WITH dropped AS (
      UPDATE "WebhookAttempt"
      SET "requestBody" = NULL, "responseExcerpt" = NULL, "requestHeaders" = '{}'::jsonb, "bodiesDroppedAt" = now()
      WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "WebhookAttempt"
        WHERE "createdAt" < ${cutoff} AND "createdAt" >= ${from} AND "bodiesDroppedAt" IS NULL
        -- bodiesDroppedAt first, though it is NULL on every row here: that is the order of the index
        -- (bodiesDroppedAt, createdAt), so the planner walks only the attempts still holding bodies
        -- rather than the createdAt index through every attempt dropped before.
        ORDER BY "bodiesDroppedAt", "createdAt"
        LIMIT ${batchSize}
        FOR UPDATE SKIP LOCKED
      ))
      RETURNING "createdAt"
    )
    SELECT count(*)::int AS count, max("createdAt") AS newest FROM dropped`;
}

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
  // Each batch starts where the last one ended in createdAt order, so it skips the index entries
  // the batch before left behind (dead until vacuum) instead of stepping over them again.
  let from = new Date(0);
  for (;;) {
    const [batch] = await db.$queryRaw<{ count: number; newest: Date | null }[]>(
      attemptBatchQuery(cutoff, from, batchSize),
    );
    const count = batch?.count ?? 0;
    dropped += count;
    if (count < batchSize || !batch?.newest) return dropped;
    from = batch.newest;
  }
}

/** Hours older than this are outside every window the console reads (7 days, and the current hour). */
export const LATENCY_HOURS_KEPT_DAYS = 8;

/**
 * Deletes the endpoints' latency hours (WebhookLatencyHour) older than LATENCY_HOURS_KEPT_DAYS by
 * the database's clock, in batches, and returns how many went. No index on the hour alone: the
 * planner then preferred it to the key for the console's per-endpoint read; the table stays small
 * (8 days of hours), so the daily run's scan is cheap. Without it the
 * table would grow by up to 8 rows per endpoint and hour for ever, though nothing reads them.
 */
export async function dropExpiredLatencyHours(db: Db, { batchSize = BATCH_SIZE }: { batchSize?: number } = {}) {
  const cutoff = await retentionCutoff(db, LATENCY_HOURS_KEPT_DAYS);
  let deleted = 0;
  for (;;) {
    const count = await db.$executeRaw`
      DELETE FROM "WebhookLatencyHour" WHERE ctid = ANY(ARRAY(
        SELECT ctid FROM "WebhookLatencyHour" WHERE "hour" < ${cutoff}
        ORDER BY "hour" LIMIT ${batchSize} FOR UPDATE SKIP LOCKED))`;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
