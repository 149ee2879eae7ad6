// The calendar windows of spending limits: UTC days from 00:00, weeks from Monday, months from the
// 1st, years from 1 January (docs/decisions/spending-controls.md).
import { describe, expect, it } from "vitest";
import { ALL_TIME_START, nextWindowStart, windowStart } from "@/lib/spending-controls/windows";

const at = (iso: string) => new Date(iso);

describe("spending windows", () => {
  it("starts a day at 00:00 UTC and the next at the following midnight", () => {
    expect(windowStart("daily", at("2026-11-26T23:59:59.999Z"))).toEqual(at("2026-11-26T00:00:00Z"));
    expect(nextWindowStart("daily", at("2026-11-26T00:00:00Z"))).toEqual(at("2026-11-27T00:00:00Z"));
    expect(nextWindowStart("daily", at("2026-12-31T12:00:00Z"))).toEqual(at("2027-01-01T00:00:00Z"));
  });

  it("starts a week on Monday, also for a Sunday and across a year's end", () => {
    // 2026-11-26 is a Thursday; 2026-11-29 a Sunday; 2026-11-30 a Monday.
    expect(windowStart("weekly", at("2026-11-26T10:00:00Z"))).toEqual(at("2026-11-23T00:00:00Z"));
    expect(windowStart("weekly", at("2026-11-29T23:00:00Z"))).toEqual(at("2026-11-23T00:00:00Z"));
    expect(windowStart("weekly", at("2026-11-30T00:00:00Z"))).toEqual(at("2026-11-30T00:00:00Z"));
    expect(windowStart("weekly", at("2027-01-01T08:00:00Z"))).toEqual(at("2026-12-28T00:00:00Z"));
    expect(nextWindowStart("weekly", at("2026-11-29T23:00:00Z"))).toEqual(at("2026-11-30T00:00:00Z"));
  });

  it("starts a month on the 1st and a year on 1 January", () => {
    expect(windowStart("monthly", at("2026-02-28T23:00:00Z"))).toEqual(at("2026-02-01T00:00:00Z"));
    expect(nextWindowStart("monthly", at("2026-12-15T00:00:00Z"))).toEqual(at("2027-01-01T00:00:00Z"));
    expect(windowStart("yearly", at("2026-11-26T10:00:00Z"))).toEqual(at("2026-01-01T00:00:00Z"));
    expect(nextWindowStart("yearly", at("2026-11-26T10:00:00Z"))).toEqual(at("2027-01-01T00:00:00Z"));
  });

  it("never resets all time", () => {
    expect(windowStart("all_time", at("2026-11-26T10:00:00Z"))).toEqual(ALL_TIME_START);
    expect(nextWindowStart("all_time", at("2026-11-26T10:00:00Z"))).toBeNull();
  });
});
