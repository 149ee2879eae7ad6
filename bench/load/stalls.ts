// Where a tail comes from, told apart without a profiler: the slow requests of an open-loop run
// (each from its intended send time to its answer) merged where they overlap. A few long stalls
// that catch every request in flight are a pause of the whole process or machine (a full garbage
// collection, the scheduler, a disk flush); many short ones are a per-request cost. The baseline
// meets the same machine in the same run, so its stalls are the machine's share.

export type Stalls = {
  /** A request slower than this counts as stalled. */
  thresholdMs: number;
  /** Merged stretches of time during which at least one stalled request was waiting. */
  count: number;
  longestMs: number;
  totalMs: number;
  /** Stalled requests, out of all measured. */
  requests: number;
  /** The longest stalls (at most 10), as [start, end] in the spans' own time base. */
  longest: [number, number][];
};

export const STALL_THRESHOLD_MS = 50;

/** The stalls among `spans` ([intended send time, answer time] in ms, any order). */
export function findStalls(spans: ReadonlyArray<readonly [number, number]>, thresholdMs = STALL_THRESHOLD_MS): Stalls {
  const slow = spans.filter(([from, to]) => to - from > thresholdMs).sort((a, b) => a[0] - b[0]);
  let count = 0;
  let longestMs = 0;
  let totalMs = 0;
  let current: [number, number] | undefined;
  const merged: [number, number][] = [];
  const close = () => {
    if (!current) return;
    const length = current[1] - current[0];
    merged.push(current);
    count += 1;
    longestMs = Math.max(longestMs, length);
    totalMs += length;
  };
  for (const [from, to] of slow) {
    if (current && from <= current[1]) current[1] = Math.max(current[1], to);
    else {
      close();
      current = [from, to];
    }
  }
  close();
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const longest = merged
    .sort((a, b) => b[1] - b[0] - (a[1] - a[0]))
    .slice(0, 10)
    .map(([from, to]): [number, number] => [round(from), round(to)]);
  return { thresholdMs, count, longestMs: round(longestMs), totalMs: round(totalMs), requests: slow.length, longest };
}
