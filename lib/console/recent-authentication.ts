// Sensitive console actions need proof that the merchant gave their password or a code within the
// last ten minutes. The proof is kept per browser session in two places:
// - the session JWT carries `authenticatedAt`, set when the merchant signs in and never refreshed
//   (next-auth renews the token's own `iat` on every read, so that cannot serve);
// - the re-authentication dialog sets a short-lived httpOnly cookie, `merchantId.expiresAt.mac`,
//   signed with a key derived from the session secret. It names its merchant, so someone signing in
//   as another merchant in the same browser does not inherit it, and it cannot be forged or extended.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getServerSession } from "next-auth";
import { cookies } from "next/headers";
import { authOptions, consoleBaseUrl } from "./auth-options";
import { authSecret } from "./auth-secret";
import { ConsoleError } from "./errors";

export const REAUTH_WINDOW_SECONDS = 10 * 60;
const REAUTH_COOKIE = "console-reauth";

function mac(payload: string): Buffer {
  const key = createHmac("sha256", authSecret()).update("console-reauth-proof").digest();
  return createHmac("sha256", key).update(payload).digest();
}

/** A proof that `merchantId` re-authenticated at `now`, good for the window. */
export function signReauthProof(merchantId: string, now = Date.now()): string {
  const payload = `${merchantId}.${now + REAUTH_WINDOW_SECONDS * 1000}`;
  return `${payload}.${mac(payload).toString("base64url")}`;
}

export function reauthProofValid(proof: string | undefined, merchantId: string, now = Date.now()): boolean {
  if (!proof) return false;
  const cut = proof.lastIndexOf(".");
  if (cut < 0) return false;
  const payload = proof.slice(0, cut);
  const given = Buffer.from(proof.slice(cut + 1), "base64url");
  const expected = mac(payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const [owner, expiresAt] = payload.split(".");
  return owner === merchantId && Number(expiresAt) > now;
}

/** True when the sign-in (seconds since the epoch, from the JWT) or a re-auth proof is recent enough. */
export function recentlyAuthenticated(
  input: { merchantId: string; signedInAt: number | undefined; proof: string | undefined },
  now = Date.now(),
): boolean {
  if (input.signedInAt !== undefined && now - input.signedInAt * 1000 < REAUTH_WINDOW_SECONDS * 1000) return true;
  return reauthProofValid(input.proof, input.merchantId, now);
}

/** For a sensitive server action: throws a "reauth_required" ConsoleError unless the merchant proved it is them lately. */
export async function requireRecentAuthentication(merchantId: string): Promise<void> {
  const [session, jar] = await Promise.all([getServerSession(authOptions()), cookies()]);
  const signedInAt = session?.user?.id === merchantId ? session.authenticatedAt : undefined;
  if (!recentlyAuthenticated({ merchantId, signedInAt, proof: jar.get(REAUTH_COOKIE)?.value })) {
    throw ConsoleError.reauthRequired();
  }
}

/** Records, in this browser, that the merchant has just re-authenticated. */
export async function grantRecentAuthentication(merchantId: string): Promise<void> {
  (await cookies()).set(REAUTH_COOKIE, signReauthProof(merchantId), {
    httpOnly: true,
    sameSite: "lax",
    path: "/merchant/sdk",
    maxAge: REAUTH_WINDOW_SECONDS,
    // next-auth decides Secure from the same base URL (auth-options gives it NEXTAUTH_URL).
    secure: consoleBaseUrl().startsWith("https://"),
  });
}
