// The shape of API key secrets: how they are minted, hashed for storage, and shown afterwards.
import { createHash } from "node:crypto";
import { randomBase62 } from "@/lib/ids";

export type KeyMode = "test" | "live";

const KEY_PATTERN = /^sk_(test|live)_[0-9A-Za-z]{32,128}$/;

export function mintKeySecret(mode: KeyMode): string {
  return `sk_${mode}_${randomBase62(40)}`;
}

export function hashKeySecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

export function keyModeOf(secret: string): KeyMode | undefined {
  return KEY_PATTERN.exec(secret)?.[1] as KeyMode | undefined;
}

export function displayParts(secret: string): { prefix: string; last4: string } {
  return { prefix: secret.startsWith("sk_live_") ? "sk_live_" : "sk_test_", last4: secret.slice(-4) };
}
