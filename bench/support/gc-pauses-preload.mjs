// Loaded into each benchmarked server process (`--import`, before tsx, hence plain JavaScript):
// prints every garbage-collection pause of 10 ms or more as one line,
// "gc-pause <start, epoch ms> <ms> <kind>", read back by gc-pauses.ts. A `gc` performance entry
// spans the collector's pause on the main thread, not its concurrent work.
import { constants, performance, PerformanceObserver } from "node:perf_hooks";

const MIN_PAUSE_MS = 10;
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.duration < MIN_PAUSE_MS) continue;
    const kind = KINDS[entry.detail?.kind] ?? "other";
    process.stdout.write(
      `gc-pause ${(performance.timeOrigin + entry.startTime).toFixed(1)} ${entry.duration.toFixed(1)} ${kind}\n`,
    );
  }
}).observe({ entryTypes: ["gc"] });
