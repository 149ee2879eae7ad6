// Expired idempotency records are deleted on a schedule by the worker's crontab, not only when
// their key is reused: the task against the test database, its cron entry and its setting. The same
// task deletes card details sessions past their link's expiry.
import { quickAddJob } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE, parseConfig } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { newId, randomBase62 } from "@/lib/ids";
import { cronItems, idempotencyCleanupJob } from "@/lib/jobs";
import { deleteEndedCardDetailsSessions } from "@/lib/maintenance/card-details-session-cleanup";
import { deleteExpiredIdempotencyRecords } from "@/lib/maintenance/idempotency-cleanup";
import { QUEUE_SCHEMA } from "@/lib/webhooks/queue-schema";
import { workerOptions, type WebhookWorker } from "@/lib/webhooks/worker";
import { startTestWorker } from "../helpers/test-worker";
import { walletWithCard } from "../helpers/card-money";
import { createMerchantApp, setupApp } from "../helpers/fixtures";

const HOUR = 60 * 60 * 1000;
const IDEMPOTENCY_CLEANUP_TASK = idempotencyCleanupJob.task;
let appId = "";

type RecordShape = { state: "in_progress" | "completed"; expiresInMs: number; lockedForMs?: number };

/** An idempotency record of this test's application, `expiresInMs` from now (negative: expired). */
async function record({ state, expiresInMs, lockedForMs = -HOUR }: RecordShape): Promise<string> {
  const now = Date.now();
  const id = newId("idem");
  await prisma().idempotencyRecord.create({
    data: {
      id,
      applicationId: appId,
      livemode: false,
      key: `cleanup-${randomBase62(12)}`,
      requestHash: "h",
      state,
      ...(state === "completed" ? { responseStatus: 201, responseBody: "{}" } : {}),
      lockedUntil: new Date(now + lockedForMs),
      createdAt: new Date(now + expiresInMs - 24 * HOUR),
      expiresAt: new Date(now + expiresInMs),
    },
  });
  return id;
}

let cardId = "";

/** A card details session of this test's card whose link expires `expiresInMs` from now. */
async function detailsSession(expiresInMs: number, used = false): Promise<string> {
  const id = newId("cds");
  await prisma().cardDetailsSession.create({
    data: {
      id,
      cardId,
      tokenHash: randomBase62(43),
      origin: "http://localhost:3000",
      expiresAt: new Date(Date.now() + expiresInMs),
      usedAt: used ? new Date() : null,
    },
  });
  return id;
}

async function remainingSessions(ids: string[]): Promise<string[]> {
  const rows = await prisma().cardDetailsSession.findMany({ where: { id: { in: ids } }, select: { id: true } });
  return ids.filter((id) => rows.some((row) => row.id === id));
}

async function remaining(ids: string[]): Promise<string[]> {
  const rows = await prisma().idempotencyRecord.findMany({ where: { id: { in: ids } }, select: { id: true } });
  return ids.filter((id) => rows.some((row) => row.id === id));
}

beforeAll(async () => {
  appId = (await createMerchantApp("Idempotency cleanup")).application.id;
  cardId = (await walletWithCard((await setupApp()).key)).cardId;
});

describe("deleting expired idempotency records", () => {
  it("deletes records past their 24 hours and keeps current ones and those a request still holds", async () => {
    const expiredCompleted = await record({ state: "completed", expiresInMs: -HOUR });
    const expiredAbandoned = await record({ state: "in_progress", expiresInMs: -1_000 });
    const expiredButHeld = await record({ state: "in_progress", expiresInMs: -1_000, lockedForMs: 60_000 });
    const current = await record({ state: "completed", expiresInMs: 23 * HOUR });

    const deleted = await deleteExpiredIdempotencyRecords(prisma());
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await remaining([expiredCompleted, expiredAbandoned, expiredButHeld, current])).toEqual([
      expiredButHeld,
      current,
    ]);
  });

  it("works through any number of expired records in batches", async () => {
    const expired = await Promise.all(
      Array.from({ length: 7 }, () => record({ state: "completed", expiresInMs: -HOUR })),
    );
    expect(await deleteExpiredIdempotencyRecords(prisma(), new Date(), 2)).toBeGreaterThanOrEqual(7);
    expect(await remaining(expired)).toEqual([]);
  });
});

