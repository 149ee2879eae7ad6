// A card's full number and CVC: minted (16 digits, Luhn-valid, starting with the mode's BIN),
// sealed at rest with SECRETS_KEY bound to the card's id, and opened only to show them to the
// card's holder (docs/decisions/wallets-and-cards.md, "Card details").
import { randomInt } from "node:crypto";
import { config } from "@/lib/config";
import { z } from "zod";
import { seal, unseal } from "@/lib/crypto/secret-box";
import { isLuhnValid, luhnSum } from "@/lib/luhn";

/** Test mode's fixed BIN: numbers starting 424242 are recognisably not real cards. */
export const TEST_CARD_BIN = "424242";

export const CARD_NUMBER_LENGTH = 16;

export type CardDetails = { number: string; cvc: string };

/** The BIN a mode's cards start with; null in live mode while CARD_LIVE_BIN is unset. */
export function cardBin(livemode: boolean): string | null {
  return livemode ? (config().CARD_LIVE_BIN ?? null) : TEST_CARD_BIN;
}

export { isLuhnValid };

function randomDigits(count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(randomInt(10));
  return out;
}

/**
 * A new 16-digit number starting with `bin`. With `last4` (a card issued before numbers existed,
 * whose last four digits were already shown), it ends in those: the check digit is then fixed, so
 * one middle digit is chosen to make the number Luhn-valid instead (each position's digit moves
 * the sum through all ten residues, so exactly one choice fits).
 */
export function mintCardNumber(bin: string, last4?: string): string {
  if (last4 === undefined) {
    const body = bin + randomDigits(CARD_NUMBER_LENGTH - bin.length - 1);
    const check = (10 - luhnSum(`${body}0`)) % 10;
    return body + String(check);
  }
  const middle = randomDigits(CARD_NUMBER_LENGTH - bin.length - 4 - 1);
  for (let d = 0; d <= 9; d++) {
    const candidate = `${bin}${middle}${d}${last4}`;
    if (isLuhnValid(candidate)) return candidate;
  }
  throw new Error("unreachable: one digit always completes a Luhn-valid number");
}

export function mintCvc(): string {
  return randomDigits(3);
}

const sealedShape = z.object({ number: z.string().regex(/^\d{16}$/), cvc: z.string().regex(/^\d{3}$/) });

/** Bound to the card's id, so sealed details copied onto another card do not open there. */
const sealContext = (cardId: string) => `card-details:${cardId}`;

export function sealCardDetails(cardId: string, details: CardDetails): string {
  return seal(JSON.stringify({ number: details.number, cvc: details.cvc }), sealContext(cardId));
}

export function openCardDetails(cardId: string, sealed: string): CardDetails {
  return sealedShape.parse(JSON.parse(unseal(sealed, sealContext(cardId))));
}

/** New details for a card of `livemode`, or null while that mode has no BIN. */
export function mintCardDetails(livemode: boolean, last4?: string): CardDetails | null {
  const bin = cardBin(livemode);
  return bin === null ? null : { number: mintCardNumber(bin, last4), cvc: mintCvc() };
}
