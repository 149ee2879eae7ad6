// The key that signs console sessions: AUTH_SECRET, or outside production one generated once under
// .data/ (like SECRETS_KEY) so `npm run dev` needs no configuration.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { dataDir } from "@/lib/data-dir";

let cached: string | undefined;

export function authSecret(): string {
  if (cached) return cached;
  const configured = config().AUTH_SECRET;
  if (configured) return (cached = configured);
  if (config().NODE_ENV === "production" && process.env.ALLOW_GENERATED_SECRETS !== "1") {
    throw new Error("AUTH_SECRET must be set in production (at least 32 random characters).");
  }
  const file = path.join(dataDir(), "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first; read theirs.
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
  }
  return (cached = readFileSync(file, "utf8").trim());
}
