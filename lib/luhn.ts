// The Luhn (mod 10) check of card numbers: cards mint numbers with it, and the log and request-log
// redaction (lib/logging/redact-secrets.ts) tells a card number from other runs of digits with it.

/** The Luhn (mod 10) sum of `digits` as written, the last digit undoubled. */
export function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d+$/.test(number) && luhnSum(number) === 0;
}
