// The fixed latency buckets an endpoint's attempts are counted in (WebhookLatencyHour, kept by a
// trigger on WebhookAttempt), and percentiles read back from such a histogram with a stated precision
// (docs/decisions/console-read-costs.md).

const INT_LIMIT = 2 ** 31;

/**
 * Bucket i holds latencies in [LATENCY_BOUNDS[i], LATENCY_BOUNDS[i + 1]), the last one up to 2^31.
 * Each bound after the first is floor(1.1 * previous) + 1, so a bucket is at most a tenth of its lower
 * bound wide and its midpoint within 5% of any latency in it. The migration console_read_costs holds
 * the same list as webhook_latency_bounds(); the stored histograms count by position, so the list
 * never changes in place.
 */
export const LATENCY_BOUNDS: readonly number[] = (() => {
  const bounds: number[] = [];
  for (let low = 0; low < INT_LIMIT; low = Math.floor((low * 11) / 10) + 1) bounds.push(low);
  return bounds;
})();

/** The largest error of a percentile read from the buckets, as a share of the exact figure. */
export const LATENCY_RELATIVE_PRECISION = 0.05;

/** The value a bucket (0-based) stands for: the midpoint of the whole milliseconds it holds. */
function representative(bucket: number): number {
  const low = LATENCY_BOUNDS[bucket] ?? 0;
  const next = LATENCY_BOUNDS[bucket + 1] ?? INT_LIMIT;
  return (low + next - 1) / 2;
}

/**
 * The p-th percentile (0 to 1) interpolated as PostgreSQL's percentile_cont does, with each
 * latency replaced by its bucket's midpoint. The exact figure lies between two sorted latencies and
 * so does this one, between their buckets' midpoints with the same weights; as each midpoint is
 * within 5% of its latency, the result is within 5% of the exact percentile. `counts[i]` is the
 * number of latencies in bucket i; null when it counts none.
 */
export function histogramPercentile(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const position = p * (total - 1);
  const lower = Math.floor(position);
  const fraction = position - lower;
  const below = bucketOfRank(counts, lower);
  const at = representative(below);
  if (fraction === 0) return at;
  return at + fraction * (representative(bucketOfRank(counts, lower + 1)) - at);
}

/** The bucket holding the latency of 0-based rank `rank` in sorted order. */
function bucketOfRank(counts: readonly number[], rank: number): number {
  let seen = 0;
  for (let bucket = 0; bucket < counts.length; bucket++) {
    seen += counts[bucket] ?? 0;
    if (rank < seen) return bucket;
  }
  throw new Error(`rank ${rank} beyond a histogram of ${seen}`);
}
