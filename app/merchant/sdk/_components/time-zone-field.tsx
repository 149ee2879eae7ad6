"use client";
// Sends the browser's time zone with a form whose date-times the merchant types in local time, so
// the server reads them in the zone the console shows times in. Without JavaScript the field stays
// empty and the server reads the values as UTC, which the hint then says.
import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

function useBrowserTimeZone(): string {
  return useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "",
  );
}

export function TimeZoneField({ name, hintId }: { name: string; hintId: string }) {
  const zone = useBrowserTimeZone();
  return (
    <>
      <input type="hidden" name={name} value={zone} />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {zone ? `In your time zone, ${zone}.` : "In UTC."}
      </p>
    </>
  );
}
