// Re-enabling an endpoint resumes its pending deliveries (decisions.md, "Endpoint health"): while
// it was disabled their jobs ended without sending; each gets one queued again, due now, keyed at
// its next place in the retry schedule, in the transaction that enables the endpoint.
import type { Prisma } from "@/lib/generated/prisma/client";
import { DELIVER_TASK, endpointFlag } from "./enqueue";

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
