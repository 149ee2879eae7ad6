// What a worker job is, declared once like an API operation: its graphile-worker task name, the
// zod schema of its payload, when the crontab runs it (if it is scheduled), and its handler. The
// webhook worker (lib/webhooks/worker.ts) builds graphile-worker's task list and crontab from the
// list in index.ts; nothing else names a job's parts again.
import { parseCronItems, type JobHelpers, type ParsedCronItem, type Task } from "graphile-worker";
import { z } from "zod";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { RetentionOptions } from "@/lib/maintenance/retention";
import type { EndpointGate } from "@/lib/webhooks/endpoint-gate";
import type { SqlRunner } from "@/lib/webhooks/sql-runner";

/** The worker's settings its jobs read (from lib/config.ts through workerOptions(), or a test's). */
export type JobSettings = {
  /** Multiplies the retry schedule and the endpoint back-off. */
  retryScale: number;
  /** A send's time limit; the sender's own when unset. */
  timeoutMs?: number;
  /** Crontab time pattern of the idempotency cleanup. */
  idempotencyCleanupSchedule: string;
  attemptRetention: RetentionOptions;
  requestLogRetention: RetentionOptions;
  /** When liability snapshots are taken, and the days their leaves stay for proofs. */
  liabilitySnapshot: RetentionOptions;
  /** Crontab time pattern of the full ledger verification. */
  ledgerFullVerificationSchedule: string;
};

/** What a handler gets from the worker that runs it. */
export type JobContext = {
  /** The worker's own Prisma client (a few connections). */
  db: PrismaClient;
  /** Statements on the pool the worker shares with graphile-worker. */
  sql: SqlRunner;
  /** The worker's per-endpoint cap on sends. */
  gate: EndpointGate;
  settings: JobSettings;
};

export type JobDeclaration<Payload> = {
  /** graphile-worker's task identifier. Queued jobs carry it: never rename one that has run anywhere. */
  task: string;
  /** Checked before the handler runs; a payload that fails it fails the job. */
  payload: z.ZodType<Payload>;
  /** For a crontab job: its crontab time pattern, from the settings. */
  schedule?: (settings: JobSettings) => string;
  /** Runs only while the worker proves it is alive, and may run twice after a crash: make it idempotent. */
  run(payload: Payload, context: JobContext, helpers: JobHelpers): Promise<void>;
};

export type Job = {
  readonly task: string;
  readonly payload: z.ZodType;
  readonly schedule?: (settings: JobSettings) => string;
  /** graphile-worker's Task for this job in a worker: the payload checked, then the handler. */
  toTask(context: JobContext): Task;
};

export function defineJob<Payload>(declaration: JobDeclaration<Payload>): Job {
  const { task, payload, schedule, run } = declaration;
  return {
    task,
    payload,
    schedule,
    toTask: (context) => async (raw, helpers) => {
      await run(payload.parse(raw), context, helpers);
    },
  };
}

/** Crontab jobs read nothing from their payload (graphile-worker's crontab adds only `_cron`). */
export const noPayload = z.unknown();

/**
 * A scheduled job's crontab entry on `schedule`: one job at a time under its own key, missed runs
 * not caught up (the next run does everything due anyway). A bad pattern throws here.
 */
export function cronItems(job: Pick<Job, "task">, schedule: string): ParsedCronItem[] {
  return parseCronItems([
    {
      task: job.task,
      identifier: job.task,
      match: schedule,
      options: { backfillPeriod: 0, maxAttempts: 3, jobKey: job.task, jobKeyMode: "replace" },
    },
  ]);
}
