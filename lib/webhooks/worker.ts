// The webhook worker: a graphile-worker runner for the jobs of lib/jobs (the delivery task, the
// audit line of a rolled signing secret taking over, and the crontab's maintenance: expired
// idempotency records, attempt bodies and request-log rows past their retention).
// Runs beside the web server (scripts/serve.ts) or alone (`npm run worker`); any number of them,
// on any number of machines, share one queue. No transaction is held while a request is out: the
// job's lock in graphile-worker is what a send holds, and a worker's liveness lock (worker-liveness.ts)
// is how the others know to hand a dead worker's jobs back.
import { EventEmitter } from "node:events";
import { PrismaPg } from "@prisma/adapter-pg";
import { run, type Runner, type Task, type WorkerPool } from "graphile-worker";
import {
  config,
  DEFAULT_ATTEMPT_RETENTION_DAYS,
  DEFAULT_ATTEMPT_RETENTION_SCHEDULE,
  DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE,
  DEFAULT_LIABILITY_PROOF_RETENTION_DAYS,
  DEFAULT_LEDGER_FULL_VERIFICATION_SCHEDULE,
  DEFAULT_LIABILITY_SNAPSHOT_SCHEDULE,
  DEFAULT_REQUEST_LOG_RETENTION_DAYS,
  DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE,
  type Config,
} from "@/lib/config";
import { DATABASE_CONNECT_TIMEOUT_MS, isDatabaseUnavailable } from "@/lib/db/database-unavailable";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { JOBS, jobsCronItems, type JobContext, type JobSettings } from "@/lib/jobs";
import type { RetentionOptions } from "@/lib/maintenance/retention";
import { DEFAULT_ENDPOINT_CONCURRENCY, EndpointGate } from "./endpoint-gate";
import { QueuePool } from "./queue-pool";
import { QUEUE_SCHEMA, quietQueueLogger } from "./queue-schema";
import { closeConnectionPools } from "./send-request";
import { poolSql, utcTimestampTypes } from "./sql-runner";
import {
  holdLivenessLock,
  jobLockedBy,
  unlockJobsOfDeadWorkers,
  type DeadWorkerSightings,
  type LivenessLock,
} from "./worker-liveness";
import { logger } from "@/lib/logging/logger";
import { runWithLogContext } from "@/lib/logging/log-context";

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
  /** application_name of the worker's connections, as pg_stat_activity shows them; "webhook-worker" by default. */
  applicationName?: string;
  /** Crontab time pattern for deleting expired idempotency records; every 15 minutes by default. */
  idempotencyCleanupSchedule?: string;
  /** Crontab time pattern for the full ledger verification; daily at 03:37 by default. */
  ledgerFullVerificationSchedule?: string;
  /** How long attempt bodies are kept and when they are dropped; 30 days, daily at 03:17, by default. */
  attemptRetention?: RetentionOptions;
  /** How long request-log rows are kept and when older ones are deleted; 30 days, daily at 03:27, by default. */
  requestLogRetention?: RetentionOptions;
  /** When liability snapshots are taken and how long their proofs stay; hourly at :07 and 90 days by default. */
  liabilitySnapshot?: RetentionOptions;
};

/** What the worker is doing: running jobs, or waiting to start its runner again after it stopped. */
export type WebhookWorkerState = "running" | "restarting" | "stopped";

export type WebhookWorkerHealth = {
  state: WebhookWorkerState;
  /** Times the runner was started again after stopping on its own. */
  restarts: number;
  /** Why it last stopped on its own, or failed to start again. */
  lastError: string | null;
  /** The running pool's id, and whether its liveness lock is held now. */
  poolId: string | null;
  livenessHeld: boolean;
};

export type WebhookWorker = { stop(): Promise<void>; health(): WebhookWorkerHealth };

/** A runner that stopped on its own starts again after this, doubling while it keeps failing. */
const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 10_000;
/** A job fetched while the liveness lock is lost waits this long for it before giving the job back. */
const LIVENESS_WAIT_MS = 3_000;

