// The key that seals secrets at rest: SECRETS_KEY, or outside production a key generated once
// under .data/ so the embedded defaults work with no configuration.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { dataDir } from "@/lib/data-dir";

let cached: Buffer | undefined;

export function secretsKey(): Buffer {
  if (cached) return cached;
  const configured = config().SECRETS_KEY;
  if (configured) return (cached = Buffer.from(configured, "base64"));
  if (config().NODE_ENV === "production" && process.env.ALLOW_GENERATED_SECRETS !== "1") {
    throw new Error("SECRETS_KEY must be set in production (32 random bytes, base64).");
  }
  const file = path.join(dataDir(), "secrets-key");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return (cached = Buffer.from(readFileSync(file, "utf8").trim(), "base64"));
}
