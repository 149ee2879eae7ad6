// Recording an attempt waits out a database that cannot be reached (250 ms doubling to 5 s, for
// about two minutes) and throws anything else at once; run on a fake clock.
import { describe, expect, it } from "vitest";
import { retryWhileUnavailable } from "@/lib/db/retry-while-unavailable";

/** A clock that moves only when the code under test sleeps, and the sleeps it asked for. */
function fakeTime() {
  let now = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    options: {
      now: () => now,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        now += ms;
      },
    },
  };
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const terminated = () => new Error("Connection terminated unexpectedly");
const prismaUnreachable = () => Object.assign(new Error("Can't reach database server"), { code: "P1001" });

describe("retryWhileUnavailable", () => {
  it("tries again while the database cannot be reached, waiting 250 ms and doubling to 5 s", async () => {
    const time = fakeTime();
    const failures = [refused(), terminated(), prismaUnreachable(), refused(), refused(), refused(), refused()];
    let tries = 0;
    const result = await retryWhileUnavailable(async () => {
      const failure = failures[tries++];
      if (failure) throw failure;
      return "recorded";
    }, time.options);
    expect(result).toBe("recorded");
    expect(tries).toBe(failures.length + 1);
    expect(time.sleeps).toEqual([250, 500, 1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it("throws any other error at once, without trying again", async () => {
    const time = fakeTime();
    const wrong = Object.assign(new Error('relation "WebhookAttempt" does not exist'), { code: "42P01" });
    let tries = 0;
    await expect(
      retryWhileUnavailable(async () => {
        tries += 1;
        throw wrong;
      }, time.options),
    ).rejects.toBe(wrong);
    expect(tries).toBe(1);
    expect(time.sleeps).toEqual([]);
  });

  it("gives up after about two minutes with the last error", async () => {
    const time = fakeTime();
    let tries = 0;
    let last: Error | undefined;
    await expect(
      retryWhileUnavailable(async () => {
        tries += 1;
        throw (last = refused());
      }, time.options),
    ).rejects.toSatisfy((error) => error === last);
    const waited = time.sleeps.reduce((sum, ms) => sum + ms, 0);
    expect(waited).toBeLessThanOrEqual(120_000);
    expect(waited).toBeGreaterThan(115_000);
    expect(tries).toBe(time.sleeps.length + 1);
  });
});
