// TOTP (RFC 6238, the authenticator-app codes) for console two-factor sign-in: secrets sealed at
// rest and bound to their merchant, and the time step a code matches, so each code is accepted once.
import { generateSecret, generateURI, verify } from "otplib";
import { seal, unseal } from "@/lib/crypto/secret-box";

const ISSUER = "Wallet & Card Console";

export function newTotpSecret(): string {
  return generateSecret();
}

// The merchant id is the sealing context: a sealed secret copied onto another account does not open.
export function sealTotpSecret(merchantId: string, secret: string): string {
  return seal(secret, `totp:${merchantId}`);
}

export function openTotpSecret(merchantId: string, sealed: string): string {
  return unseal(sealed, `totp:${merchantId}`);
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: email, secret });
}

/** Six digits, spaces allowed (apps show "123 456"). */
export function looksLikeTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s+/g, ""));
}

/**
 * The time step `code` belongs to, or null when it matches none after `afterStep` (the last step
 * accepted). One step either side of now is allowed for clock drift between phone and server.
 */
export async function matchTotpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!looksLikeTotpCode(code)) return null;
  const result = await verify({
    secret,
    token: code.replace(/\s+/g, ""),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  // The functional API types its result for HOTP too; a TOTP match always carries its time step.
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
