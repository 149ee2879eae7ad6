// The settings that used to be parsed by hand beside the code using them (the webhook worker's,
// the crontab's, the retry scale, where the server listens) as the one schema of lib/config.ts
// reads them: the same defaults, the same values accepted, a bad one refused naming its variable.
import { parseCronItems } from "graphile-worker";
import { describe, expect, it } from "vitest";
import { DEFAULT_HOST, DEFAULT_PORT, parseConfig } from "@/lib/config";

describe("the webhook worker's numbers", () => {
  const whole = ["WEBHOOK_WORKER_CONCURRENCY", "WEBHOOK_ENDPOINT_CONCURRENCY"] as const;
  const any = ["WEBHOOK_POLL_INTERVAL_MS", "WEBHOOK_STALE_LOCK_SECONDS", "WEBHOOK_SWEEP_INTERVAL_MS"] as const;

  it("leave the worker's own defaults when unset or blank", () => {
    for (const name of [...whole, ...any]) {
      expect(parseConfig({})[name]).toBeUndefined();
      expect(parseConfig({ [name]: "  " })[name]).toBeUndefined();
    }
  });

  it("take positive numbers, whole where they count things", () => {
    expect(parseConfig({ WEBHOOK_WORKER_CONCURRENCY: " 32 " }).WEBHOOK_WORKER_CONCURRENCY).toBe(32);
    expect(parseConfig({ WEBHOOK_POLL_INTERVAL_MS: "250.5" }).WEBHOOK_POLL_INTERVAL_MS).toBe(250.5);
    expect(parseConfig({ WEBHOOK_STALE_LOCK_SECONDS: "0.5" }).WEBHOOK_STALE_LOCK_SECONDS).toBe(0.5);
  });

  it.each(["abc", "0", "-4", "Infinity"])("refuses %s, naming the variable", (value) => {
    for (const name of [...whole, ...any])
      expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`${name}: must be a positive number, got "${value}"`));
  });

  it("refuses a fraction where a whole number counts, naming the variable", () => {
    for (const name of whole)
      expect(() => parseConfig({ [name]: "1.5" })).toThrow(new RegExp(`${name}: must be a positive whole number`));
  });
});

describe("WEBHOOK_WORKER", () => {
  it("is off only when it says off", () => {
    expect(parseConfig({ WEBHOOK_WORKER: "off" }).WEBHOOK_WORKER).toBe("off");
    for (const value of [undefined, "", "on", "1", "false", "OFF"])
      expect(parseConfig({ WEBHOOK_WORKER: value }).WEBHOOK_WORKER).toBe("on");
  });
});

describe("the crontab's schedules", () => {
  const schedules = {
    IDEMPOTENCY_CLEANUP_SCHEDULE: "*/15 * * * *",
    WEBHOOK_ATTEMPT_RETENTION_SCHEDULE: "17 3 * * *",
    REQUEST_LOG_RETENTION_SCHEDULE: "27 3 * * *",
  } as const;

  it("default when unset or blank, and keep a pattern given, trimmed", () => {
    for (const [name, fallback] of Object.entries(schedules)) {
      expect(parseConfig({})[name as keyof typeof schedules]).toBe(fallback);
      expect(parseConfig({ [name]: " " })[name as keyof typeof schedules]).toBe(fallback);
      expect(parseConfig({ [name]: " 0 * * * * " })[name as keyof typeof schedules]).toBe("0 * * * *");
    }
  });

  it("accept and refuse exactly what graphile-worker's parseCronItems does", () => {
    const patterns = ["0 * * * *", "*/5 1-3 * * 1,3", "0 0 1 1 *", "daily", "* * * *", "61 * * * *", "@daily", "0 * * * * *"];
    for (const match of patterns) {
      let graphile = true;
      try {
        parseCronItems([{ task: "t", match }]);
      } catch {
        graphile = false;
      }
      for (const name of Object.keys(schedules)) {
        const ours = (() => {
          try {
            parseConfig({ [name]: match });
            return true;
          } catch (error) {
            expect(String(error)).toMatch(new RegExp(`${name}: must be a crontab time pattern`));
            return false;
          }
        })();
        expect({ match, ours }).toEqual({ match, ours: graphile });
      }
    }
  });
});

describe("the retention days", () => {
  it("default to 30 and take a whole number of days up to a hundred years", () => {
    expect(parseConfig({}).WEBHOOK_ATTEMPT_RETENTION_DAYS).toBe(30);
    expect(parseConfig({}).REQUEST_LOG_RETENTION_DAYS).toBe(30);
    expect(parseConfig({ REQUEST_LOG_RETENTION_DAYS: "36500" }).REQUEST_LOG_RETENTION_DAYS).toBe(36_500);
    expect(() => parseConfig({ REQUEST_LOG_RETENTION_DAYS: "36501" })).toThrow(
      /REQUEST_LOG_RETENTION_DAYS: must be at most 36500/,
    );
  });
});

describe("where the server listens", () => {
  it("defaults to 127.0.0.1:3000 and refuses a port that is not one", () => {
    // Unset stays unset in the configuration (the console's links tell it apart); scripts/serve.ts applies the defaults.
    const unset = parseConfig({});
    expect([unset.PORT ?? DEFAULT_PORT, unset.HOST ?? DEFAULT_HOST]).toEqual([3000, "127.0.0.1"]);
    expect(parseConfig({ PORT: "3123", HOST: "0.0.0.0" })).toMatchObject({ PORT: 3123, HOST: "0.0.0.0" });
    for (const port of ["abc", "70000", "80.5"]) expect(() => parseConfig({ PORT: port })).toThrow(/PORT/);
  });
});

describe("ALLOW_GENERATED_SECRETS", () => {
  it("allows only with 1", () => {
    expect(parseConfig({ ALLOW_GENERATED_SECRETS: "1" }).ALLOW_GENERATED_SECRETS).toBe(true);
    for (const value of [undefined, "", "0", "true", "yes"])
      expect(parseConfig({ ALLOW_GENERATED_SECRETS: value }).ALLOW_GENERATED_SECRETS).toBe(false);
  });
});

describe("ALLOW_LOOPBACK_ENDPOINTS", () => {
  it("is on only when it says exactly true; unset, as a production start leaves it, is off", () => {
    expect(parseConfig({ ALLOW_LOOPBACK_ENDPOINTS: "true" }).ALLOW_LOOPBACK_ENDPOINTS).toBe(true);
    for (const value of [undefined, "", "1", "yes", "TRUE", "on", "false"])
      expect(parseConfig({ ALLOW_LOOPBACK_ENDPOINTS: value }).ALLOW_LOOPBACK_ENDPOINTS, String(value)).toBe(false);
  });
});
