// Queues one delivery attempt as a graphile-worker job inside the caller's transaction, so the job
// exists exactly when the change (event, retry record or replay request) that asked for it commits.
import type { Prisma } from "@/lib/generated/prisma/client";
import { randomBase62 } from "@/lib/ids";

export const DELIVER_TASK = "webhook_deliver";

export type DeliveryTrigger = "retry" | "replay";

export type DeliveryJob = {
  deliveryId: string;
  trigger: DeliveryTrigger;
  /** 1-based position in the retry schedule; replays stand outside it. */
  retryNumber?: number;
};

/** Each job's key names its delivery first, so the stale-job sweep can find the delivery of a locked job. */
function jobKeyFor(job: DeliveryJob): string {
  return job.trigger === "retry"
    ? `${job.deliveryId}:retry:${job.retryNumber ?? 1}`
    : `${job.deliveryId}:replay:${randomBase62(16)}`;
}

export function deliveryIdFromJobKey(key: string): string {
  return key.split(":")[0] ?? key;
}

export async function enqueueDelivery(
  tx: Prisma.TransactionClient,
  job: DeliveryJob,
  runAt: Date = new Date(),
): Promise<string> {
  const key = jobKeyFor(job);
  // Jobs that keep failing for infrastructure reasons (database down) are retried by
  // graphile-worker itself; the webhook retry schedule is ours and lives in schedule.ts.
  await tx.$executeRaw`SELECT graphile_worker.add_job(
    identifier => ${DELIVER_TASK},
    payload => ${JSON.stringify(job)}::json,
    run_at => ${runAt},
    max_attempts => 25,
    job_key => ${key}
  )`;
  return key;
}
