// An endpoint's backlog, the jobs flagged with its id (docs/decisions/endpoint-health.md). Disabling
// parks its pending deliveries: their queued jobs are removed and the deliveries wait, pending, with
// nothing scheduled. Re-enabling resumes them: each gets one job again, due now, keyed at its next
// place in the retry schedule. Both run in the transaction that flips the endpoint. The breaker
// moves the queued jobs in time: later while it is open, sooner once it closes. Deleting an endpoint
// ends its pending deliveries as failed: nothing will ever be sent to it again.
import { Prisma } from "@/lib/generated/prisma/client";
import { DELIVER_TASK, endpointFlag } from "./enqueue";

/** The endpoint's jobs waiting in the queue (not one being sent right now). */
function queuedJobIds(endpointId: string): Prisma.Sql {
  return Prisma.sql`SELECT "id" FROM graphile_worker.jobs WHERE "flags" ? ${endpointFlag(endpointId)} AND "locked_by" IS NULL`;
}

/**
 * Moves the endpoint's queued jobs to `to`: those due before it ("later": the breaker is open until
 * then, so they sleep instead of waking to find it shut), or those due after it ("sooner": it
 * answers again, so what waited out the back-off, or its next retry, goes now).
 */
export async function rescheduleEndpointJobs(
  db: Prisma.TransactionClient,
  endpointId: string,
  to: Date,
  direction: "later" | "sooner",
): Promise<void> {
  const onWrongSide = direction === "later" ? Prisma.sql`"run_at" < ${to}` : Prisma.sql`"run_at" > ${to}`;
  await db.$executeRaw`SELECT count(*) FROM graphile_worker.reschedule_jobs(
    ARRAY(${queuedJobIds(endpointId)} AND ${onWrongSide}), run_at => ${to})`;
}

/** Removes the endpoint's queued jobs; a job being sent right now finds the endpoint disabled. */
export async function parkEndpointDeliveries(tx: Prisma.TransactionClient, endpointId: string): Promise<void> {
  await removeEndpointJobs(tx, endpointId);
  await tx.$executeRaw`UPDATE "WebhookDelivery" SET "nextAttemptAt" = NULL, "updatedAt" = now()
    WHERE "endpointId" = ${endpointId} AND "status" = 'pending'`;
}

/** Removes the endpoint's queued delivery jobs (a job already running is not touched). */
export async function removeEndpointJobs(tx: Prisma.TransactionClient, endpointId: string): Promise<void> {
  await tx.$executeRaw`SELECT count(*) FROM graphile_worker.complete_jobs(ARRAY(${queuedJobIds(endpointId)}))`;
}

/** Returns how many deliveries were resumed. */
export async function resumeEndpointDeliveries(tx: Prisma.TransactionClient, endpointId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ resumed: bigint }[]>`
    WITH pending AS (
      SELECT d."id",
        (SELECT count(*) FROM "WebhookAttempt" t WHERE t."deliveryId" = d."id" AND t."trigger" = 'retry') + 1 AS "retryNumber"
      FROM "WebhookDelivery" d
      WHERE d."endpointId" = ${endpointId} AND d."status" = 'pending'
    ), marked AS (
      UPDATE "WebhookDelivery" SET "nextAttemptAt" = now(), "updatedAt" = now()
      WHERE "id" IN (SELECT "id" FROM pending)
    ), jobs AS (
      SELECT graphile_worker.add_job(
        identifier => ${DELIVER_TASK},
        payload => json_build_object('deliveryId', p."id", 'endpointId', ${endpointId}::text, 'trigger', 'retry',
          'retryNumber', p."retryNumber"),
        max_attempts => 25,
        job_key => p."id" || ':retry:' || p."retryNumber",
        flags => ARRAY[${endpointFlag(endpointId)}]
      ) FROM pending p
    )
    SELECT count(*) AS resumed FROM jobs`;
  return Number(row?.resumed ?? 0);
}

/** Ends the deleted endpoint's pending deliveries as failed; returns how many. */
export async function failDeletedEndpointDeliveries(db: Prisma.TransactionClient, endpointId: string): Promise<number> {
  return db.$executeRaw`UPDATE "WebhookDelivery" SET "status" = 'failed', "nextAttemptAt" = NULL, "updatedAt" = now()
    WHERE "endpointId" = ${endpointId} AND "status" = 'pending'
      AND EXISTS (SELECT 1 FROM "WebhookEndpoint" w WHERE w."id" = ${endpointId} AND w."deletedAt" IS NOT NULL)`;
}
