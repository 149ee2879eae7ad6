// Deletes request-log rows older than the retention period (30 days by default) on a schedule run
// by the webhook worker's graphile-worker crontab, beside the attempt-body retention.
import type { ParsedCronItem, Task } from "graphile-worker";
import {
  config,
  DEFAULT_REQUEST_LOG_RETENTION_DAYS,
  DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE,
  type Config,
} from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { retentionCronItems, retentionCutoff, type RetentionOptions } from "./retention";

/** Daily at 03:27 and 30 days; REQUEST_LOG_RETENTION_SCHEDULE and _DAYS override them. */
export { DEFAULT_REQUEST_LOG_RETENTION_DAYS, DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE };

export const REQUEST_LOG_RETENTION_TASK = "delete_expired_request_log";

// Small batches keep each DELETE's locks and WAL short beside the log's own inserts.
const BATCH_SIZE = 1_000;

export type RequestLogRetentionOptions = RetentionOptions;

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

export function requestLogRetentionTask(
  db: Db,
  { retentionDays }: Pick<RequestLogRetentionOptions, "retentionDays">,
): Task {
  return async (_payload, helpers) => {
    const deleted = await deleteExpiredRequestLogs(db, { retentionDays });
    if (deleted > 0) helpers.logger.debug(`deleted ${deleted} request-log rows`);
  };
}

export function requestLogRetentionCronItems(schedule = DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE): ParsedCronItem[] {
  return retentionCronItems(REQUEST_LOG_RETENTION_TASK, schedule);
}

/** REQUEST_LOG_RETENTION_DAYS and REQUEST_LOG_RETENTION_SCHEDULE, checked by the configuration's schema. */
export function requestLogRetentionOptions(settings: Config = config()): RequestLogRetentionOptions {
  return {
    retentionDays: settings.REQUEST_LOG_RETENTION_DAYS,
    schedule: settings.REQUEST_LOG_RETENTION_SCHEDULE,
  };
}
