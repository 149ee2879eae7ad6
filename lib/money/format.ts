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