/** One graphile-worker runner and its pool's liveness lock; a restart makes a new one. */
type RunnerInstance = {
  /** Set once run() resolves; a job can start before that, once the pool exists. */
  runner?: Runner;
  workerPool: WorkerPool;
  poolId: string;
  liveness: LivenessLock;
  /** Tasks of this pool still running; its liveness lock is kept until they end, even after the runner has. */
  active: number;
  ended: boolean;
};

export async function startWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  const applicationName = options.applicationName ?? "webhook-worker";
  // A send holds no connection: a delivery takes one for its read and one for its record, from the
  // pool it shares with graphile-worker's fetches and completions, so the pool opens (on demand) far
  // fewer than its size; its size is the concurrency, as graphile-worker expects (smaller, it warns
  // at every start), plus its LISTEN connection and one spare. Prisma's few connections serve the
  // rarer steps (a failure's transaction, a deferral, the crontab's maintenance).
  const connections = concurrency + 2;
  const db = new PrismaClient({
    adapter: new PrismaPg({
      connectionString: options.connectionString,
      max: 3,
      application_name: applicationName,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    }),
  });
  const settings = jobSettings(options);

  let current: RunnerInstance | undefined;
  let stopping = false;
  const gate = new EndpointGate(options.endpointConcurrency ?? DEFAULT_ENDPOINT_CONCURRENCY, () => {
    if (stopping) return;
    // graphile-worker asserts its workers are alive when nudged; a slot freed by a task that
    // outlived its runner (stopped, being replaced) has nobody to wake, and that is fine.
    try {
      current?.workerPool.nudge(1);
    } catch {
      /* the runner is being replaced */
    }
  });

  // Our own pool rather than graphile-worker's: its releaser removes the pool's error handlers and
  // calls end() without awaiting it, so a database stopped right after runner.stop() raised an
  // uncaught error from a client still closing. Here stop() awaits the end, handlers still on. It
  // outlives runner restarts: node-postgres replaces connections a database restart broke.
  const queuePool = new QueuePool({
    connectionString: options.connectionString,
    max: connections,
    types: utcTimestampTypes,
    application_name: applicationName,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    report: log,
  });
  const sql = poolSql(queuePool);
  const logPoolError = (error: Error) => log(`queue connection error: ${error.message}`);
  queuePool.on("error", logPoolError);
  queuePool.on("connect", (client) => client.on("error", logPoolError));

  // Every job of lib/jobs, as graphile-worker's task under its name; each runner wraps them in guarded().
  const context: JobContext = { db, sql, gate, settings };
  const tasks: Record<string, Task> = Object.fromEntries(JOBS.map((job) => [job.task, job.toTask(context)]));

  /**
   * A task runs only while its pool can prove it is alive: a job fetched while the liveness lock
   * is lost (the database just came back, the lock's session not yet) waits for the lock, and is
   * given back unrun if another worker was handed it meanwhile or the lock does not come back.
   */
  const guarded = (instance: () => RunnerInstance | undefined, task: Task): Task => {
    return async (payload, helpers) => {
      const self = instance();
      if (!self) throw new Error("the webhook worker's runner is not ready");
      self.active += 1;
      try {
        if (!self.liveness.held) {
          const held = await self.liveness.whenHeld(LIVENESS_WAIT_MS);
          if (!held || !(await jobLockedBy(queuePool, helpers.job.id, self.poolId)))
            throw new Error(`job ${helpers.job.id} given back: this worker could not prove it is alive`);
        }
        // Every line the task writes carries its job and, for a delivery, the delivery's id.
        const deliveryId = deliveryIdOf(payload);
        return await runWithLogContext({ jobId: helpers.job.id, job: helpers.job.task_identifier, deliveryId }, () =>
          task(payload, helpers),
        );
      } finally {
        self.active -= 1;
        if (self.ended && self.active === 0) void self.liveness.release();
      }
    };
  };

  let restarts = 0;
  let lastError: string | null = null;
  let state: WebhookWorkerState = "running";
  let restartTimer: NodeJS.Timeout | undefined;

  async function startRunner(): Promise<RunnerInstance> {
    // The pool's id is what graphile-worker writes into the jobs it locks; the liveness lock is
    // taken under that id as soon as the pool exists, before a fetched job can run (guarded above).
    const events = new EventEmitter();
    let instance: RunnerInstance | undefined;
    events.on("pool:create", ({ workerPool }: { workerPool: WorkerPool }) => {
      let heldBefore = false;
      const liveness = holdLivenessLock(options.connectionString, workerPool.id, applicationName, {
        onLost: () => {
          if (!stopping) log(`liveness lock of ${workerPool.id} lost with its session; taking it again`);
        },
        onHeld: () => {
          if (heldBefore) log(`liveness lock of ${workerPool.id} held again`);
          heldBefore = true;
        },
      });
      instance = { workerPool, poolId: workerPool.id, liveness, active: 0, ended: false };
    });
    // A pool that shuts itself down (a worker of it died, a queue write failed for good) takes no
    // more jobs. It is replaced at once rather than when its runner's promise settles: after some
    // failures graphile-worker never settles it.
    events.on("pool:gracefulShutdown", ({ message }: { message: string }) => {
      if (!stopping && instance) runnerEnded(instance, new Error(message));
    });
    const taskList = Object.fromEntries(
      Object.entries(tasks).map(([name, task]) => [name, guarded(() => instance, task)]),
    );
    const starting = run({
      pgPool: queuePool,
      schema: QUEUE_SCHEMA,
      concurrency,
      pollInterval: options.pollIntervalMs ?? 1_000,
      noHandleSignals: true,
      logger: quietQueueLogger(),
      events,
      taskList,
      // A busy endpoint's jobs stay in the queue instead of taking this worker's senders.
      forbiddenFlags: () => gate.forbiddenFlags(),
      // Completions and failures of one tick go to the database together, through graphile-worker's
      // batcher. Their statements wait out an unreachable database (QueuePool); one that still
      // fails for good is reported by the batcher, which stops the runner (replaced below), where
      // the unbatched path leaves a rejected promise nobody awaits, which ends the process. A crash
      // before a completion is written runs that job again, and it finds its attempt recorded under
      // its key and sends nothing. (graphile-worker's local queue, which batches fetches too,
      // measured no better in bench/ scenario 6 and logs errors when stopped with jobs in hand, so
      // it stays off.)
      preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
      // graphile-worker's crontab schedules each run once, whichever and however many workers are up.
      parsedCronItems: jobsCronItems(settings),
    });
    const runner = await starting.catch(async (error: unknown) => {
      await instance?.liveness.release();
      throw error;
    });
    const started = instance;
    if (!started) {
      await runner.stop();
      throw new Error("graphile-worker started without creating its worker pool");
    }
    started.runner = runner;
    runner.promise.then(
      () => runnerEnded(started, undefined),
      (error: unknown) => runnerEnded(started, error),
    );
    return started;
  }

  function runnerEnded(instance: RunnerInstance, error: unknown) {
    if (instance.ended) return;
    instance.ended = true;
    if (instance.active === 0) void instance.liveness.release();
    if (stopping || instance !== current) return;
    lastError =
      error instanceof Error ? error.message : error === undefined ? "stopped without an error" : String(error);
    state = "restarting";
    scheduleRestart();
  }

  function scheduleRestart() {
    const delay = Math.min(FIRST_RESTART_DELAY_MS * 2 ** Math.min(restarts, 10), MAX_RESTART_DELAY_MS);
    log(`runner stopped (${lastError}); starting it again in ${delay} ms`);
    restartTimer = setTimeout(() => {
      restarts += 1;
      startRunner().then(
        (instance) => {
          if (stopping) return void stopInstance(instance);
          current = instance;
          state = "running";
          log(`runner running again (pool ${instance.poolId}, restart ${restarts})`);
        },
        (error: unknown) => {
          if (stopping) return;
          lastError = error instanceof Error ? error.message : String(error);
          scheduleRestart();
        },
      );
    }, delay);
    restartTimer.unref();
  }

  async function stopInstance(instance: RunnerInstance) {
    await instance.runner?.stop().catch(() => undefined);
    await instance.liveness.release();
  }

  current = await startRunner();
  // The first start waits for the lock, so a worker that says it runs is provably alive.
  await current.liveness.whenHeld(10_000);

  const staleLockSeconds = options.staleLockSeconds ?? 5;
  const sightings: DeadWorkerSightings = new Map();
  const sweep = () =>
    unlockJobsOfDeadWorkers(queuePool, staleLockSeconds, sightings).catch((error: unknown) => {
      if (!isDatabaseUnavailable(error))
        log(`unlocking dead workers' jobs failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
  void sweep();
  const sweepTimer = setInterval(() => void sweep(), options.sweepIntervalMs ?? 5_000);
  sweepTimer.unref();

  return {
    health: () => ({
      state,
      restarts,
      lastError,
      poolId: current?.poolId ?? null,
      livenessHeld: current?.liveness.held ?? false,
    }),
    async stop() {
      stopping = true;
      state = "stopped";
      clearInterval(sweepTimer);
      clearTimeout(restartTimer);
      if (current) await stopInstance(current);
      await closeConnectionPools();
      await queuePool.end();
      await db.$disconnect();
    },
  };
}

function log(line: string): void {
  logger("webhook-worker").warn(line);
}

/**
 * What the jobs read, from the worker's options. Unset retention and schedules are the defaults,
 * not the environment's (workerOptions() reads that); an unset retry scale is WEBHOOK_RETRY_SCALE.
 */
export function jobSettings(options: WebhookWorkerOptions): JobSettings {
  return {
    retryScale: options.retryScale ?? config().WEBHOOK_RETRY_SCALE,
    timeoutMs: options.timeoutMs,
    idempotencyCleanupSchedule: options.idempotencyCleanupSchedule ?? DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE,
    attemptRetention: options.attemptRetention ?? {
      retentionDays: DEFAULT_ATTEMPT_RETENTION_DAYS,
      schedule: DEFAULT_ATTEMPT_RETENTION_SCHEDULE,
    },
    requestLogRetention: options.requestLogRetention ?? {
      retentionDays: DEFAULT_REQUEST_LOG_RETENTION_DAYS,
      schedule: DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE,
    },
    liabilitySnapshot: options.liabilitySnapshot ?? {
      retentionDays: DEFAULT_LIABILITY_PROOF_RETENTION_DAYS,
      schedule: DEFAULT_LIABILITY_SNAPSHOT_SCHEDULE,
    },
    ledgerFullVerificationSchedule: options.ledgerFullVerificationSchedule ?? DEFAULT_LEDGER_FULL_VERIFICATION_SCHEDULE,
  };
}

/** The worker's settings from the configuration (lib/config.ts): the process's, or `settings` given. */
export function workerOptions(connectionString: string, settings: Config = config()): WebhookWorkerOptions {
  return {
    connectionString,
    concurrency: settings.WEBHOOK_WORKER_CONCURRENCY,
    endpointConcurrency: settings.WEBHOOK_ENDPOINT_CONCURRENCY,
    pollIntervalMs: settings.WEBHOOK_POLL_INTERVAL_MS,
    staleLockSeconds: settings.WEBHOOK_STALE_LOCK_SECONDS,
    sweepIntervalMs: settings.WEBHOOK_SWEEP_INTERVAL_MS,
    retryScale: settings.WEBHOOK_RETRY_SCALE,
    idempotencyCleanupSchedule: settings.IDEMPOTENCY_CLEANUP_SCHEDULE,
    attemptRetention: {
      retentionDays: settings.WEBHOOK_ATTEMPT_RETENTION_DAYS,
      schedule: settings.WEBHOOK_ATTEMPT_RETENTION_SCHEDULE,
    },
    requestLogRetention: {
      retentionDays: settings.REQUEST_LOG_RETENTION_DAYS,
      schedule: settings.REQUEST_LOG_RETENTION_SCHEDULE,
    },
    liabilitySnapshot: {
      retentionDays: settings.LIABILITY_PROOF_RETENTION_DAYS,
      schedule: settings.LIABILITY_SNAPSHOT_SCHEDULE,
    },
    ledgerFullVerificationSchedule: settings.LEDGER_FULL_VERIFICATION_SCHEDULE,
  };
}

function deliveryIdOf(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null || !("deliveryId" in payload)) return undefined;
  return typeof payload.deliveryId === "string" ? payload.deliveryId : undefined;
}
