// The Ed25519 keys that sign statements and proof letters (docs/decisions/signed-documents.md): one
// current key, made at first start; retired keys stay published while a document signed with them
// has not expired. Private keys are sealed with SECRETS_KEY, bound to their kid.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from "jose";
import { seal, unseal } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db/client";

export type SigningKey = { kid: string; privateKey: CryptoKey };

/** A public key as the JWKS lists it. */
export type PublishedKey = { kty: "OKP"; crv: "Ed25519"; x: string; kid: string; alg: "EdDSA"; use: "sig" };

const sealContext = (kid: string) => `document-signing-key:${kid}`;

/** Opened private keys by kid: a key never changes once made, so it is opened once per process. */
const opened = new Map<string, CryptoKey>();

async function mintKey() {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  const publicJwk = await exportJWK(publicKey);
  // The RFC 7638 thumbprint: derived from the key itself, so a kid can never name two keys.
  const kid = await calculateJwkThumbprint(publicJwk);
  const privateJwk = await exportJWK(privateKey);
  return {
    kid,
    publicJwk: { kty: "OKP", crv: "Ed25519", x: String(publicJwk.x) },
    sealedPrivateKey: seal(JSON.stringify(privateJwk), sealContext(kid)),
  };
}

/**
 * Makes the first key unless one is current. Safe when several processes start at once: the unique
 * index on "current" lets one insert win; the others' inserts wait for it and then do nothing.
 */
export async function ensureSigningKey(db: Db): Promise<string> {
  // findFirst, not findUnique: Prisma batches concurrent findUniques into one `in` query, which it
  // cannot build for a boolean unique column.
  const existing = await db.documentSigningKey.findFirst({ where: { current: true }, select: { kid: true } });
  if (existing) return existing.kid;
  const key = await mintKey();
  await db.$executeRaw`INSERT INTO "DocumentSigningKey" ("kid", "publicJwk", "sealedPrivateKey", "current")
    VALUES (${key.kid}, ${JSON.stringify(key.publicJwk)}::jsonb, ${key.sealedPrivateKey}, true)
    ON CONFLICT ("current") DO NOTHING`;
  const winner = await db.documentSigningKey.findFirst({ where: { current: true }, select: { kid: true } });
  if (!winner) throw new Error("no current document signing key after creating one");
  return winner.kid;
}

/** The key documents are signed with now (made if there is none yet). */
export async function currentSigningKey(db: Db): Promise<SigningKey> {
  const kid = await ensureSigningKey(db);
  const cached = opened.get(kid);
  if (cached) return { kid, privateKey: cached };
  const row = await db.documentSigningKey.findUniqueOrThrow({ where: { kid }, select: { sealedPrivateKey: true } });
  const jwk = JSON.parse(unseal(row.sealedPrivateKey, sealContext(kid))) as JWK;
  const privateKey = await importJWK(jwk, "EdDSA");
  // importJWK gives raw bytes only for symmetric ("oct") keys, which this table never holds.
  if (privateKey instanceof Uint8Array) throw new Error(`document signing key ${kid} is not an Ed25519 key`);
  opened.set(kid, privateKey);
  return { kid, privateKey };
}

/**
 * Retires the current key and makes a new one current, in one transaction. Documents signed before
 * keep verifying: the retired key stays in the JWKS while any of them has not expired.
 */
export async function rotateSigningKey(
  tx: Db,
  now: Date = new Date(),
): Promise<{ retired: string | null; current: string }> {
  const [previous] = await tx.$queryRaw<{ kid: string }[]>`
    SELECT "kid" FROM "DocumentSigningKey" WHERE "current" = true FOR UPDATE`;
  if (previous) {
    await tx.documentSigningKey.update({ where: { kid: previous.kid }, data: { current: null, retiredAt: now } });
  }
  const key = await mintKey();
  await tx.documentSigningKey.create({
    data: {
      kid: key.kid,
      publicJwk: key.publicJwk,
      sealedPrivateKey: key.sealedPrivateKey,
      current: true,
      createdAt: now,
    },
  });
  return { retired: previous?.kid ?? null, current: key.kid };
}

/**
 * The keys a verifier needs now: the current one, and each retired one while a statement or letter
 * signed with it has not expired (a document without expiry keeps its key published for good).
 */
export async function publishedKeys(db: Db, now: Date = new Date()): Promise<{ keys: PublishedKey[] }> {
  await ensureSigningKey(db);
  const rows = await db.$queryRaw<{ kid: string; x: string }[]>`
    SELECT k."kid", k."publicJwk"->>'x' AS "x" FROM "DocumentSigningKey" k
    WHERE k."current" = true
      OR EXISTS (SELECT 1 FROM "Statement" s WHERE s."signingKid" = k."kid" AND (s."expiresAt" IS NULL OR s."expiresAt" > ${now}))
      OR EXISTS (SELECT 1 FROM "Proof" p WHERE p."signingKid" = k."kid" AND (p."expiresAt" IS NULL OR p."expiresAt" > ${now}))
    ORDER BY k."current" IS NULL, k."createdAt" DESC`;
  return {
    keys: rows.map((row) => ({ kty: "OKP", crv: "Ed25519", x: row.x, kid: row.kid, alg: "EdDSA", use: "sig" })),
  };
}
