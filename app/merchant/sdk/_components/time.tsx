// A moment in the reader's time zone with how long ago (or until) it is; the exact UTC value on hover.
import { RelativeLocalTime } from "@/app/_components/local-time";

export function Time({ value }: { value: Date | string | null | undefined }) {
  if (!value) return <span className="text-slate-500">—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return <RelativeLocalTime iso={date.toISOString()} />;
}
