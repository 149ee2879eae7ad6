// The retry schedule of docs/decisions/retry-schedule.md, its jitter bounds, and the scale tests use.
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import {
  JITTER_FRACTION,
  MAX_RETRY_ATTEMPTS,
  nextRetryDelayMs,
  RETRY_DELAYS_MS,
} from "@/lib/webhooks/schedule";

const MIN = 60_000;
const HOUR = 60 * MIN;

describe("retry schedule", () => {
  it("is immediately, 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 20 h: about three days", () => {
    expect([...RETRY_DELAYS_MS]).toEqual([
      0,
      MIN,
      5 * MIN,
      30 * MIN,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      14 * HOUR,
      20 * HOUR,
    ]);
    expect(MAX_RETRY_ATTEMPTS).toBe(10);
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / (24 * HOUR)).toBeGreaterThan(2.5);
    expect(total / (24 * HOUR)).toBeLessThan(3.5);
  });

  it("gives the delay after n attempts, and null once ten attempts failed", () => {
    expect(nextRetryDelayMs(1, { scale: 1, random: () => 0.5 })).toBe(MIN);
    expect(nextRetryDelayMs(9, { scale: 1, random: () => 0.5 })).toBe(20 * HOUR);
    expect(nextRetryDelayMs(10, { scale: 1 })).toBeNull();
  });

  it("jitters each delay within ±20%", () => {
    expect(nextRetryDelayMs(2, { scale: 1, random: () => 0 })).toBe(5 * MIN * (1 - JITTER_FRACTION));
    expect(nextRetryDelayMs(2, { scale: 1, random: () => 0.999999 })).toBeCloseTo(5 * MIN * (1 + JITTER_FRACTION), -2);
    for (let i = 0; i < 200; i++) {
      const delay = nextRetryDelayMs(3, { scale: 1 }) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(30 * MIN * 0.8);
      expect(delay).toBeLessThanOrEqual(30 * MIN * 1.2);
    }
  });

  it("scales for tests, from an option or WEBHOOK_RETRY_SCALE", () => {
    expect(nextRetryDelayMs(1, { scale: 0.001, random: () => 0.5 })).toBe(60);
    expect(parseConfig({}).WEBHOOK_RETRY_SCALE).toBe(1);
    expect(parseConfig({ WEBHOOK_RETRY_SCALE: " " }).WEBHOOK_RETRY_SCALE).toBe(1);
    expect(parseConfig({ WEBHOOK_RETRY_SCALE: "0.01" }).WEBHOOK_RETRY_SCALE).toBe(0.01);
    for (const bad of ["-1", "0", "fast", "Infinity"])
      expect(() => parseConfig({ WEBHOOK_RETRY_SCALE: bad })).toThrow(/WEBHOOK_RETRY_SCALE: must be a positive number/);
  });
});
