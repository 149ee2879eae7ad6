// The key that signs console sessions: AUTH_SECRET, or outside production one kept under .data/.
import { config } from "@/lib/config";
import { localSecret } from "@/lib/crypto/local-secret";

let cached: string | undefined;

export function authSecret(): string {
  cached ??= localSecret({
    variable: "AUTH_SECRET",
    configured: config().AUTH_SECRET,
    file: "auth-secret",
    describe: "at least 32 random characters",
  });
  return cached;
}
