// Console passwords: scrypt (memory-hard, built into node:crypto) with a per-user salt; the cost
// parameters live in the hash string so they can be raised later without breaking old hashes.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

// N=2^17, r=8: 128 MiB and a few hundred milliseconds per derivation (OWASP's scrypt floor). Raised
// from N=2^15; hashes made with the old cost still verify, and needsRehash() says to renew them.
const COST = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 32;
// The most a stored hash may ask for (1 GiB would be N=2^20): a corrupt row cannot exhaust memory.
const MAX_STORED_COST = { N: 2 ** 18, r: 16, p: 4 };

export { MIN_PASSWORD_LENGTH } from "./password-rules";

type Cost = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, cost: Cost, keyLength: number): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes (128 MiB at our cost), above Node's 32 MiB default ceiling;
  // allow twice that for the small per-call extras.
  const options: ScryptOptions = { ...cost, maxmem: 2 * 128 * cost.N * cost.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, COST, KEY_LENGTH);
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

function storedCost(stored: string): Cost | undefined {
  const [scheme, n, r, p] = stored.split("$");
  if (scheme !== "scrypt") return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return undefined;
  if (cost.N > MAX_STORED_COST.N || cost.r > MAX_STORED_COST.r || cost.p > MAX_STORED_COST.p) return undefined;
  return cost;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [, , , , salt, hash] = stored.split("$");
  const cost = storedCost(stored);
  if (!cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  let actual: Buffer;
  try {
    actual = await derive(password, Buffer.from(salt, "base64url"), cost, expected.length);
  } catch {
    // Parameters scrypt itself refuses (N not a power of two, say): a malformed hash, not a match.
    return false;
  }
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True for a hash made with other parameters than today's: after a successful sign-in, store hashPassword() anew. */
export function needsRehash(stored: string): boolean {
  const cost = storedCost(stored);
  return !cost || cost.N !== COST.N || cost.r !== COST.r || cost.p !== COST.p;
}

/** A hash of a random password: verifying against it costs the same as a real check, so unknown emails take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
