// Seals secrets we must be able to read back (webhook signing secrets) with AES-256-GCM, so a
// database dump alone does not reveal them.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKey } from "./secrets-key";

const VERSION = "v1";

export function seal(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretsKey(), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(".");
}

export function unseal(sealed: string): string {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !body) throw new Error("Unrecognised sealed secret format");
  const decipher = createDecipheriv("aes-256-gcm", secretsKey(), Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
  } catch {
    throw new Error(
      "Cannot open a sealed secret: SECRETS_KEY is not the key it was sealed with (check that every process uses the same SECRETS_KEY, or .data/secrets-key).",
    );
  }
}
