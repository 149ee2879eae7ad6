// Wallet account numbers: nine random digits and a Luhn check digit, so typos are caught before lookup.
import { randomInt } from "node:crypto";

export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export function newAccountNumber(): string {
  // First digit non-zero so the number never loses a digit when someone treats it as a number.
  let body = String(randomInt(1, 10));
  for (let i = 0; i < 8; i++) body += String(randomInt(10));
  return body + String(luhnCheckDigit(body));
}

export function isValidAccountNumber(value: string): boolean {
  return /^\d{10}$/.test(value) && luhnCheckDigit(value.slice(0, 9)) === Number(value[9]);
}
