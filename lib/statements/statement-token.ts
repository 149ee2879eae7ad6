// Statement verification tokens: `vst_` + 32 base62 characters (about 190 bits), stored only as
// a SHA-256 hash, so a database leak does not reveal tokens that verify.
import { createHash } from "node:crypto";
import { randomBase62 } from "@/lib/ids";

const TOKEN_PATTERN = /^vst_[0-9A-Za-z]{32}$/;

export function mintStatementToken(): string {
  return `vst_${randomBase62(32)}`;
}

export function hashStatementToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export function isWellFormedStatementToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
