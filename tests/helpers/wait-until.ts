// Polls a condition until it holds (returning what it found) or the time is up; for tests that wait
// on a worker, a receiver or the database.
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitUntil<T>(
  read: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  timeoutMs = 20_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms`);
    await sleep(intervalMs);
  }
}
