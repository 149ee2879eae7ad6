// Links mailed to a person (reset the password, confirm the address): a random token in the link,
// only its SHA-256 stored, good once and until it expires. A link that was used, has expired or was
// never issued each get their own message, none of which says whose it was.
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "@/lib/db/client";
import type { EmailTokenPurpose } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { ConsoleError } from "./errors";

export const PASSWORD_RESET_TTL_MS = 30 * 60_000;
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60_000;

/** 32 random bytes, base64url: what a link carries. */
export function newLinkToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export async function issueEmailToken(
  db: Db,
  input: { merchantId: string; email: string; purpose: EmailTokenPurpose; ttlMs: number },
): Promise<string> {
  const token = newLinkToken();
  await db.emailToken.create({
    data: {
      id: newId("etok"),
      merchantId: input.merchantId,
      email: input.email,
      purpose: input.purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(Date.now() + input.ttlMs),
    },
  });
  return token;
}

const LINK_WORDS: Record<EmailTokenPurpose, string> = {
  password_reset: "password reset link",
  email_verification: "confirmation link",
};

/** The token's row if it can still be used; a "refused" ConsoleError saying why not otherwise. */
export async function findUsableEmailToken(db: Db, purpose: EmailTokenPurpose, token: string) {
  const words = LINK_WORDS[purpose];
  // A tampered or made-up link: the same answer as one never issued.
  const row =
    token.length > 0 && token.length <= 100
      ? await db.emailToken.findUnique({ where: { tokenHash: hashLinkToken(token) } })
      : null;
  if (!row || row.purpose !== purpose) throw ConsoleError.refused(`This ${words} is not valid. Ask for a new one.`);
  if (row.usedAt) throw ConsoleError.refused(`This ${words} was already used. Ask for a new one if you still need it.`);
  if (row.expiresAt <= new Date()) throw ConsoleError.refused(`This ${words} has expired. Ask for a new one.`);
  return row;
}

/** Uses the token up, once: of two concurrent uses, one wins and the other is refused as used. */
export async function consumeEmailToken(db: Db, purpose: EmailTokenPurpose, token: string) {
  const row = await findUsableEmailToken(db, purpose, token);
  const { count } = await db.emailToken.updateMany({
    where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
    data: { usedAt: new Date() },
  });
  if (count !== 1)
    throw ConsoleError.refused(`This ${LINK_WORDS[purpose]} was already used. Ask for a new one if you still need it.`);
  return row;
}

/**
 * Ends every outstanding password reset link of a person: called when a reset succeeds and when the
 * password is changed, so an older link (in a mailbox someone else may read) cannot set it again.
 * They read as expired from then on. Returns how many were ended.
 */
export async function endPasswordResetLinks(db: Db, merchantId: string, now = new Date()): Promise<number> {
  const { count } = await db.emailToken.updateMany({
    where: { merchantId, purpose: "password_reset", usedAt: null, expiresAt: { gt: now } },
    data: { expiresAt: now },
  });
  return count;
}
