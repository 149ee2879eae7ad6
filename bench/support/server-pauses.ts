// A benchmarked server's pauses: server-pauses-preload.mjs, loaded into the process with
// `--import`, prints its garbage-collection pauses and event-loop blocks into the process's log,
// and the run reads back those of each half-load window to set them beside its stalls
// (bench/load/stalls.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

/** The preload each benchmarked server process starts with (plain JavaScript: it loads before tsx). */
export const SERVER_PAUSES_PRELOAD = path.join(REPO_ROOT, "bench/support/server-pauses-preload.mjs");

/** `kind` is the collection's (major, minor, incremental, weakcb) or "loop-block". */
export type ServerPause = { at: number; ms: number; kind: string };

/** The pauses a log printed that started between two epoch times, read from `fromByte` on. */
export function serverPausesIn(logFile: string, fromByte: number, fromMs: number, toMs: number): ServerPause[] {
  const text = readFileSync(logFile).subarray(fromByte).toString("utf8");
  const pauses: ServerPause[] = [];
  for (const match of text.matchAll(/^(gc-pause|loop-block) ([\d.]+) ([\d.]+)(?: (\w+))?$/gm)) {
    const at = Number(match[2]);
    const kind = match[1] === "loop-block" ? "loop-block" : (match[4] ?? "other");
    if (at >= fromMs && at <= toMs) pauses.push({ at, ms: Number(match[3]), kind });
  }
  return pauses;
}
