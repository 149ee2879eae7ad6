// The key that seals secrets at rest: SECRETS_KEY, or outside production one kept under .data/.
import { config } from "@/lib/config";
import { localSecret } from "./local-secret";

let cached: Buffer | undefined;

export function secretsKey(): Buffer {
  cached ??= Buffer.from(
    localSecret({
      variable: "SECRETS_KEY",
      configured: config().SECRETS_KEY,
      file: "secrets-key",
      describe: "32 random bytes, base64",
    }),
    "base64",
  );
  return cached;
}
