// The process's one client of Lithic's API (the `lithic` SDK), built from the configuration; the
// card-processor and payout connectors under lib/connectors/lithic/ share it.
import Lithic from "lithic";
import { parseConfig } from "@/lib/config";

/** How long one call to Lithic may take before it is abandoned as indeterminate (lithic-errors.ts). */
export const LITHIC_TIMEOUT_MS = 10_000;

let client: Lithic | undefined;

/**
 * The client, or an error naming what is missing. It never retries on its own (`maxRetries: 0`):
 * each caller decides from the classified failure whether a call may be repeated, and repeats it with
 * the same idempotency key, so one of our requests never becomes two at Lithic.
 */
export function lithicClient(): Lithic {
  if (client) return client;
  // Read from the environment when the client is built, as lib/mail reads SMTP_URL, so a test that
  // points LITHIC_BASE_URL at its mock and calls resetLithicClient() is heard.
  const { LITHIC_API_KEY, LITHIC_ENVIRONMENT, LITHIC_BASE_URL } = parseConfig(process.env);
  if (!LITHIC_API_KEY) throw new Error("LITHIC_API_KEY is not set: the Lithic connector cannot call Lithic");
  client = new Lithic({
    apiKey: LITHIC_API_KEY,
    // The SDK refuses both at once; without an override, null keeps it from reading
    // LITHIC_BASE_URL from the environment itself, around our validated configuration.
    ...(LITHIC_BASE_URL ? { baseURL: LITHIC_BASE_URL } : { environment: LITHIC_ENVIRONMENT, baseURL: null }),
    maxRetries: 0,
    timeout: LITHIC_TIMEOUT_MS,
  });
  return client;
}

/** Forgets the client, so the next call reads the configuration again (tests that change it). */
export function resetLithicClient(): void {
  client = undefined;
}
