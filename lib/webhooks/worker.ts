// The webhook worker: a graphile-worker runner for the delivery task, plus a periodic sweep that
// frees jobs of workers that died mid-send, and the crontab's idempotency cleanup. Runs beside
// the web server (scripts/serve.ts) or alone (`npm run worker`); any number of them, on any number
// of machines, share one queue.
import { PrismaPg } from "@prisma/adapter-pg";
import { run, type Task } from "graphile-worker";
import pg from "pg";
import { z } from "zod";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  deleteExpiredIdempotencyRecords,
  IDEMPOTENCY_CLEANUP_TASK,
  idempotencyCleanupCronItems,
} from "@/lib/maintenance/idempotency-cleanup";
import { deliver } from "./deliver";
import { DELIVER_TASK } from "./enqueue";
import { QUEUE_SCHEMA, quietQueueLogger } from "./queue-schema";
import { DEFAULT_STALE_LOCK_SECONDS, releaseAbandonedJobs } from "./release-abandoned-jobs";
import { retryScaleFromEnv } from "./schedule";

export type WebhookWorkerOptions = {
  connectionString: string;
  /** Deliveries sent at once by this process. */
  concurrency?: number;
  /** How often to look for jobs that became due (new jobs arrive at once through LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  /** Multiplies the retry schedule; defaults to WEBHOOK_RETRY_SCALE or 1. */
  retryScale?: number;
  timeoutMs?: number;
  /** A locked job whose delivery nobody is sending is freed after this long. */
  staleLockSeconds?: number;
  sweepIntervalMs?: number;
  /** Crontab time pattern for deleting expired idempotency records; every 15 minutes by default. */
  idempotencyCleanupSchedule?: string;
};

export type WebhookWorker = { stop(): Promise<void> };

const jobPayloadSchema = z.object({
  deliveryId: z.string().min(1),
  trigger: z.enum(["retry", "replay"]),
  retryNumber: z.number().int().positive().optional(),
});

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const concurrency = options.concurrency ?? 4;
  // Each in-flight send holds a connection for its transaction; keep a few more for the sweep.
  const db = new PrismaClient({
    adapter: new PrismaPg({ connectionString: options.connectionString, max: concurrency + 2 }),
  });
  const retryScale = options.retryScale ?? retryScaleFromEnv();

  const deliverTask: Task = async (payload, helpers) => {
    const job = jobPayloadSchema.parse(payload);
    await deliver(job.deliveryId, job.trigger, {
      db,
      jobKey: helpers.job.key ?? undefined,
      retryScale,
      timeoutMs: options.timeoutMs,
    });
  };

  // Our own pool rather than graphile-worker's: its releaser removes the pool's error handlers and
  // calls end() without awaiting it, so a database stopped right after runner.stop() raised an
  // uncaught error from a client still closing. Here stop() awaits the end, handlers still on.
  const queuePool = new pg.Pool({ connectionString: options.connectionString, max: concurrency + 2 });
  const logPoolError = (error: Error) => console.error(`[webhook worker] queue connection error: ${error.message}`);
  queuePool.on("error", logPoolError);
  queuePool.on("connect", (client) => client.on("error", logPoolError));

  const cleanupTask: Task = async (_payload, helpers) => {
    const deleted = await deleteExpiredIdempotencyRecords(db);
    if (deleted > 0) helpers.logger.debug(`deleted ${deleted} expired idempotency records`);
  };

  const runner = await run({
    pgPool: queuePool,
    schema: QUEUE_SCHEMA,
    concurrency,
    pollInterval: options.pollIntervalMs ?? 1_000,
    noHandleSignals: true,
    logger: quietQueueLogger(),
    taskList: { [DELIVER_TASK]: deliverTask, [IDEMPOTENCY_CLEANUP_TASK]: cleanupTask },
    // graphile-worker's crontab schedules each run once, whichever and however many workers are up.
    parsedCronItems: idempotencyCleanupCronItems(options.idempotencyCleanupSchedule),
  });

  const staleLockSeconds = options.staleLockSeconds ?? DEFAULT_STALE_LOCK_SECONDS;
  const sweep = () =>
    releaseAbandonedJobs(db, staleLockSeconds).catch((error: unknown) => {
      console.error(
        "[webhook worker] releasing abandoned jobs failed:",
        error instanceof Error ? error.message : error,
      );
      return [];
    });
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), options.sweepIntervalMs ?? 10_000);
  sweepTimer.unref();

  return {
    async stop() {
      clearInterval(sweepTimer);
      await runner.stop();
      await queuePool.end();
      await db.$disconnect();
    },
  };
}

function positiveNumber(env: Record<string, string | undefined>, name: string): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

/** A crontab time pattern from `name`, checked now so a bad one stops the start naming the variable. */
function cronSchedule(env: Record<string, string | undefined>, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  try {
    idempotencyCleanupCronItems(raw);
  } catch (error) {
    throw new Error(`${name} must be a crontab time pattern such as "*/15 * * * *", got "${raw}"`, { cause: error });
  }
  return raw;
}

/**
 * Worker settings from WEBHOOK_WORKER_CONCURRENCY, WEBHOOK_POLL_INTERVAL_MS, WEBHOOK_STALE_LOCK_SECONDS,
 * WEBHOOK_SWEEP_INTERVAL_MS and IDEMPOTENCY_CLEANUP_SCHEDULE.
 */
export function workerOptionsFromEnv(
  connectionString: string,
  env: Record<string, string | undefined> = process.env,
): WebhookWorkerOptions {
  return {
    connectionString,
    concurrency: positiveNumber(env, "WEBHOOK_WORKER_CONCURRENCY"),
    pollIntervalMs: positiveNumber(env, "WEBHOOK_POLL_INTERVAL_MS"),
    staleLockSeconds: positiveNumber(env, "WEBHOOK_STALE_LOCK_SECONDS"),
    sweepIntervalMs: positiveNumber(env, "WEBHOOK_SWEEP_INTERVAL_MS"),
    retryScale: retryScaleFromEnv(env),
    idempotencyCleanupSchedule: cronSchedule(env, "IDEMPOTENCY_CLEANUP_SCHEDULE"),
  };
}
