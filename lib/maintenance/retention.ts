// What the scheduled retention tasks share (webhook attempt bodies, the request log): the cutoff by
// the database's clock, the crontab entry, and the days and schedule read from the environment.
import { parseCronItems, type ParsedCronItem } from "graphile-worker";
import type { Db } from "@/lib/db/client";

// A hundred years: past that the cutoff would fall before any date the database can hold.
const MAX_RETENTION_DAYS = 36_500;

const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionOptions = {
  /** Rows created more than this many days ago expire. */
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

/** A daily maintenance task's crontab entry: one job at a time under its own key, missed runs not caught up. */
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
): RetentionOptions {
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
