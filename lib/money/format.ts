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
