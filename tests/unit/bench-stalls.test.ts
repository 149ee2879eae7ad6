// The benchmark's tail evidence: the stall finder (bench/load/stalls.ts), slow requests merged where
// they overlap, and the server's garbage-collection pauses read back from its log.
import { appendFileSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findStalls } from "@/bench/load/stalls";
import { serverPausesIn } from "@/bench/support/server-pauses";

describe("findStalls", () => {
  it("merges overlapping slow requests into one stall and ignores fast ones", () => {
    const spans: [number, number][] = [
      [0, 10], // fast
      [100, 400], // one pause catching three requests in flight
      [150, 420],
      [390, 450],
      [1000, 1060], // a second, separate stall
      [2000, 2049], // under the threshold
    ];
    expect(findStalls(spans, 50)).toEqual({
      thresholdMs: 50,
      count: 2,
      longestMs: 350,
      totalMs: 410,
      requests: 4,
      longest: [
        [100, 450],
        [1000, 1060],
      ],
    });
  });

  it("never counts more stalls than slow requests, nor more time than they span", () => {
    const span = fc
      .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1_000 }))
      .map(([from, length]) => [from, from + length] as [number, number]);
    fc.assert(
      fc.property(fc.array(span, { maxLength: 200 }), (spans) => {
        const stalls = findStalls(spans, 50);
        const slow = spans.filter(([from, to]) => to - from > 50);
        expect(stalls.requests).toBe(slow.length);
        expect(stalls.count).toBeLessThanOrEqual(slow.length);
        expect(stalls.longestMs).toBeLessThanOrEqual(stalls.totalMs);
        expect(stalls.longest.length).toBe(Math.min(10, stalls.count));
        if (stalls.count > 0) expect(stalls.longest[0]![1] - stalls.longest[0]![0]).toBeCloseTo(stalls.longestMs, 0);
        expect(stalls.totalMs).toBeLessThanOrEqual(slow.reduce((sum, [from, to]) => sum + (to - from), 0) + 0.1);
        if (slow.length > 0) {
          const first = Math.min(...slow.map(([from]) => from));
          const last = Math.max(...slow.map(([, to]) => to));
          expect(stalls.totalMs).toBeLessThanOrEqual(last - first + 0.1);
        }
      }),
    );
  });
});

describe("serverPausesIn", () => {
  it("reads the collections and loop blocks a server printed within a window, past an offset, among its other lines", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "server-pauses-"));
    const log = path.join(dir, "ours.log");
    writeFileSync(log, "gc-pause 900.0 30.0 major\n");
    const from = statSync(log).size;
    appendFileSync(
      log,
      [
        "Service ready",
        "gc-pause 1000.5 12.5 minor",
        "loop-block 1400.0 250.5",
        "gc-pause 1500.0 120.0 major",
        "gc-pause 2500.0 40.0 minor",
        "",
      ].join("\n"),
    );
    expect(serverPausesIn(log, from, 1000, 2000)).toEqual([
      { at: 1000.5, ms: 12.5, kind: "minor" },
      { at: 1400, ms: 250.5, kind: "loop-block" },
      { at: 1500, ms: 120, kind: "major" },
    ]);
    expect(serverPausesIn(log, 0, 0, 950)).toEqual([{ at: 900, ms: 30, kind: "major" }]);
  });
});
