// Queues one delivery attempt as a graphile-worker job inside the caller's transaction, so the job
// exists exactly when the change (event, retry record or replay request) that asked for it commits.
import { Prisma } from "@/lib/generated/prisma/client";
import { randomBase62 } from "@/lib/ids";

export const DELIVER_TASK = "webhook_deliver";

export type DeliveryTrigger = "retry" | "replay";

export type DeliveryJob = {
  deliveryId: string;
  /** Carried as the job's flag, so a worker can leave a busy endpoint's jobs in the queue (endpoint-gate.ts). */
  endpointId: string;
  trigger: DeliveryTrigger;
  /** 1-based position in the retry schedule; replays stand outside it. */
  retryNumber?: number;
  /** The job holds a slot of its endpoint's throttle, due at its run time (endpoint-throttle.ts). */
  slotReserved?: boolean;
};

/** The job flag naming an endpoint: workers skip jobs whose flag they forbid, in the queue's own fetch. */
export function endpointFlag(endpointId: string): string {
  return `endpoint:${endpointId}`;
}

/**
 * A retry's key names its place in the schedule, so a job run again after its attempt was recorded
 * finds that attempt and sends nothing; re-adding a key (a deferred send) replaces the job.
 */
export function jobKeyFor(job: Pick<DeliveryJob, "deliveryId" | "trigger" | "retryNumber">): string {
  return job.trigger === "retry"
    ? `${job.deliveryId}:retry:${job.retryNumber ?? 1}`
    : `${job.deliveryId}:replay:${randomBase62(16)}`;
}

export type QueuedJob = { job: DeliveryJob; key?: string };

/** One statement that adds every job: payload, key and flag are made here, so their formats live in this file only. */
export function addJobsQuery(jobs: QueuedJob[], runAt: Date): Prisma.Sql {
  // Jobs that keep failing for infrastructure reasons (database down) are retried by
  // graphile-worker itself; the webhook retry schedule is ours and lives in schedule.ts.
  return Prisma.sql`SELECT graphile_worker.add_job(
      identifier => ${DELIVER_TASK},
      payload => j.payload,
      run_at => ${runAt},
      max_attempts => 25,
      job_key => j.key,
      flags => ARRAY[j.flag]
    )
    FROM unnest(
      ${jobs.map(({ job }) => JSON.stringify(job))}::json[],
      ${jobs.map(({ job, key }) => key ?? jobKeyFor(job))}::text[],
      ${jobs.map(({ job }) => endpointFlag(job.endpointId))}::text[]
    ) AS j(payload, key, flag)`;
}

export async function enqueueDelivery(
  tx: Prisma.TransactionClient,
  job: DeliveryJob,
  runAt: Date = new Date(),
  key: string = jobKeyFor(job),
): Promise<string> {
  await tx.$queryRaw(addJobsQuery([{ job, key }], runAt));
  return key;
}
