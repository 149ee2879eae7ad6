// The one place where API amounts (major-unit JSON numbers) become bigint minor units and back.
// Conversion goes through the number's shortest decimal string, so no float arithmetic happens.
import { DomainError } from "@/lib/errors";
import { currencyExponent } from "./currencies";

const DECIMAL = /^(\d{1,15})(?:\.(\d+))?$/;

export function requireExponent(currency: string, param = "currency"): number {
  const exponent = currencyExponent(currency);
  if (exponent === undefined) {
    throw new DomainError("unsupported_currency", `${currency} is not a supported ISO 4217 currency.`, { param });
  }
  return exponent;
}

/** Parses a non-negative major-unit amount; more decimals than the currency allows is an error. */
export function toMinor(amount: number, currency: string, param = "amount"): bigint {
  const exponent = requireExponent(currency);
  const match = DECIMAL.exec(String(amount));
  if (!match) {
    throw new DomainError("validation_failed", `${param} must be a non-negative decimal number below 10^15.`, {
      param,
    });
  }
  const [, whole = "0", fraction = ""] = match;
  if (fraction.length > exponent) {
    throw new DomainError(
      "amount_precision",
      `${currency} amounts take at most ${exponent} decimal place${exponent === 1 ? "" : "s"}; got ${amount}.`,
      { param },
    );
  }
  return BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, "0") || "0");
}

/** Formats minor units as a major-unit JSON number (exact for every amount below 2^53 minor units). */
export function toMajor(minor: bigint, currency: string): number {
  const exponent = currencyExponent(currency) ?? 2;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : "";
  return Number(`${negative ? "-" : ""}${whole}${fraction}`);
}
