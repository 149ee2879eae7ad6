// Turns one recorded event into one delivery per enabled, subscribed endpoint of its application
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
      AND (cardinality(e."events") = 0 OR ${event}."type" = ANY(e."events"))
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

/** One statement: a delivery per endpoint and the job of its first attempt. */
export async function insertDeliveries(
  tx: Prisma.TransactionClient,
  event: FannedEvent,
  endpointIds: string[],
): Promise<string[]> {
  if (endpointIds.length === 0) return [];
  const deliveryIds = endpointIds.map(() => newId("whd"));
  const jobs: QueuedJob[] = deliveryIds.map((deliveryId, i) => ({
    job: { deliveryId, endpointId: endpointIds[i]!, trigger: "retry", retryNumber: 1 },
  }));
  const now = new Date();
  // The jobs are selected from the statement's own parameters, not from the inserted rows; both
  // parts run whatever the order, and either failing fails the whole statement.
  await tx.$queryRaw`
    WITH inserted AS (
      INSERT INTO "WebhookDelivery"
        ("id", "applicationId", "livemode", "eventId", "endpointId", "status", "nextAttemptAt", "createdAt", "updatedAt")
      SELECT d.id, ${event.applicationId}, ${event.livemode}, ${event.id}, d.endpoint, 'pending', ${now}, ${now}, ${now}
      FROM unnest(${deliveryIds}::text[], ${endpointIds}::text[]) AS d(id, endpoint)
      RETURNING 1
    ), jobs AS (${addJobsQuery(jobs, now)})
    SELECT (SELECT count(*) FROM inserted) AS deliveries, (SELECT count(*) FROM jobs) AS jobs`;
  return deliveryIds;
}
