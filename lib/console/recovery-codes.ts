// One-time recovery codes for a merchant who has lost their authenticator: ten at a time, shown
// once, stored as hashes, each good for one sign-in or re-authentication.
import { createHash, randomInt } from "node:crypto";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: the codes are read off paper. 15 characters of 31 are 74 bits, beyond brute force
// of a leaked hash, so a plain SHA-256 (salted with the merchant id) is enough.
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";

function newRecoveryCode(): string {
  const chars = Array.from({ length: 15 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
}

function hashRecoveryCode(merchantId: string, code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(`${merchantId}:${normalized}`).digest("hex");
}

/** Replaces the merchant's recovery codes with ten new ones and returns them in clear, once. */
export async function replaceRecoveryCodes(db: Db, merchantId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.recoveryCode.deleteMany({ where: { merchantId } });
  await db.recoveryCode.createMany({
    data: codes.map((code) => ({ id: newId("rc"), merchantId, codeHash: hashRecoveryCode(merchantId, code) })),
  });
  return codes;
}

/** Marks `code` used if it is one of the merchant's unused codes; true when it was. */
export async function useRecoveryCode(db: Db, merchantId: string, code: string): Promise<boolean> {
  // One conditional update: two requests racing with the same code cannot both succeed.
  const { count } = await db.recoveryCode.updateMany({
    where: { merchantId, codeHash: hashRecoveryCode(merchantId, code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return count === 1;
}

export function unusedRecoveryCodes(db: Db, merchantId: string): Promise<number> {
  return db.recoveryCode.count({ where: { merchantId, usedAt: null } });
}
