// Proof letter reference codes, `PRF-XXXX-XXXX` from an alphabet without look-alike characters
// (no 0/O, 1/I/L), so a reference read off paper is typed back correctly.
import { randomInt } from "node:crypto";

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

export function newProofReference(): string {
  let chars = "";
  for (let i = 0; i < 8; i++) chars += ALPHABET[randomInt(ALPHABET.length)];
  return `PRF-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** Upper case without spaces, so `prf-7kq2 m9xd` finds PRF-7KQ2-M9XD. */
export function normalizeProofReference(value: string): string {
  const compact = value.toUpperCase().replace(/[\s-]/g, "");
  const body = compact.startsWith("PRF") ? compact.slice(3) : compact;
  return body.length === 8 ? `PRF-${body.slice(0, 4)}-${body.slice(4)}` : value.toUpperCase().trim();
}
