// Latency recording in an HDR histogram (microsecond resolution, 3 significant digits), summarized
// in milliseconds. Shared by the HTTP generator and the webhook driver.
import { build, type Histogram } from "hdr-histogram-js";

export type LatencySummary = {
  count: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
};

const MAX_TRACKABLE_US = 600_000_000;

export function newLatencyHistogram(): Histogram {
  return build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: MAX_TRACKABLE_US,
    numberOfSignificantValueDigits: 3,
  });
}

export function recordMs(histogram: Histogram, ms: number): void {
  histogram.recordValue(Math.min(MAX_TRACKABLE_US, Math.max(1, Math.round(ms * 1000))));
}

export function summarize(histogram: Histogram): LatencySummary {
  const ms = (us: number) => Math.round(us) / 1000;
  return {
    count: histogram.totalCount,
    mean: ms(histogram.mean),
    p50: ms(histogram.getValueAtPercentile(50)),
    p90: ms(histogram.getValueAtPercentile(90)),
    p99: ms(histogram.getValueAtPercentile(99)),
    p999: ms(histogram.getValueAtPercentile(99.9)),
    max: ms(histogram.maxValue),
  };
}
