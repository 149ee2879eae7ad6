// Webhook attempt bodies are dropped after the retention period (30 days) by a task on the
// worker's crontab; the attempt row stays: the task against the test database, its schedule and
// settings, and one run through a real graphile-worker runner.
import { quickAddJob, run, type Runner } from "graphile-worker";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ATTEMPT_RETENTION_DAYS, DEFAULT_ATTEMPT_RETENTION_SCHEDULE, parseConfig } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { attemptRetentionJob, cronItems, type JobContext } from "@/lib/jobs";
import {
  dropExpiredAttemptBodies,
  dropExpiredLatencyHours,
  LATENCY_HOURS_KEPT_DAYS,
} from "@/lib/maintenance/attempt-retention";
import { EndpointGate } from "@/lib/webhooks/endpoint-gate";
import { QUEUE_SCHEMA, quietQueueLogger } from "@/lib/webhooks/queue-schema";
import { poolSql } from "@/lib/webhooks/sql-runner";
import { jobSettings, workerOptions } from "@/lib/webhooks/worker";
import { createMerchantApp } from "../helpers/fixtures";
import { nextStreamSequence } from "../helpers/stream-sequence";

const DAY = 24 * 60 * 60 * 1000;
const ATTEMPT_RETENTION_TASK = attemptRetentionJob.task;
let appId = "";
let endpointId = "";

beforeAll(async () => {
  appId = (await createMerchantApp("Attempt retention")).application.id;
  // Nothing listens on the discard port; rows are written directly, with no queue jobs.
  endpointId = (
    await prisma().webhookEndpoint.create({
      data: { id: newId("we"), applicationId: appId, livemode: false, url: "http://127.0.0.1:9/hooks", events: [] },
    })
  ).id;
});

type AttemptShape = { ageDays: number; statusCode: number | null; latencyMs: number | null; error: string | null };

/** A delivery of a fresh event with one attempt made `ageDays` ago, bodies and headers included. */
async function attempt({ ageDays, statusCode, latencyMs, error }: AttemptShape): Promise<string> {
  const createdAt = new Date(Date.now() - ageDays * DAY);
  const event = await prisma().event.create({
    data: {
      id: newId("evt"),
      applicationId: appId,
      livemode: false,
      type: "wallet.provisioned",
      data: {},
      sequence: nextStreamSequence(),
      createdAt,
    },
  });
  const delivery = await prisma().webhookDelivery.create({
    data: {
      id: newId("whd"),
      applicationId: appId,
      livemode: false,
      eventId: event.id,
      endpointId,
      status: statusCode === 200 ? "succeeded" : "failed",
      attemptCount: 1,
      createdAt,
    },
  });
  const { id } = await prisma().webhookAttempt.create({
    data: {
      id: newId("wha"),
      deliveryId: delivery.id,
      requestHeaders: { "x-service-event-id": event.id, "x-service-signature": "ab12" },
      requestBody: JSON.stringify({ id: event.id, event: "wallet.provisioned" }),
      statusCode,
      latencyMs,
      responseExcerpt: statusCode === null ? null : `response ${statusCode}`,
      error,
      createdAt,
    },
  });
  return id;
}

function attemptsById(ids: string[]) {
  return prisma().webhookAttempt.findMany({ where: { id: { in: ids } }, orderBy: { createdAt: "asc" } });
}

