// Seals secrets we must be able to read back (webhook signing secrets, stored idempotent responses)
// with AES-256-GCM, so a database dump alone does not reveal them.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKey } from "./secrets-key";

const VERSION = "v1";

/**
 * `context`, when given, is bound to the sealed value as GCM associated data (not stored): opening
 * needs the same context, so a sealed value copied onto another row does not open there.
 */
export function seal(plaintext: string, context?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretsKey(), iv);
  if (context !== undefined) cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
}

export function isSealed(value: string): boolean {
  return value.startsWith(`${VERSION}.`);
}

export function unseal(sealed: string, context?: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unrecognised sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", secretsKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  if (context !== undefined) decipher.setAAD(Buffer.from(context, "utf8"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(
      "Cannot open a sealed secret: SECRETS_KEY is not the key it was sealed with (check that every process uses the same SECRETS_KEY, or .data/secrets-key), or the value was moved from the row it was sealed for.",
    );
  }
}
