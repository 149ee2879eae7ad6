// The one place where API amounts (major-unit JSON numbers) become bigint minor units and back.
// Conversion goes through the number's shortest decimal string, so no float arithmetic happens.
import { DomainError } from "@/lib/errors";
import { MAX_AMOUNT, MAX_BALANCE_MINOR } from "./bounds";
import { currencyExponent } from "./currencies";

// Up to 16 whole digits, so that MAX_AMOUNT itself (10^15) parses; larger values are refused below.
const DECIMAL = /^(\d{1,16})(?:\.(\d+))?$/;
const MAX_AMOUNT_WHOLE = BigInt(MAX_AMOUNT);

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
  const [, whole = "0", fraction = ""] = match ?? [];
  const overMax = BigInt(whole) > MAX_AMOUNT_WHOLE || (BigInt(whole) === MAX_AMOUNT_WHOLE && /[1-9]/.test(fraction));
  if (!match || overMax) {
    throw new DomainError("validation_failed", `${param} must be a decimal number from 0 to 10^15.`, { param });
  }
  if (fraction.length > exponent) {
    throw new DomainError(
      "amount_precision",
      `${currency} amounts take at most ${exponent} decimal place${exponent === 1 ? "" : "s"}; got ${amount}.`,
      { param },
    );
  }
  const minor = BigInt(whole) * 10n ** BigInt(exponent) + BigInt(fraction.padEnd(exponent, "0") || "0");
  // Only currencies with four decimals (CLF, UYW) reach past a BIGINT column below MAX_AMOUNT.
  if (minor > MAX_BALANCE_MINOR) {
    throw new DomainError("balance_limit_exceeded", `${param} is more than an account can hold in ${currency}.`, {
      param,
    });
  }
  return minor;
}

/** Minor units as exact major-unit text with every decimal of the currency ("-12.50"), for documents such as CSV. */
export function toMajorText(minor: bigint, currency: string): string {
  const exponent = currencyExponent(currency) ?? 2;
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, "0");
  const whole = digits.slice(0, digits.length - exponent);
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** Formats minor units as a major-unit JSON number (exact for every amount below 2^53 minor units). */
export function toMajor(minor: bigint, currency: string): number {
  return Number(toMajorText(minor, currency));
}