describe("dropping expired attempt bodies", () => {
  it("drops the bodies and headers of attempts past 30 days, keeps their outcome, and leaves younger ones whole", async () => {
    const old = [
      await attempt({ ageDays: 31, statusCode: 500, latencyMs: 41, error: null }),
      await attempt({ ageDays: 45, statusCode: null, latencyMs: null, error: "connect ECONNREFUSED 127.0.0.1:9" }),
      await attempt({ ageDays: 31, statusCode: 200, latencyMs: 7, error: null }),
    ];
    const young = [
      await attempt({ ageDays: 29, statusCode: 200, latencyMs: 12, error: null }),
      await attempt({ ageDays: 0, statusCode: 503, latencyMs: 3, error: null }),
    ];
    const before = await attemptsById([...old, ...young]);

    const changed = await dropExpiredAttemptBodies(prisma(), { retentionDays: 30 });
    expect(changed).toBeGreaterThanOrEqual(old.length);

    const after = await attemptsById([...old, ...young]);
    for (const row of after.filter((a) => old.includes(a.id))) {
      const was = before.find((a) => a.id === row.id)!;
      expect(row).toMatchObject({
        requestBody: null,
        responseExcerpt: null,
        requestHeaders: {},
        // The outcome stays.
        statusCode: was.statusCode,
        latencyMs: was.latencyMs,
        error: was.error,
        trigger: was.trigger,
        createdAt: was.createdAt,
      });
      expect(row.bodiesDroppedAt).toBeInstanceOf(Date);
    }
    expect(after.filter((a) => young.includes(a.id))).toEqual(before.filter((a) => young.includes(a.id)));

    // A second run finds nothing left to drop and leaves the dropped rows as they were.
    expect(await dropExpiredAttemptBodies(prisma(), { retentionDays: 30 })).toBe(0);
    expect(await attemptsById([...old, ...young])).toEqual(after);
  });

  it("follows the retention it is given", async () => {
    const tenDays = await attempt({ ageDays: 10, statusCode: 200, latencyMs: 5, error: null });
    await dropExpiredAttemptBodies(prisma(), { retentionDays: 30 });
    expect((await attemptsById([tenDays]))[0]!.bodiesDroppedAt).toBeNull();
    await dropExpiredAttemptBodies(prisma(), { retentionDays: 7 });
    expect((await attemptsById([tenDays]))[0]).toMatchObject({ requestBody: null, statusCode: 200, latencyMs: 5 });
  });

  it("works through any backlog in batches", async () => {
    const old = await Promise.all(
      Array.from({ length: 7 }, (_, i) => attempt({ ageDays: 40 + i, statusCode: 200, latencyMs: i, error: null })),
    );
    expect(await dropExpiredAttemptBodies(prisma(), { retentionDays: 30, batchSize: 2 })).toBeGreaterThanOrEqual(7);
    expect((await attemptsById(old)).map((a) => a.requestBody)).toEqual(old.map(() => null));
  });
});

describe("dropping expired endpoint latency hours", () => {
  it("deletes the hours older than the console's windows, in batches, and keeps the rest", async () => {
    const keptHours = LATENCY_HOURS_KEPT_DAYS * 24;
    const hoursBack = [1, 3 * 24, keptHours - 2, keptHours + 2, 30 * 24, 90 * 24];
    await prisma().webhookLatencyHour.deleteMany({ where: { endpointId } });
    await prisma().$executeRaw`
      INSERT INTO "WebhookLatencyHour" ("endpointId", "hour", "slot", "attempts", "latencyCounts")
      SELECT ${endpointId}, date_trunc('hour', now() AT TIME ZONE 'UTC') - make_interval(hours => back), slot, 0,
             array_fill(0, ARRAY[cardinality(webhook_latency_bounds())])
      FROM unnest(${hoursBack}::int[]) AS back, generate_series(0, 2) AS slot`;

    const deleted = await dropExpiredLatencyHours(prisma(), { batchSize: 4 });

    const left = await prisma().$queryRaw<{ back: number }[]>`
      SELECT extract(epoch FROM date_trunc('hour', now() AT TIME ZONE 'UTC') - "hour")::int / 3600 AS back
      FROM "WebhookLatencyHour" WHERE "endpointId" = ${endpointId} ORDER BY back`;
    const kept = hoursBack.filter((back) => back < keptHours);
    expect(left.map((row) => row.back)).toEqual(kept.flatMap((back) => [back, back, back]));
    // Other files' endpoints may have expired hours too (their attempts backdated): at least ours went.
    expect(deleted).toBeGreaterThanOrEqual((hoursBack.length - kept.length) * 3);
    await dropExpiredLatencyHours(prisma());
    expect(await prisma().webhookLatencyHour.count({ where: { endpointId } })).toBe(kept.length * 3);
  });
});

