// Garbage-collection pauses of a benchmarked server: gc-pauses-preload.mjs, loaded into the
// process with `--import`, prints each pause of 10 ms or more into the process's log, and the run
// reads back those of each half-load window to set them beside its stalls (bench/load/stalls.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

/** The preload each benchmarked server process starts with (plain JavaScript: it loads before tsx). */
export const GC_PAUSES_PRELOAD = path.join(REPO_ROOT, "bench/support/gc-pauses-preload.mjs");

export type GcPause = { at: number; ms: number; kind: string };

/** The pauses a log printed between two epoch times, read from `fromByte` on. */
export function gcPausesIn(logFile: string, fromByte: number, fromMs: number, toMs: number): GcPause[] {
  const text = readFileSync(logFile).subarray(fromByte).toString("utf8");
  const pauses: GcPause[] = [];
  for (const match of text.matchAll(/^gc-pause ([\d.]+) ([\d.]+) (\w+)$/gm)) {
    const at = Number(match[1]);
    if (at >= fromMs && at <= toMs) pauses.push({ at, ms: Number(match[2]), kind: match[3] ?? "other" });
  }
  return pauses;
}
