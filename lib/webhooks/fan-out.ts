// Turns one recorded event into one delivery per enabled, subscribed, undeleted endpoint of its application
// and mode, each with its first job queued, inside the transaction that recorded the event.
import { Prisma, type Event } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { addJobsQuery, type QueuedJob } from "./enqueue";

type FannedEvent = Pick<Event, "id" | "applicationId" | "livemode" | "type">;

/**
 * The ids of the endpoints an event goes to, as an expression over a row `event` in scope, so the
 * statement that inserts the event can answer them too (lib/events/record-event.ts).
 */
export function subscribedEndpointIds(event: Prisma.Sql, only?: { endpointId: string }): Prisma.Sql {
  // An endpoint with no event list subscribes to every kind.
  return Prisma.sql`ARRAY(
    SELECT e."id" FROM "WebhookEndpoint" e
    WHERE e."applicationId" = ${event}."applicationId" AND e."livemode" = ${event}."livemode" AND e."enabled"
      AND e."deletedAt" IS NULL      AND (cardinality(e."events") = 0 OR ${event}."type" = ANY(e."events"))
      ${only ? Prisma.sql`AND e."id" = ${only.endpointId}` : Prisma.empty}
    ORDER BY e."id")`;
}

/** Queues the event's deliveries, finding its endpoints first; returns the delivery ids. */
export async function queueDeliveries(
  tx: Prisma.TransactionClient,
  event: FannedEvent,
  /** Limits the fan-out to one endpoint (the console's "send test event"). */
  only?: { endpointId: string },
): Promise<string[]> {
  const [found] = await tx.$queryRaw<{ endpointIds: string[] }[]>`
    SELECT ${subscribedEndpointIds(Prisma.sql`event`, only)} AS "endpointIds"
    FROM (SELECT ${event.applicationId}::text AS "applicationId", ${event.livemode}::boolean AS "livemode",
      ${event.type}::text AS "type") AS event`;
  return insertDeliveries(tx, event, found?.endpointIds ?? []);
}

/**
 * A delivery per endpoint, then the jobs of their first attempts. Two statements on purpose: with
 * the jobs added in the same statement as the deliveries (a CTE), commit-to-receipt at half load
 * rose from ~3 ms to 65-120 ms at the median (bench scenario 6, 2026-11-24), for a reason we did
 * not pin down; apart, it is back where it was.
 */
export async function insertDeliveries(
  tx: Prisma.TransactionClient,
  event: FannedEvent,
  endpointIds: string[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const deliveryIds = endpointIds.map(() => newId("whd"));
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "WebhookDelivery"
      ("id", "applicationId", "livemode", "eventId", "endpointId", "status", "nextAttemptAt", "createdAt", "updatedAt")
    SELECT d.id, ${event.applicationId}, ${event.livemode}, ${event.id}, d.endpoint, 'pending', ${now}, ${now}, ${now}
    FROM unnest(${deliveryIds}::text[], ${endpointIds}::text[]) AS d(id, endpoint)`;
  const jobs: QueuedJob[] = deliveryIds.map((deliveryId, i) => ({
    // eslint-disable-next-line @typescript-eslint/no-non-null-assertion -- deliveryIds and endpointIds are built pairwise, one per endpoint
    job: { deliveryId, endpointId: endpointIds[i]!, trigger: "retry", retryNumber: 1 },
  }));
  await tx.$queryRaw(addJobsQuery(jobs, now));
  return deliveryIds;
}
