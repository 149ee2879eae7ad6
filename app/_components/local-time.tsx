"use client";
// A moment shown in the reader's own time zone and locale, with the exact UTC value on hover.
// The server cannot know the reader's zone, so it renders the UTC text and the browser swaps in
// the local one right after hydration: both agree on the first pass, so nothing mismatches.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/** False on the server and during hydration, true once the browser has taken over. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** `2026-11-21 10:00:00 UTC`: the server's text and the hover title. */
function utcText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** `Nov 21, 2026, 11:00 AM GMT+1` in the reader's locale and zone. */
function localText(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // dateStyle/timeStyle cannot be combined with timeZoneName, so the parts are named one by one.
  return new Intl.DateTimeFormat(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
}

export function LocalTime({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  const utc = utcText(iso);
  return (
    <time dateTime={iso} title={utc} className={className}>
      {hydrated ? localText(iso) : utc}
    </time>
  );
}

/**
 * A calendar day (`YYYY-MM-DD`; statements use UTC days) in the reader's locale. A day has no time
 * zone, so it is never shifted into the reader's; the title keeps the ISO date.
 */
export function CalendarDate({ date, className }: { date: string; className?: string }) {
  const hydrated = useHydrated();
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : undefined;
  const text =
    hydrated && parsed && !Number.isNaN(parsed.getTime())
      ? new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeZone: "UTC" }).format(parsed)
      : date;
  return (
    <time dateTime={date} title={date} className={className}>
      {text}
    </time>
  );
}
