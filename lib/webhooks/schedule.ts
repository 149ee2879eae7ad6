// The webhook retry schedule (docs/decisions/retry-schedule.md): delays before each attempt, with jitter, scalable so
// tests can run the whole schedule in seconds.
import { config } from "@/lib/config";

/** Delay before attempt n+1 (index n): immediately, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h. */
export const RETRY_DELAYS_MS = [
  0,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
] as const;

export const MAX_RETRY_ATTEMPTS = RETRY_DELAYS_MS.length;

/** Each delay moves by up to this fraction either way, so receivers that fail together do not retry together. */
export const JITTER_FRACTION = 0.2;

export type ScheduleOptions = {
  /** Multiplies every delay; 1 in production, small in tests. Defaults to WEBHOOK_RETRY_SCALE (1). */
  scale?: number;
  /** A number in [0, 1); defaults to Math.random. */
  random?: () => number;
};

/**
 * When the attempt after `completedAttempts` failed retries should run, or null when the schedule
 * is exhausted and the delivery is failed.
 */
export function nextRetryDelayMs(completedAttempts: number, options: ScheduleOptions = {}): number | null {
  const base = RETRY_DELAYS_MS[completedAttempts];
  if (base === undefined) return null;
  const scale = options.scale ?? config().WEBHOOK_RETRY_SCALE;
  const random = options.random ?? Math.random;
  const jitter = 1 + JITTER_FRACTION * (2 * random() - 1);
  return Math.round(base * scale * jitter);
}
