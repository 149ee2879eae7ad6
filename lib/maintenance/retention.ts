// What the retention work shares (webhook attempt bodies, the request log): the cutoff by the
// database's clock. Their days and schedules are settings (lib/config.ts); their jobs are in lib/jobs.
import { MAX_RETENTION_DAYS } from "@/lib/config";
import type { Db } from "@/lib/db/client";

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
