// Drops the request and response bodies of webhook attempts older than the retention period (30
// days by default) on a schedule run by the webhook worker's graphile-worker crontab; the attempt
// row stays, with its status, latency and error, and bodiesDroppedAt says when its bodies went.
import { parseCronItems, type ParsedCronItem, type Task } from "graphile-worker";
import type { Db } from "@/lib/db/client";

export const ATTEMPT_RETENTION_TASK = "drop_expired_webhook_attempt_bodies";

/** Daily at 03:17; WEBHOOK_ATTEMPT_RETENTION_SCHEDULE overrides it with any crontab time pattern. */
export const DEFAULT_ATTEMPT_RETENTION_SCHEDULE = "17 3 * * *";

/** WEBHOOK_ATTEMPT_RETENTION_DAYS overrides it. */
export const DEFAULT_ATTEMPT_RETENTION_DAYS = 30;

// A hundred years: past that the cutoff would fall before any date the database can hold.
const MAX_RETENTION_DAYS = 36_500;

// Small batches keep each UPDATE's row locks and WAL short beside live traffic.
const BATCH_SIZE = 1_000;

const DAY_MS = 24 * 60 * 60 * 1000;

export type AttemptRetentionOptions = {
  /** Attempts created more than this many days ago lose their bodies. */
  retentionDays: number;
  /** Crontab time pattern (minute hour day month weekday) of the scheduled run. */
  schedule: string;
};

/** The moment `retentionDays` before now by the database's clock (the rows' own clock). */
export async function retentionCutoff(db: Db, retentionDays: number): Promise<Date> {
  if (!Number.isInteger(retentionDays) || retentionDays <= 0 || retentionDays > MAX_RETENTION_DAYS)
    throw new Error(`retentionDays must be a whole number from 1 to ${MAX_RETENTION_DAYS}, got ${retentionDays}`);
  const [clock] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  if (!clock) throw new Error("SELECT now() returned no row");
  return new Date(clock.now.getTime() - retentionDays * DAY_MS);
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
export function attemptRetentionTask(db: Db, { retentionDays }: Pick<AttemptRetentionOptions, "retentionDays">): Task {
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

/** A daily maintenance task's crontab entry (this one's, the request log's). */
export function retentionCronItems(task: string, schedule: string): ParsedCronItem[] {
  return parseCronItems([
    {
      task,
      identifier: task,
      match: schedule,
      options: { backfillPeriod: 0, maxAttempts: 3, jobKey: task, jobKeyMode: "replace" },
    },
  ]);
}

/**
 * WEBHOOK_ATTEMPT_RETENTION_DAYS (a positive whole number, 30 by default) and
 * WEBHOOK_ATTEMPT_RETENTION_SCHEDULE (a crontab time pattern, "17 3 * * *" by default); a bad value
 * throws with a message naming its variable, so the worker does not start with it.
 */
export function attemptRetentionOptionsFromEnv(
  env: Record<string, string | undefined> = process.env,
): AttemptRetentionOptions {
  return retentionOptionsFromEnv(env, {
    task: ATTEMPT_RETENTION_TASK,
    daysVariable: "WEBHOOK_ATTEMPT_RETENTION_DAYS",
    scheduleVariable: "WEBHOOK_ATTEMPT_RETENTION_SCHEDULE",
    defaultDays: DEFAULT_ATTEMPT_RETENTION_DAYS,
    defaultSchedule: DEFAULT_ATTEMPT_RETENTION_SCHEDULE,
  });
}

/** A retention task's days and schedule from its two variables, each checked and named when bad. */
export function retentionOptionsFromEnv(
  env: Record<string, string | undefined>,
  setting: {
    task: string;
    daysVariable: string;
    scheduleVariable: string;
    defaultDays: number;
    defaultSchedule: string;
  },
): AttemptRetentionOptions {
  const days = env[setting.daysVariable]?.trim();
  if (days && !/^[1-9]\d*$/.test(days))
    throw new Error(`${setting.daysVariable} must be a positive whole number of days, got "${days}"`);
  const retentionDays = days ? Number(days) : setting.defaultDays;
  if (retentionDays > MAX_RETENTION_DAYS)
    throw new Error(`${setting.daysVariable} must be at most ${MAX_RETENTION_DAYS}, got "${days}"`);

  const schedule = env[setting.scheduleVariable]?.trim() || setting.defaultSchedule;
  try {
    retentionCronItems(setting.task, schedule);
  } catch (error) {
    throw new Error(
      `${setting.scheduleVariable} must be a crontab time pattern such as "${setting.defaultSchedule}", got "${schedule}"`,
      { cause: error },
    );
  }
  return { retentionDays, schedule };
}
