// Waits out a database that cannot be reached, for work where giving up costs more than waiting:
// recording a webhook attempt whose request was really sent (thrown, the error fails the queue job,
// whose rerun finds no attempt and sends again), graphile-worker's job completions, releasing an
// idempotency key a failed write held. Anything else (a wrong query, a constraint) is thrown at
// once, as is an outage that outlasts the budget. The work must be safe to run twice: a try whose
// commit went through unseen, its answer lost with the connection, is followed by another.
import { isDatabaseUnavailable } from "./database-unavailable";

export type RetryWhileUnavailableOptions = {
  /** The first wait; each next one doubles, up to maxDelayMs. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** No try starts later than this after the first: the error is thrown instead. */
  giveUpAfterMs?: number;
  /** For tests: the clock and the wait. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

export const RETRY_WHILE_UNAVAILABLE = { firstDelayMs: 250, maxDelayMs: 5_000, giveUpAfterMs: 120_000 } as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work`, and again while it fails because the database cannot be reached. It must be safe to run twice. */
export async function retryWhileUnavailable<T>(
  work: () => Promise<T>,
  options: RetryWhileUnavailableOptions = {},
): Promise<T> {
  const maxDelayMs = options.maxDelayMs ?? RETRY_WHILE_UNAVAILABLE.maxDelayMs;
  const giveUpAfterMs = options.giveUpAfterMs ?? RETRY_WHILE_UNAVAILABLE.giveUpAfterMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? wait;
  const started = now();
  let delayMs: number = options.firstDelayMs ?? RETRY_WHILE_UNAVAILABLE.firstDelayMs;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || now() + delayMs - started > giveUpAfterMs) throw error;
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}