describe("the retention's schedule and settings", () => {
  const at = (hour: number, min: number) => ({ min, hour, date: 24, month: 11, dow: 2 });

  it("runs daily at 03:17 by default, or on WEBHOOK_ATTEMPT_RETENTION_SCHEDULE's crontab pattern", () => {
    expect(DEFAULT_ATTEMPT_RETENTION_SCHEDULE).toBe("17 3 * * *");
    expect(ATTEMPT_RETENTION_TASK).toBe("drop_expired_webhook_attempt_bodies");
    const [item] = cronItems(attemptRetentionJob, DEFAULT_ATTEMPT_RETENTION_SCHEDULE);
    expect(item).toMatchObject({ task: ATTEMPT_RETENTION_TASK, identifier: ATTEMPT_RETENTION_TASK });
    expect([at(3, 17), at(3, 18), at(4, 17)].map((time) => item!.match(time))).toEqual([true, false, false]);

    expect(workerOptions("postgres://unused", parseConfig({})).attemptRetention).toEqual({
      retentionDays: DEFAULT_ATTEMPT_RETENTION_DAYS,
      schedule: DEFAULT_ATTEMPT_RETENTION_SCHEDULE,
    });
    expect(DEFAULT_ATTEMPT_RETENTION_DAYS).toBe(30);
    const options = workerOptions(
      "postgres://unused",
      parseConfig({
        WEBHOOK_ATTEMPT_RETENTION_DAYS: " 90 ",
        WEBHOOK_ATTEMPT_RETENTION_SCHEDULE: "0 * * * *",
      }),
    ).attemptRetention!;
    expect(options).toEqual({ retentionDays: 90, schedule: "0 * * * *" });
    const [hourly] = cronItems(attemptRetentionJob, options.schedule);
    expect([at(5, 0), at(5, 17)].map((time) => hourly!.match(time))).toEqual([true, false]);
  });

  it.each(["0", "-3", "1.5", "30d", "thirty", "99999999"])(
    "refuses WEBHOOK_ATTEMPT_RETENTION_DAYS=%s, naming the variable",
    (value) => {
      expect(() => parseConfig({ WEBHOOK_ATTEMPT_RETENTION_DAYS: value })).toThrow(/WEBHOOK_ATTEMPT_RETENTION_DAYS/);
    },
  );

  it("refuses a schedule that is not a crontab pattern, naming the variable", () => {
    expect(() => parseConfig({ WEBHOOK_ATTEMPT_RETENTION_SCHEDULE: "daily" })).toThrow(
      /WEBHOOK_ATTEMPT_RETENTION_SCHEDULE/,
    );
  });
});

describe("the task on a graphile-worker runner", () => {
  const connectionString = process.env.DATABASE_URL ?? "";
  let pool: pg.Pool | undefined;
  let runner: Runner | undefined;

  beforeAll(async () => {
    // Forget the entry so that what is found below was registered by this runner's start.
    await prisma().$executeRawUnsafe(
      `DELETE FROM ${QUEUE_SCHEMA}._private_known_crontabs WHERE identifier = $1`,
      ATTEMPT_RETENTION_TASK,
    );
    // The worker's own wiring (lib/webhooks/worker.ts): this job's task and crontab entry, on the shared queue.
    pool = new pg.Pool({ connectionString, max: 3 });
    const logError = (error: Error) => console.error(`queue connection error: ${error.message}`);
    pool.on("error", logError);
    pool.on("connect", (client) => client.on("error", logError));
    const context: JobContext = {
      db: prisma(),
      sql: poolSql(pool),
      gate: new EndpointGate(1, () => undefined),
      settings: jobSettings({ connectionString, retryScale: 1 }), // 30 days, daily at 03:17
    };
    runner = await run({
      pgPool: pool,
      schema: QUEUE_SCHEMA,
      concurrency: 1,
      pollInterval: 100,
      noHandleSignals: true,
      logger: quietQueueLogger(),
      taskList: { [ATTEMPT_RETENTION_TASK]: attemptRetentionJob.toTask(context) },
      parsedCronItems: cronItems(attemptRetentionJob, context.settings.attemptRetention.schedule),
    });
  });

  afterAll(async () => {
    await runner?.stop();
    await pool?.end();
  });

  it("registers the task in graphile-worker's crontab and runs it when its job comes due", async () => {
    const registered = () =>
      prisma().$queryRawUnsafe<{ identifier: string }[]>(
        `SELECT identifier FROM ${QUEUE_SCHEMA}._private_known_crontabs WHERE identifier = $1`,
        ATTEMPT_RETENTION_TASK,
      );
    await expect.poll(registered, { timeout: 10_000, interval: 100 }).toEqual([{ identifier: ATTEMPT_RETENTION_TASK }]);

    const old = await attempt({ ageDays: 31, statusCode: 200, latencyMs: 9, error: null });
    const young = await attempt({ ageDays: 29, statusCode: 200, latencyMs: 9, error: null });
    await quickAddJob({ connectionString, schema: QUEUE_SCHEMA }, ATTEMPT_RETENTION_TASK, {});
    await expect
      .poll(async () => (await attemptsById([old]))[0]!.bodiesDroppedAt, { timeout: 10_000, interval: 100 })
      .toBeInstanceOf(Date);
    expect((await attemptsById([old]))[0]).toMatchObject({ requestBody: null, statusCode: 200, latencyMs: 9 });
    expect((await attemptsById([young]))[0]!.requestBody).not.toBeNull();
  });
});
