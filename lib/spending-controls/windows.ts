// Calendar windows of the window limits, in UTC: the day from 00:00, the week from Monday, the month
// from the 1st, the year from 1 January, all time from the epoch (docs/decisions/spending-controls.md).
// The migration's CHECK on SpendingTotal."windowStart" holds the same starts.
import type { WindowInterval } from "@/lib/schemas/spending-controls";

export const ALL_TIME_START = new Date(0);

/** When the window of `interval` containing `at` started. */
export function windowStart(interval: WindowInterval, at: Date): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  switch (interval) {
    case "daily":
      return new Date(Date.UTC(year, month, day));
    case "weekly":
      // getUTCDay: 0 is Sunday; the week starts on Monday, six days after a Sunday's.
      return new Date(Date.UTC(year, month, day - ((at.getUTCDay() + 6) % 7)));
    case "monthly":
      return new Date(Date.UTC(year, month, 1));
    case "yearly":
      return new Date(Date.UTC(year, 0, 1));
    case "all_time":
      return ALL_TIME_START;
  }
}

/** When the window after the one containing `at` starts; null for all_time, which never resets. */
export function nextWindowStart(interval: WindowInterval, at: Date): Date | null {
  const start = windowStart(interval, at);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  const day = start.getUTCDate();
  switch (interval) {
    case "daily":
      return new Date(Date.UTC(year, month, day + 1));
    case "weekly":
      return new Date(Date.UTC(year, month, day + 7));
    case "monthly":
      return new Date(Date.UTC(year, month + 1, 1));
    case "yearly":
      return new Date(Date.UTC(year + 1, 0, 1));
    case "all_time":
      return null;
  }
}
