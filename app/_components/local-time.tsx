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

// The clock relative times are measured against: one shared 30-second tick, so every time on a page
// moves together and a page left open does not keep saying "just now".
const TICK_MS = 30_000;
const clockListeners = new Set<() => void>();
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(listener: () => void): () => void {
  clockListeners.add(listener);
  clockTimer ??= setInterval(() => clockListeners.forEach((notify) => notify()), TICK_MS);
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && clockTimer !== undefined) {
      clearInterval(clockTimer);
      clockTimer = undefined;
    }
  };
}

/** The clock's tick, so each tick re-renders; null on the server and during hydration. */
function useClockTick(): number | null {
  return useSyncExternalStore(
    subscribeToClock,
    () => Math.floor(Date.now() / TICK_MS),
    () => null,
  );
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

/** `3 minutes ago`, `in 2 hours`, `yesterday` in the reader's locale; `just now` within a minute. */
export function relativeText(iso: string, now: number, locale?: string): string {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  if (Number.isNaN(seconds)) return "";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "long" });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return "just now";
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
 * The local text followed by how long ago (or how soon) it is; the console's times. The relative
 * text appears only in the browser, whose clock it is measured against.
 */
export function RelativeLocalTime({ iso, className }: { iso: string; className?: string }) {
  const tick = useClockTick();
  const utc = utcText(iso);
  return (
    <time dateTime={iso} title={utc} className={className}>
      {tick === null ? utc : localText(iso)}
      {/* In a sentence it follows the date; in a table cell it goes underneath, so columns stay narrow. */}
      {tick === null ? null : (
        <span className="text-slate-500 [td_&]:block [td_&]:text-xs">
          <span className="[td_&]:hidden"> · </span>
          {/* eslint-disable-next-line react-hooks/purity -- the clock tick re-renders this on purpose, so "5 minutes ago" keeps up */}
          {relativeText(iso, Date.now())}
        </span>
      )}
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
