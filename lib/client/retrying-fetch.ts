// The client's transport: an Idempotency-Key on every write, and retries, under that same key, of the
// answers that are safe to retry: 409 idempotency_in_progress, 429, 5xx and network errors.

export type FetchOnce = (request: Request) => Promise<Response>;

export type RetryPolicy = {
  /** Retries after the first attempt; 0 sends each request once. */
  retries: number;
  sleep: (ms: number) => Promise<void>;
  /** A Retry-After longer than this is not waited out: the answer goes back to the caller. */
  maxRetryWaitMs: number;
  /** Without Retry-After: about baseDelayMs * 2^retry, jittered, at most maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  random: () => number;
};

const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function retryingFetch(fetchOnce: FetchOnce, policy: RetryPolicy): FetchOnce {
  return async (input) => {
    const request = withIdempotencyKey(input);
    for (let retry = 0; ; retry++) {
      const last = retry >= policy.retries;
      let response: Response;
      try {
        // A body can be read once: every attempt but the last sends a copy and keeps the original.
        response = await fetchOnce(last ? request : request.clone());
      } catch (error) {
        if (last || request.signal.aborted) throw error;
        await policy.sleep(backoffDelay(retry, policy));
        continue;
      }
      if (last || !(await isRetryable(response))) return response;
      const wait = retryAfterMs(response.headers.get("retry-after")) ?? backoffDelay(retry, policy);
      if (wait > policy.maxRetryWaitMs) return response;
      await response.body?.cancel();
      await policy.sleep(wait);
    }
  };
}

/** Writes without a caller's key get a fresh one, so every retry of this call is the same request to the server. */
function withIdempotencyKey(request: Request): Request {
  if (!WRITE_METHODS.has(request.method) || request.headers.has(IDEMPOTENCY_KEY_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_KEY_HEADER, crypto.randomUUID());
  return new Request(request, { headers });
}

async function isRetryable(response: Response): Promise<boolean> {
  if (response.status === 429 || response.status >= 500) return true;
  if (response.status !== 409) return false;
  // Other conflicts (wallet_exists, card_not_active...) are answers, not a busy key.
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return errorCode(body) === "idempotency_in_progress";
}

function errorCode(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("error" in body)) return undefined;
  const { error } = body;
  return typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with "equal jitter": between half and all of the capped exponential delay. */
export function backoffDelay(
  retry: number,
  policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (policy.random() * ceiling) / 2);
}
