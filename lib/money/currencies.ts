// ISO 4217 currencies and their minor-unit exponents, from the currency-codes package.
import currencyCodes from "currency-codes";

const exponents = new Map<string, number>(
  currencyCodes.data.filter((c) => typeof c.digits === "number").map((c) => [c.code, c.digits]),
);

export function currencyExponent(code: string): number | undefined {
  return exponents.get(code);
}

export function isSupportedCurrency(code: string): boolean {
  return exponents.has(code);
}
