// The webhook worker: a graphile-worker runner for the delivery task, the audit line of a rolled
// signing secret taking over, and the crontab's maintenance (expired idempotency records, attempt
// bodies and request-log rows past their retention).
// Runs beside the web server (scripts/serve.ts) or alone (`npm run worker`); any number of them,
// on any number of machines, share one queue. No transaction is held while a request is out: the
// job's lock in graphile-worker is what a send holds, and a worker's liveness lock (worker-liveness.ts)
// is how the others know to hand a dead worker's jobs back.
import { EventEmitter } from "node:events";
import { PrismaPg } from "@prisma/adapter-pg";
import { run, type Task, type WorkerPool } from "graphile-worker";
import pg from "pg";
import { z } from "zod";
import { PrismaClient } from "@/lib/generated/prisma/client";
import {
  ATTEMPT_RETENTION_TASK,
  attemptRetentionCronItems,
  attemptRetentionOptionsFromEnv,
  attemptRetentionTask,
  type AttemptRetentionOptions,
} from "@/lib/maintenance/attempt-retention";
import {
  deleteExpiredIdempotencyRecords,
  IDEMPOTENCY_CLEANUP_TASK,
  idempotencyCleanupCronItems,
} from "@/lib/maintenance/idempotency-cleanup";
import {
  REQUEST_LOG_RETENTION_TASK,
  requestLogRetentionCronItems,
  requestLogRetentionOptionsFromEnv,
  requestLogRetentionTask,
  type RequestLogRetentionOptions,
} from "@/lib/maintenance/request-log-retention";
import { deliver } from "./deliver";
import { DEFAULT_ENDPOINT_CONCURRENCY, EndpointGate } from "./endpoint-gate";
import { DELIVER_TASK } from "./enqueue";
import { QUEUE_SCHEMA, quietQueueLogger } from "./queue-schema";
import { retryScaleFromEnv } from "./schedule";
import { recordScheduledActivation, SIGNING_SECRET_ACTIVATION_TASK } from "./signing-secrets";
import { closeConnectionPools } from "./send-request";
import { poolSql, utcTimestampTypes } from "./sql-runner";
import { holdLivenessLock, unlockJobsOfDeadWorkers, type LivenessLock } from "./worker-liveness";

export const DEFAULT_CONCURRENCY = 16;

export type WebhookWorkerOptions = {
  connectionString: string;
  /** Deliveries sent at once by this process. */
  concurrency?: number;
  /** Of those, at most this many to one endpoint (endpoint-gate.ts). */
  endpointConcurrency?: number;
  /** How often to look for jobs that became due (new jobs arrive at once through LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  /** Multiplies the retry schedule and the endpoint back-off; defaults to WEBHOOK_RETRY_SCALE or 1. */
  retryScale?: number;
  timeoutMs?: number;
  /** A job locked this long by a worker whose liveness lock is gone runs again. */
  staleLockSeconds?: number;
  /** How often to look for such jobs. */
  sweepIntervalMs?: number;
  /** Crontab time pattern for deleting expired idempotency records; every 15 minutes by default. */
  idempotencyCleanupSchedule?: string;
  /** How long attempt bodies are kept and when they are dropped; 30 days, daily at 03:17, by default. */
  attemptRetention?: AttemptRetentionOptions;
  /** How long request-log rows are kept and when older ones are deleted; 30 days, daily at 03:27, by default. */
  requestLogRetention?: RequestLogRetentionOptions;
};

export type WebhookWorker = { stop(): Promise<void> };

const jobPayloadSchema = z.object({
  deliveryId: z.string().min(1),
  // Jobs queued before endpoints were carried in the payload have none; the delivery row names it.
  endpointId: z.string().min(1).optional(),
  trigger: z.enum(["retry", "replay"]),
  retryNumber: z.number().int().positive().optional(),
});

