// A typed client for the public API: openapi-fetch over the types generated from our OpenAPI
// document, with the key, an Idempotency-Key per write and safe retries added to every call.
// Also built as the @wallet-card/client package (packages/client): keep imports relative, ending in .ts, no @/ alias.
import createClient, { type Client } from "openapi-fetch";
import type { components, operations, paths } from "./openapi-types.ts";
import { type FetchOnce, retryingFetch } from "./retrying-fetch.ts";

export type { components, operations, paths };
export type Schemas = components["schemas"];
/** The body of every non-2xx answer: `{ error: { type, code, message, param?, details?, request_id } }`. */
export type ErrorEnvelope = Schemas["Error"];
export type ServiceClient = Client<paths>;

export type ServiceClientOptions = {
  /** Where the service runs, e.g. `https://wallets.example.com` (paths start with /api/public). */
  baseUrl: string;
  /** `sk_test_...` or `sk_live_...`; the public verify and treasury routes need none. */
  apiKey?: string;
  /** Defaults to the global fetch. */
  fetch?: FetchOnce;
  /** Retries after the first attempt (default 3); 0 sends each request once. */
  retries?: number;
  /** How the client waits between attempts (default a timer); tests inject a fake. */
  sleep?: (ms: number) => Promise<void>;
  /** Longest Retry-After the client waits out before retrying (default 60 s); a longer one is returned as is. */
  maxRetryWaitMs?: number;
};

const DEFAULT_RETRIES = 3;
const DEFAULT_MAX_RETRY_WAIT_MS = 60_000;
const BASE_DELAY_MS = 250;
const MAX_DELAY_MS = 8_000;

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `client.POST("/api/public/sdk/v1/wallets", { body })` answers `{ data, error, response }` with
 * the documented types. Writes carry an Idempotency-Key (the caller's, or a generated one) that
 * stays the same on every retry, so a retried write never happens twice.
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const fetchOnce = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
    fetch: retryingFetch(fetchOnce, {
      retries: options.retries ?? DEFAULT_RETRIES,
      sleep: options.sleep ?? timerSleep,
      maxRetryWaitMs: options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS,
      baseDelayMs: BASE_DELAY_MS,
      maxDelayMs: MAX_DELAY_MS,
      random: Math.random,
    }),
  });
}
