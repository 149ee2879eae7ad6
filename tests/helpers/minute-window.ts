// The rate limits count in fixed windows that start on the minute (lib/ratelimit, memory and Redis
// alike): a test whose requests must all fall in one window starts early enough in a minute, or the
// count restarts halfway and the limit it expects is never reached.

/** Waits for the next minute when less than `neededMs` is left of this one. */
export async function startWithinOneMinuteWindow(neededMs: number): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 60_000 - neededMs) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
}
