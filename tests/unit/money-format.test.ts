// How the public pages write amounts: Intl currency formatting with the currency's ISO 4217
// decimals, and the older "amount CODE" form the console uses, unchanged.
import { describe, expect, it } from "vitest";
import { formatCurrency, formatMinorUnits, formatMoney } from "@/lib/money/format";

// Intl puts a no-break space between a code and the number (CHF 1,050.50); compare with plain spaces.
const plain = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatCurrency", () => {
  it("writes a zero US dollar amount as $0.00, not 0 USD", () => {
    expect(formatCurrency(0, "USD")).toBe("$0.00");
  });

  it("uses the currency's symbol where it has an unambiguous one", () => {
    expect(formatCurrency(250.75, "GBP")).toBe("£250.75");
    expect(formatCurrency(1200.5, "EUR")).toBe("€1,200.50");
    expect(formatCurrency(500, "JPY")).toBe("¥500");
  });

  it("writes the code where the symbol would be ambiguous or missing", () => {
    expect(plain(formatCurrency(1050.5, "CHF"))).toBe("CHF 1,050.50");
    expect(formatCurrency(10, "CAD")).toBe("CA$10.00");
    expect(plain(formatCurrency(10, "NGN"))).toBe("NGN 10.00");
  });

  it("always shows the currency's ISO decimals: none for JPY, three for KWD, padded for USD", () => {
    expect(formatCurrency(1234, "JPY")).toBe("¥1,234");
    expect(plain(formatCurrency(1.234, "KWD"))).toBe("KWD 1.234");
    expect(plain(formatCurrency(2, "BHD"))).toBe("BHD 2.000");
    expect(formatCurrency(250.5, "USD")).toBe("$250.50");
  });

  it("keeps the sign of a negative amount", () => {
    expect(formatCurrency(-12.5, "USD")).toBe("-$12.50");
  });

  it("falls back to the amount and the code for a code Intl rejects", () => {
    expect(formatCurrency(1, "US")).toBe("1.00 US");
  });
});

describe("formatMoney", () => {
  it("still writes the amount then the code, as the console shows it", () => {
    expect(formatMoney(1050.5, "CHF")).toBe("1,050.50 CHF");
    expect(formatMoney(0, "USD")).toBe("0.00 USD");
  });
});

describe("formatMinorUnits", () => {
  it("writes minor units in the currency's units with its ISO decimals, never as minor units", () => {
    expect(formatMinorUnits("1250", "USD")).toBe("12.50 USD");
    expect(formatMinorUnits(0n, "USD")).toBe("0.00 USD");
    expect(formatMinorUnits("5", "USD")).toBe("0.05 USD");
    expect(formatMinorUnits("123456789", "EUR")).toBe("1,234,567.89 EUR");
    expect(formatMinorUnits("500", "JPY")).toBe("500 JPY");
    expect(formatMinorUnits("1234", "KWD")).toBe("1.234 KWD");
    expect(formatMinorUnits(-1250n, "GBP")).toBe("-12.50 GBP");
  });

  it("stays exact past 2^53", () => {
    expect(formatMinorUnits("18446744073709551615", "USD")).toBe("184,467,440,737,095,516.15 USD");
  });
});
