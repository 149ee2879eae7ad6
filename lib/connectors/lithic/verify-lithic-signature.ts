// Checks that a message came from Lithic, with the SDK's own verification (Standard Webhooks:
// webhook-id, webhook-timestamp within five minutes, webhook-signature an HMAC-SHA256 under the
// secret), so a forged, altered or replayed old message is refused before anything reads it.
import Lithic from "lithic";
import { DomainError } from "@/lib/errors";

// The verification needs no API key: a client of its own, which never calls Lithic.
const verifier = new Lithic({ apiKey: "verification-only", baseURL: "http://127.0.0.1:9", maxRetries: 0 });

export function verifyLithicSignature(
  rawBody: string,
  headers: Headers,
  secret: string | undefined,
  what: "ASA" | "event",
): void {
  if (!secret) {
    throw new DomainError(
      "invalid_signature",
      `No Lithic ${what} signing secret is configured (${what === "ASA" ? "LITHIC_ASA_SECRET" : "LITHIC_WEBHOOK_SECRET"}); nothing was read.`,
    );
  }
  try {
    verifier.webhooks.verifySignature(rawBody, headers, secret);
  } catch (error) {
    // The library's message says which check failed (missing header, too old, no matching signature).
    const reason = error instanceof Error ? error.message : String(error);
    throw new DomainError("invalid_signature", `The Lithic ${what} signature did not verify: ${reason}`);
  }
}
