// A secret taken from configuration, or outside production generated once under .data/ so the
// embedded defaults run with no configuration. Production must configure it.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config } from "@/lib/config";
import { dataDir } from "@/lib/data-dir";

export function localSecret(options: {
  variable: string;
  configured: string | undefined;
  file: string;
  describe: string;
}): string {
  if (options.configured) return options.configured;
  if (config().NODE_ENV === "production" && !config().ALLOW_GENERATED_SECRETS) {
    throw new Error(`${options.variable} must be set in production (${options.describe}).`);
  }
  const file = path.join(dataDir(), options.file);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process created it first; read theirs.
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
