import { describe, expect, it } from "vitest";
import { toMajor, toMinor } from "@/lib/money/amount";
import { currencyExponent } from "@/lib/money/currencies";
import { formatMoney } from "@/lib/money/format";

describe("money", () => {
  it("knows ISO 4217 exponents", () => {
    expect([
      currencyExponent("USD"),
      currencyExponent("JPY"),
      currencyExponent("KWD"),
      currencyExponent("XYZ"),
    ]).toEqual([2, 0, 3, undefined]);
  });

  it("converts major-unit numbers to minor units without float arithmetic", () => {
    expect(toMinor(0.1, "USD")).toBe(10n);
    expect(toMinor(0.29, "USD")).toBe(29n); // 0.29 * 100 is 28.999999999999996 in floats
    expect(toMinor(1.15, "USD")).toBe(115n);
    expect(toMinor(250.5, "USD")).toBe(25050n);
    expect(toMinor(1000, "JPY")).toBe(1000n);
    expect(toMinor(1.234, "KWD")).toBe(1234n);
    expect(toMinor(123456789012345, "USD")).toBe(12345678901234500n);
  });

  it("refuses more decimals than the currency allows, and exponent notation", () => {
    expect(() => toMinor(10.5, "JPY")).toThrow(/at most 0 decimal places/);
    expect(() => toMinor(1.005, "USD")).toThrow(/amount_precision|at most 2/);
    expect(() => toMinor(1e-7, "USD")).toThrow();
    expect(() => toMinor(1e21, "USD")).toThrow();
    expect(() => toMinor(1, "XYZ")).toThrow(/not a supported/);
  });

  it("formats minor units back to the same number", () => {
    for (const [minor, currency, major] of [
      [25050n, "USD", 250.5],
      [5n, "USD", 0.05],
      [1234n, "KWD", 1.234],
      [1000n, "JPY", 1000],
      [-150n, "USD", -1.5],
      [0n, "USD", 0],
    ] as const) {
      expect(toMajor(minor, currency)).toBe(major);
      if (minor >= 0n) expect(toMinor(major, currency)).toBe(minor);
    }
  });

  it("displays amounts with exactly their currency's decimal places", () => {
    expect(formatMoney(1.234, "KWD")).toBe("1.234 KWD");
    expect(formatMoney(1050.5, "CHF")).toBe("1,050.50 CHF");
    expect(formatMoney(500, "JPY")).toBe("500 JPY");
    expect(formatMoney(-12.5, "USD")).toBe("-12.50 USD");
  });
});
