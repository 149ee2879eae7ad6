// An external bank account's identifiers in its country's form, checked where the scheme has a
// check (IBAN mod 97 by ibantools, the ABA routing checksum, the NUBAN check digit), and masked.
import { electronicFormatIBAN, extractIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";

/** The identifiers as sealed at rest, read back through this schema when a payout needs them. */
export const bankIdentifiersSchema = z.discriminatedUnion("scheme", [
  z.object({ scheme: z.literal("us_aba"), routingNumber: z.string(), accountNumber: z.string() }),
  z.object({ scheme: z.literal("gb_sort_code"), sortCode: z.string(), accountNumber: z.string() }),
  z.object({ scheme: z.literal("iban"), iban: z.string() }),
  z.object({ scheme: z.literal("ng_nuban"), bankCode: z.string(), accountNumber: z.string() }),
]);

export type BankIdentifiers = z.output<typeof bankIdentifiersSchema>;

/** What the caller sent, before its scheme is known. */
export type BankIdentifierInput = {
  country: string;
  routingNumber?: string;
  accountNumber?: string;
  sortCode?: string;
  iban?: string;
  bankCode?: string;
};

/** A problem with one field, for a 400 naming it. */
export type BankDetailsProblem = { param: string; message: string };

/** ABA routing numbers: 9 digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, i) => total + Number(digit) * (weights[i] ?? 0), 0);
  return sum % 10 === 0;
}

/**
 * NUBAN (the Central Bank of Nigeria's standard): the tenth digit of the account number checks the
 * 3-digit bank code and the first nine digits with weights 3, 7, 3 repeating.
 */
export function isValidNuban(bankCode: string, accountNumber: string): boolean {
  if (!/^\d{3}$/.test(bankCode) || !/^\d{10}$/.test(accountNumber)) return false;
  const digits = `${bankCode}${accountNumber.slice(0, 9)}`;
  const sum = [...digits].reduce((total, digit, i) => total + Number(digit) * (i % 3 === 1 ? 7 : 3), 0);
  const check = (10 - (sum % 10)) % 10;
  return check === Number(accountNumber[9]);
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, "");

/** The identifiers in their scheme, or the first problem. Fields of another scheme are refused. */
export function parseBankIdentifiers(input: BankIdentifierInput): BankIdentifiers | BankDetailsProblem {
  const sent = (["routingNumber", "accountNumber", "sortCode", "iban", "bankCode"] as const).filter(
    (field) => input[field] !== undefined,
  );
  const only = (allowed: readonly string[]): BankDetailsProblem | undefined => {
    const extra = sent.find((field) => !allowed.includes(field));
    return extra ? { param: extra, message: `${extra} is not part of a ${input.country} bank account.` } : undefined;
  };
  const required = (field: keyof BankIdentifierInput): BankDetailsProblem => ({
    param: field,
    message: `${field} is required for a ${input.country} bank account.`,
  });

  if (input.country === "US") {
    const extra = only(["routingNumber", "accountNumber"]);
    if (extra) return extra;
    if (input.routingNumber === undefined) return required("routingNumber");
    if (input.accountNumber === undefined) return required("accountNumber");
    const routingNumber = digitsOnly(input.routingNumber);
    const accountNumber = digitsOnly(input.accountNumber);
    if (!isValidRoutingNumber(routingNumber)) {
      return { param: "routingNumber", message: "routingNumber must be 9 digits passing the ABA checksum." };
    }
    if (!/^\d{4,17}$/.test(accountNumber))
      return { param: "accountNumber", message: "accountNumber must be 4 to 17 digits." };
    return { scheme: "us_aba", routingNumber, accountNumber };
  }
  if (input.country === "GB") {
    const extra = only(["sortCode", "accountNumber"]);
    if (extra) return extra;
    if (input.sortCode === undefined) return required("sortCode");
    if (input.accountNumber === undefined) return required("accountNumber");
    const sortCode = digitsOnly(input.sortCode);
    const accountNumber = digitsOnly(input.accountNumber);
    if (!/^\d{6}$/.test(sortCode)) return { param: "sortCode", message: "sortCode must be 6 digits, e.g. 12-34-56." };
    if (!/^\d{8}$/.test(accountNumber)) return { param: "accountNumber", message: "accountNumber must be 8 digits." };
    return { scheme: "gb_sort_code", sortCode, accountNumber };
  }
  if (input.country === "NG") {
    const extra = only(["bankCode", "accountNumber"]);
    if (extra) return extra;
    if (input.bankCode === undefined) return required("bankCode");
    if (input.accountNumber === undefined) return required("accountNumber");
    const bankCode = digitsOnly(input.bankCode);
    const accountNumber = digitsOnly(input.accountNumber);
    if (!/^\d{3}$/.test(bankCode))
      return { param: "bankCode", message: "bankCode must be the bank's 3-digit CBN code." };
    if (!isValidNuban(bankCode, accountNumber)) {
      return {
        param: "accountNumber",
        message: "accountNumber must be a 10-digit NUBAN whose check digit matches bankCode.",
      };
    }
    return { scheme: "ng_nuban", bankCode, accountNumber };
  }
  const extra = only(["iban"]);
  if (extra) return extra;
  if (input.iban === undefined) return required("iban");
  const iban = electronicFormatIBAN(input.iban) ?? "";
  if (!isValidIBAN(iban))
    return { param: "iban", message: "iban is not a valid IBAN (its length, format or mod-97 check digits)." };
  if (!iban.startsWith(input.country)) {
    return { param: "iban", message: `The IBAN is a ${iban.slice(0, 2)} one, but country is ${input.country}.` };
  }
  return { scheme: "iban", iban };
}

export function isProblem(value: BankIdentifiers | BankDetailsProblem): value is BankDetailsProblem {
  return "param" in value;
}

/** What may be shown: the last four of the account number (or IBAN), and the bank's own code. */
export function maskedParts(identifiers: BankIdentifiers): { last4: string; bankCode: string | null } {
  switch (identifiers.scheme) {
    case "us_aba":
      return { last4: identifiers.accountNumber.slice(-4), bankCode: identifiers.routingNumber };
    case "gb_sort_code":
      return { last4: identifiers.accountNumber.slice(-4), bankCode: identifiers.sortCode };
    case "ng_nuban":
      return { last4: identifiers.accountNumber.slice(-4), bankCode: identifiers.bankCode };
    case "iban":
      return { last4: identifiers.iban.slice(-4), bankCode: extractIBAN(identifiers.iban).bankIdentifier ?? null };
  }
}
