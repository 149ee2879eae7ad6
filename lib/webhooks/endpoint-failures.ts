// The latest failed attempts of one webhook endpoint, for its console page.
import type { Db } from "@/lib/db/client";

/** The endpoint's newest attempts that got no 2xx: what it answered, or why no answer came. */
export function latestFailures(db: Db, endpointId: string, take: number) {
  return db.webhookAttempt.findMany({
    where: {
      delivery: { endpointId },
      OR: [{ error: { not: null } }, { statusCode: null }, { statusCode: { lt: 200 } }, { statusCode: { gt: 299 } }],
    },
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
