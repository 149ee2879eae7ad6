// Loaded into each benchmarked server process (`--import`, before tsx, hence plain JavaScript):
// prints, one line each, into the process's log (read back by server-pauses.ts)
// - every garbage-collection pause of 10 ms or more: "gc-pause <start, epoch ms> <ms> <kind>". A
//   `gc` performance entry spans the collector's pause on the main thread, not its concurrent work;
// - every time the event loop was held 40 ms or more past a 10 ms timer: "loop-block <start, epoch
//   ms> <ms>", whatever held it (our code, the framework, the collector, or the scheduler giving
//   the core to another thread). A stall of the answers with no block under it was outside the
//   process: the database, Redis or the network.
import { constants, performance, PerformanceObserver } from "node:perf_hooks";

const MIN_PAUSE_MS = 10;
const TICK_MS = 10;
const MIN_BLOCK_MS = 40;
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
  [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
};
const epoch = (ms) => (performance.timeOrigin + ms).toFixed(1);

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.duration < MIN_PAUSE_MS) continue;
    const kind = KINDS[entry.detail?.kind] ?? "other";
    process.stdout.write(`gc-pause ${epoch(entry.startTime)} ${entry.duration.toFixed(1)} ${kind}\n`);
  }
}).observe({ entryTypes: ["gc"] });

let last = performance.now();
setInterval(() => {
  const now = performance.now();
  const late = now - last - TICK_MS;
  if (late >= MIN_BLOCK_MS) process.stdout.write(`loop-block ${epoch(last + TICK_MS)} ${late.toFixed(1)}\n`);
  last = now;
}, TICK_MS).unref();
