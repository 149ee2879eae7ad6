// One bound for every request amount: MAX_AMOUNT (10^15 major units, inclusive) is what the zod
// schema, the OpenAPI document and toMinor accept, and an amount no BIGINT column can hold is a
// 4xx code, never a database error.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "@/lib/errors";
import { toMajor, toMinor } from "@/lib/money/amount";
import { MAX_AMOUNT } from "@/lib/money/bounds";
import { currencyExponent } from "@/lib/money/currencies";
import { openApiDocument } from "@/lib/openapi/document";
import { amountSchema } from "@/lib/schemas/common";

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return undefined;
}

describe("the amount bound", () => {
  it("accepts MAX_AMOUNT itself in the schema and in toMinor, and refuses anything above it in both", () => {
    expect(MAX_AMOUNT).toBe(1e15);
    expect(amountSchema.safeParse(MAX_AMOUNT).success).toBe(true);
    expect(toMinor(MAX_AMOUNT, "USD")).toBe(10n ** 17n);
    expect(toMinor(MAX_AMOUNT, "JPY")).toBe(10n ** 15n);
    for (const over of [MAX_AMOUNT + 1, MAX_AMOUNT + 0.5, 1e16, 1e21]) {
      expect(amountSchema.safeParse(over).success).toBe(false);
      expect(codeOf(() => toMinor(over, "JPY"))).toBe("validation_failed");
    }
  });

  it("is the maximum the OpenAPI document states for request amounts", () => {
    const text = JSON.stringify(openApiDocument());
    const maxima = [...text.matchAll(/"amount":\{[^{}]*?"maximum":([0-9.e+]+)/g)].map((m) => Number(m[1]));
    expect(maxima.length).toBeGreaterThan(0);
    expect(new Set(maxima)).toEqual(new Set([MAX_AMOUNT]));
  });

  it("converts every amount of up to 15 significant digits exactly, for currencies with 0 to 3 decimals", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("JPY", "USD", "KWD").chain((currency) => {
          const bound = 10n ** BigInt(15 + currencyExponent(currency)!);
          // A double holds every decimal of up to 15 significant digits exactly: every amount of up
          // to 10^15 minor units (10^13 USD) survives JSON both ways. Above that, JSON itself rounds.
          const max = bound < 10n ** 15n ? bound : 10n ** 15n;
          return fc.tuple(fc.constant(currency), fc.bigInt({ min: 1n, max }));
        }),
        ([currency, minor]) => {
          expect(toMinor(toMajor(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it("answers balance_limit_exceeded, not a database error, for an amount no BIGINT column can hold", () => {
    const fourDecimals = ["CLF", "UYW"].find((c) => currencyExponent(c) === 4);
    if (fourDecimals === undefined) throw new Error("expected a supported currency with four decimals (CLF, UYW)");
    expect(codeOf(() => toMinor(MAX_AMOUNT, fourDecimals))).toBe("balance_limit_exceeded");
    expect(codeOf(() => toMinor(9e14, fourDecimals))).toBeUndefined();
  });
});