const activationPayloadSchema = z.object({ secretId: z.string().min(1) });

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  // A send holds no connection: a delivery takes one for its read and one for its record, from the
  // pool it shares with graphile-worker's fetches and completions. Prisma's few connections serve
  // the rarer steps (a failure's transaction, a deferral, the crontab's maintenance).
  const connections = Math.min(concurrency, 8) + 2;
  const db = new PrismaClient({
    adapter: new PrismaPg({ connectionString: options.connectionString, max: 3 }),
  });
  const retryScale = options.retryScale ?? retryScaleFromEnv();

  let workerPool: WorkerPool | undefined;
  let stopping = false;
  const gate = new EndpointGate(options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY, () => {
    if (!stopping) workerPool?.nudge(1);
  });

  const deliverTask: Task = async (payload, helpers) => {
    const job = jobPayloadSchema.parse(payload);
    await deliver(job.deliveryId, job.trigger, {
      db,
      jobKey: helpers.job.key ?? undefined,
      retryNumber: job.retryNumber,
      retryScale,
      timeoutMs: options.timeoutMs,
      gate,
      sql,
    });
  };

  // Our own pool rather than graphile-worker's: its releaser removes the pool's error handlers and
  // calls end() without awaiting it, so a database stopped right after runner.stop() raised an
  // uncaught error from a client still closing. Here stop() awaits the end, handlers still on.
  const queuePool = new pg.Pool({
    connectionString: options.connectionString,
    max: connections,
    types: utcTimestampTypes,
  });
  const sql = poolSql(queuePool);
  const logPoolError = (error: Error) => console.error(`[webhook worker] queue connection error: ${error.message}`);
  queuePool.on("error", logPoolError);
  queuePool.on("connect", (client) => client.on("error", logPoolError));

  const signingSecretActivationTask: Task = async (payload) => {
    await recordScheduledActivation(db, activationPayloadSchema.parse(payload).secretId);
  };

  const cleanupTask: Task = async (_payload, helpers) => {
    const deleted = await deleteExpiredIdempotencyRecords(db);
    if (deleted > 0) helpers.logger.debug(`deleted ${deleted} expired idempotency records`);
  };

  // The pool's id is what graphile-worker writes into the jobs it locks; the liveness lock is
  // taken under that id as soon as the pool exists.
  const events = new EventEmitter();
  let liveness: Promise<LivenessLock> | undefined;
  events.on("pool:create", ({ workerPool: created }: { workerPool: WorkerPool }) => {
    workerPool = created;
    liveness = holdLivenessLock(options.connectionString, created.id);
  });

  const retention = options.attemptRetention ?? attemptRetentionOptionsFromEnv({});
  const requestLogRetention = options.requestLogRetention ?? requestLogRetentionOptionsFromEnv({});
  const runner = await run({
    pgPool: queuePool,
    schema: QUEUE_SCHEMA,
    concurrency,
    pollInterval: options.pollIntervalMs ?? 1_000,
    noHandleSignals: true,
    logger: quietQueueLogger(),
    events,
    taskList: {
      [DELIVER_TASK]: deliverTask,
      [IDEMPOTENCY_CLEANUP_TASK]: cleanupTask,
      [SIGNING_SECRET_ACTIVATION_TASK]: signingSecretActivationTask,
      [ATTEMPT_RETENTION_TASK]: attemptRetentionTask(db, retention),
      [REQUEST_LOG_RETENTION_TASK]: requestLogRetentionTask(db, requestLogRetention),
    },
    // A busy endpoint's jobs stay in the queue instead of taking this worker's senders.
    forbiddenFlags: () => gate.forbiddenFlags(),
    // Completions of one tick go to the database together. A crash before they do runs those jobs
    // again, and each finds its attempt recorded under its key and sends nothing. (graphile-worker's
    // local queue, which batches fetches too, measured no better in bench/ scenario 6 and logs
    // errors when stopped with jobs in hand, so it stays off.)
    preset: { worker: { completeJobBatchDelay: 0 } },
    // graphile-worker's crontab schedules each run once, whichever and however many workers are up.
    parsedCronItems: [
      ...idempotencyCleanupCronItems(options.idempotencyCleanupSchedule),
      ...attemptRetentionCronItems(retention.schedule),
      ...requestLogRetentionCronItems(requestLogRetention.schedule),
    ],
  });
  const livenessLock = await liveness;

  const staleLockSeconds = options.staleLockSeconds ?? 5;
  const sweep = () =>
    unlockJobsOfDeadWorkers(queuePool, staleLockSeconds).catch((error: unknown) => {
      console.error(
        "[webhook worker] unlocking dead workers' jobs failed:",
        error instanceof Error ? error.message : error,
      );
      return [];
    });
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), options.sweepIntervalMs ?? 5_000);
  sweepTimer.unref();

  return {
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      await runner.stop();
      await livenessLock?.release();
      await closeConnectionPools();
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

function positiveInteger(env: Record<string, string | undefined>, name: string): number | undefined {
  const value = positiveNumber(env, name);
  if (value !== undefined && !Number.isInteger(value))
    throw new Error(`${name} must be a positive whole number, got "${env[name]?.trim()}"`);
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
 * Worker settings from WEBHOOK_WORKER_CONCURRENCY, WEBHOOK_ENDPOINT_CONCURRENCY, WEBHOOK_POLL_INTERVAL_MS,
 * WEBHOOK_STALE_LOCK_SECONDS, WEBHOOK_SWEEP_INTERVAL_MS, IDEMPOTENCY_CLEANUP_SCHEDULE,
 * WEBHOOK_ATTEMPT_RETENTION_DAYS, WEBHOOK_ATTEMPT_RETENTION_SCHEDULE, REQUEST_LOG_RETENTION_DAYS and
 * REQUEST_LOG_RETENTION_SCHEDULE.
 */
export function workerOptionsFromEnv(
  connectionString: string,
  env: Record<string, string | undefined> = process.env,
): WebhookWorkerOptions {
  return {
    connectionString,
    concurrency: positiveInteger(env, "WEBHOOK_WORKER_CONCURRENCY"),
    endpointConcurrency: positiveInteger(env, "WEBHOOK_ENDPOINT_CONCURRENCY"),
    pollIntervalMs: positiveNumber(env, "WEBHOOK_POLL_INTERVAL_MS"),
    staleLockSeconds: positiveNumber(env, "WEBHOOK_STALE_LOCK_SECONDS"),
    sweepIntervalMs: positiveNumber(env, "WEBHOOK_SWEEP_INTERVAL_MS"),
    retryScale: retryScaleFromEnv(env),
    idempotencyCleanupSchedule: cronSchedule(env, "IDEMPOTENCY_CLEANUP_SCHEDULE"),
    attemptRetention: attemptRetentionOptionsFromEnv(env),
    requestLogRetention: requestLogRetentionOptionsFromEnv(env),
  };
}
