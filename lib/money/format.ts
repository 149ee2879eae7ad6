// How amounts read on our pages: always with their currency's ISO 4217 decimal places (1.234 KWD,
// 1,050.50 CHF, 500 JPY), so a figure is never rounded or padded differently from the ledger.
import { currencyExponent } from "./currencies";

export function formatAmount(amount: number, currency: string): string {
  const digits = currencyExponent(currency) ?? 2;
  return amount.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function formatMoney(amount: number, currency: string): string {
  return `${formatAmount(amount, currency)} ${currency}`;
}

/**
 * An amount as the public pages show it, with the currency's symbol or code placed by
 * Intl.NumberFormat (`$0.00`, `£250.75`, `CHF 1,050.50`, `¥500`) and the ISO decimals above.
 * One fixed locale, so server-rendered figures read the same for every visitor.
 */
export function formatCurrency(amount: number, currency: string): string {
  const digits = currencyExponent(currency) ?? 2;
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    // A code Intl rejects (not three letters) still reads as an amount.
    return formatMoney(amount, currency);
  }
}

/**
 * Minor units, as a bigint or the decimal string proofs carry them in, as "1,234.50 USD": exact past
 * 2^53 (no float in between), with the currency's ISO decimals, for a reader rather than a parser.
 */
export function formatMinorUnits(minor: bigint | string, currency: string): string {
  const digits = currencyExponent(currency) ?? 2;
  const value = BigInt(minor);
  const text = (value < 0n ? -value : value).toString().padStart(digits + 1, "0");
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = digits > 0 ? `.${text.slice(text.length - digits)}` : "";
  return `${value < 0n ? "-" : ""}${whole}${fraction} ${currency}`;
}
