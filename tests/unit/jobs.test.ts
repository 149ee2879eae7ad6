// The worker's jobs as lib/jobs declares them: the task identifiers queued jobs already carry,
// one declaration per name, the payloads each handler accepts, and the crontab built from the list.
import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import {
  JOBS,
  authorizationExpiryJob,
  jobsCronItems,
  signingSecretActivationJob,
  webhookDeliveryJob,
  type JobSettings,
} from "@/lib/jobs";
import { jobSettings, workerOptions } from "@/lib/webhooks/worker";

const settingsFrom = (env: Record<string, string>): JobSettings =>
  jobSettings(workerOptions("postgres://unused", parseConfig(env)));

describe("the worker's jobs", () => {
  it("keep the task identifiers jobs in existing queues carry, each declared once", () => {
    expect(JOBS.map((job) => job.task)).toEqual([
      "webhook_deliver",
      "send_mail",
      "delete_expired_idempotency_records",
      "webhook_signing_secret_activation",
      "drop_expired_webhook_attempt_bodies",
      "delete_expired_request_log",
      "authorization_expire",
      "payout_submit",
      "take_liability_snapshot",
      "verify_ledger",
      "verify_ledger_fully",
    ]);
  });

  it("check a delivery's payload before it runs, accepting jobs queued before endpoints were carried", () => {
    const payload = webhookDeliveryJob.payload;
    expect(
      payload.safeParse({ deliveryId: "whd_1", endpointId: "we_1", trigger: "retry", retryNumber: 2 }).success,
    ).toBe(true);
    expect(payload.safeParse({ deliveryId: "whd_1", trigger: "replay" }).success).toBe(true);
    expect(payload.safeParse({ deliveryId: "", trigger: "retry" }).success).toBe(false);
    expect(payload.safeParse({ deliveryId: "whd_1", trigger: "first" }).success).toBe(false);
    expect(signingSecretActivationJob.payload.safeParse({ secretId: "" }).success).toBe(false);
    expect(authorizationExpiryJob.payload.safeParse({ authorizationId: "auth_1" }).success).toBe(true);
    expect(authorizationExpiryJob.payload.safeParse({}).success).toBe(false);
  });

  it("put the six scheduled jobs on the crontab, on their configured patterns, one at a time, never caught up", () => {
    const items = jobsCronItems(
      settingsFrom({
        REQUEST_LOG_RETENTION_SCHEDULE: "0 * * * *",
        LIABILITY_SNAPSHOT_SCHEDULE: "30 */2 * * *",
        LEDGER_FULL_VERIFICATION_SCHEDULE: "0 2 * * 0",
      }),
    );
    expect(items.map((item) => item.identifier)).toEqual([
      "delete_expired_idempotency_records",
      "drop_expired_webhook_attempt_bodies",
      "delete_expired_request_log",
      "take_liability_snapshot",
      "verify_ledger",
      "verify_ledger_fully",
    ]);
    expect(
      jobsCronItems(jobSettings({ connectionString: "postgres://unused" })).map((item) => item.identifier),
    ).toEqual(items.map((item) => item.identifier));
    for (const item of items) {
      expect(item.task).toBe(item.identifier);
      expect(item.options).toEqual({ backfillPeriod: 0, maxAttempts: 3, jobKey: item.task, jobKeyMode: "replace" });
    }
    const at = (hour: number, min: number) => ({ min, hour, date: 24, month: 11, dow: 2 });
    const [cleanup, attempts, requestLog, liabilities, , fullVerification] = items;
    expect([at(5, 0), at(5, 15), at(5, 7)].map((time) => cleanup!.match(time))).toEqual([true, true, false]);
    expect([at(3, 17), at(4, 17)].map((time) => attempts!.match(time))).toEqual([true, false]);
    expect([at(5, 0), at(3, 27)].map((time) => requestLog!.match(time))).toEqual([true, false]);
    expect([at(4, 30), at(5, 30), at(4, 7)].map((time) => liabilities!.match(time))).toEqual([true, false, false]);
    // 2026-11-24 was a Tuesday (dow 2): the weekly pattern given matches Sundays only.
    expect([at(2, 0), { ...at(2, 0), date: 29, dow: 0 }].map((time) => fullVerification!.match(time))).toEqual([
      false,
      true,
    ]);
    const hourly = jobsCronItems(settingsFrom({})).find((item) => item.task === "take_liability_snapshot");
    expect([at(4, 7), at(5, 7), at(5, 8)].map((time) => hourly!.match(time))).toEqual([true, true, false]);
    const daily = jobsCronItems(settingsFrom({})).find((item) => item.task === "verify_ledger_fully");
    expect([at(3, 37), at(4, 37), at(3, 38)].map((time) => daily!.match(time))).toEqual([true, false, false]);
  });
});