describe("deleting ended card details sessions", () => {
  it("deletes sessions past their link's expiry, used or not, and keeps links still open", async () => {
    const expiredUnused = await detailsSession(-60_000);
    const expiredUsed = await detailsSession(-1_000, true);
    const open = await detailsSession(9 * 60_000);
    const openButUsed = await detailsSession(9 * 60_000, true);
    expect(await deleteEndedCardDetailsSessions(prisma())).toBeGreaterThanOrEqual(2);
    expect(await remainingSessions([expiredUnused, expiredUsed, open, openButUsed])).toEqual([open, openButUsed]);
  });

  it("works through any number of them in batches", async () => {
    const expired = await Promise.all(Array.from({ length: 5 }, () => detailsSession(-60_000)));
    expect(await deleteEndedCardDetailsSessions(prisma(), new Date(), 2)).toBeGreaterThanOrEqual(5);
    expect(await remainingSessions(expired)).toEqual([]);
  });
});

describe("the cleanup's schedule", () => {
  const at = (min: number) => ({ min, hour: 3, date: 24, month: 11, dow: 2 });

  it("runs every 15 minutes by default, or on IDEMPOTENCY_CLEANUP_SCHEDULE's crontab pattern", () => {
    expect(DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE).toBe("*/15 * * * *");
    expect(IDEMPOTENCY_CLEANUP_TASK).toBe("delete_expired_idempotency_records");
    const [item] = cronItems(idempotencyCleanupJob, DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE);
    expect(item).toMatchObject({ task: IDEMPOTENCY_CLEANUP_TASK, identifier: IDEMPOTENCY_CLEANUP_TASK });
    expect([0, 15, 30, 45, 7].map((min) => item!.match(at(min)))).toEqual([true, true, true, true, false]);

    const options = workerOptions("postgres://unused", parseConfig({ IDEMPOTENCY_CLEANUP_SCHEDULE: "5 * * * *" }));
    expect(options.idempotencyCleanupSchedule).toBe("5 * * * *");
    const [hourly] = cronItems(idempotencyCleanupJob, options.idempotencyCleanupSchedule!);
    expect([5, 0].map((min) => hourly!.match(at(min)))).toEqual([true, false]);
    expect(workerOptions("postgres://unused", parseConfig({})).idempotencyCleanupSchedule).toBe(
      DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE,
    );
  });

  it("refuses a schedule that is not a crontab pattern, naming the variable", () => {
    expect(() => parseConfig({ IDEMPOTENCY_CLEANUP_SCHEDULE: "every hour" })).toThrow(/IDEMPOTENCY_CLEANUP_SCHEDULE/);
  });
});

describe("the worker", () => {
  const connectionString = process.env.DATABASE_URL ?? "";
  let worker: WebhookWorker | undefined;

  beforeAll(async () => {
    // Forget the entry so that what is found below was registered by this worker's start.
    await prisma().$executeRawUnsafe(
      `DELETE FROM ${QUEUE_SCHEMA}._private_known_crontabs WHERE identifier = $1`,
      IDEMPOTENCY_CLEANUP_TASK,
    );
    worker = await startTestWorker(connectionString);
  });

  afterAll(async () => {
    await worker?.stop();
  });

  it("registers the cleanup in graphile-worker's crontab when it starts", async () => {
    // The runner's cron component records the entries it knows just after start, asynchronously.
    const registered = () =>
      prisma().$queryRawUnsafe<{ identifier: string }[]>(
        `SELECT identifier FROM ${QUEUE_SCHEMA}._private_known_crontabs WHERE identifier = $1`,
        IDEMPOTENCY_CLEANUP_TASK,
      );
    await expect
      .poll(registered, { timeout: 10_000, interval: 100 })
      .toEqual([{ identifier: IDEMPOTENCY_CLEANUP_TASK }]);
  });

  it("runs the cleanup task when its job comes due", async () => {
    const expired = await record({ state: "completed", expiresInMs: -HOUR });
    const ended = await detailsSession(-60_000);
    await quickAddJob({ connectionString, schema: QUEUE_SCHEMA }, IDEMPOTENCY_CLEANUP_TASK, {});
    await expect.poll(() => remaining([expired]), { timeout: 10_000, interval: 100 }).toEqual([]);
    await expect.poll(() => remainingSessions([ended]), { timeout: 10_000, interval: 100 }).toEqual([]);
  });
});
