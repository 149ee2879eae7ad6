// Drops the request and response bodies of webhook attempts older than the retention period (30
// days by default) on a schedule run by the webhook worker's graphile-worker crontab; the attempt
// row stays, with its status, latency and error, and bodiesDroppedAt says when its bodies went.
import type { ParsedCronItem, Task } from "graphile-worker";
import {
  config,
  DEFAULT_ATTEMPT_RETENTION_DAYS,
  DEFAULT_ATTEMPT_RETENTION_SCHEDULE,
  type Config,
} from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { retentionCronItems, retentionCutoff, type RetentionOptions } from "./retention";

/** Daily at 03:17 and 30 days; WEBHOOK_ATTEMPT_RETENTION_SCHEDULE and _DAYS override them. */
export { DEFAULT_ATTEMPT_RETENTION_DAYS, DEFAULT_ATTEMPT_RETENTION_SCHEDULE };

export type AttemptRetentionOptions = RetentionOptions;

export const ATTEMPT_RETENTION_TASK = "drop_expired_webhook_attempt_bodies";

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

/** The scheduled task: drops what has expired and logs how many attempts changed. */
export function attemptRetentionTask(db: Db, { retentionDays }: Pick<RetentionOptions, "retentionDays">): Task {
  return async (_payload, helpers) => {
    const dropped = await dropExpiredAttemptBodies(db, { retentionDays });
    if (dropped > 0) helpers.logger.debug(`dropped the bodies of ${dropped} webhook attempts`);
  };
}

/**
 * The crontab entry for the task; `schedule` is a crontab time pattern. A bad pattern throws here,
 * at start-up. Runs missed while no worker was up are not caught up: the next run drops
 * everything expired anyway.
 */
export function attemptRetentionCronItems(schedule = DEFAULT_ATTEMPT_RETENTION_SCHEDULE): ParsedCronItem[] {
  return retentionCronItems(ATTEMPT_RETENTION_TASK, schedule);
}

/** WEBHOOK_ATTEMPT_RETENTION_DAYS and WEBHOOK_ATTEMPT_RETENTION_SCHEDULE, checked by the configuration's schema. */
export function attemptRetentionOptions(settings: Config = config()): RetentionOptions {
  return {
    retentionDays: settings.WEBHOOK_ATTEMPT_RETENTION_DAYS,
    schedule: settings.WEBHOOK_ATTEMPT_RETENTION_SCHEDULE,
  };
}
