// The latest failed attempts of one webhook endpoint, for its console page.
import type { Db } from "@/lib/db/client";

/** The endpoint's newest attempts that got no 2xx: what it answered, or why no answer came. */
export function latestFailures(db: Db, endpointId: string, take: number) {
  return db.webhookAttempt.findMany({
    // Set on insert to the endpoint of every attempt that got no 2xx (migration
    // webhook_attempt_failed_endpoint): the walk reads this endpoint's failures only, newest first,
    // however many attempts it or the others made.
    where: { failedEndpointId: endpointId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: {
      id: true,
      deliveryId: true,
      trigger: true,
      statusCode: true,
      error: true,
      responseExcerpt: true,
      latencyMs: true,
      createdAt: true,
      delivery: { select: { event: { select: { type: true, isTest: true } } } },
    },
  });
}
