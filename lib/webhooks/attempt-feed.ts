// An application's webhook attempts as they are recorded, oldest first, for following them live
// (`cli events tail`): each with its event, endpoint and whether it was the first send, a retry or a replay.
import type { Db } from "@/lib/db/client";

export type AttemptTrigger = "first" | "retry" | "replay";

export type AttemptFeedEntry = {
  attemptId: string;
  createdAt: Date;
  livemode: boolean;
  eventType: string;
  eventId: string;
  deliveryId: string;
  endpointUrl: string;
  trigger: AttemptTrigger;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
};

export type AttemptFeedFilter = {
  applicationId: string;
  /** Absent follows both modes. */
  livemode?: boolean;
};

/**
 * An attempt's row is written inside its send's transaction and becomes visible only at commit,
 * up to the send timeout plus the transaction's margin (about 25 s) after its createdAt. Reading
 * this far back, and skipping what was already read, misses none of those late commits.
 */
export const LATE_COMMIT_WINDOW_MS = 60_000;

/** The database's clock, so a "from now" cursor does not depend on this machine's clock. */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  if (!row) throw new Error("SELECT now() returned no row");
  return row.now;
}

/** Attempts created at or after `from`, except those already `seen`, oldest first. */
export async function readAttempts(
  db: Db,
  filter: AttemptFeedFilter,
  from: Date,
  seen: { has(attemptId: string): boolean },
): Promise<AttemptFeedEntry[]> {
  const rows = await db.webhookAttempt.findMany({
    where: {
      createdAt: { gte: from },
      delivery: {
        applicationId: filter.applicationId,
        ...(filter.livemode === undefined ? {} : { livemode: filter.livemode }),
      },
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      createdAt: true,
      trigger: true,
      statusCode: true,
      error: true,
      latencyMs: true,
      delivery: {
        select: {
          id: true,
          livemode: true,
          eventId: true,
          event: { select: { type: true } },
          endpoint: { select: { url: true } },
        },
      },
    },
  });
  const fresh = rows.filter((row) => !seen.has(row.id));
  if (fresh.length === 0) return [];

  // "first" is a delivery's earliest scheduled attempt; the stored trigger only says retry or replay.
  const scheduled = await db.webhookAttempt.findMany({
    where: { deliveryId: { in: [...new Set(fresh.map((row) => row.delivery.id))] }, trigger: "retry" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, deliveryId: true },
  });
  const firstAttemptOf = new Map<string, string>();
  for (const attempt of scheduled)
    if (!firstAttemptOf.has(attempt.deliveryId)) firstAttemptOf.set(attempt.deliveryId, attempt.id);

  return fresh.map((row) => ({
    attemptId: row.id,
    createdAt: row.createdAt,
    livemode: row.delivery.livemode,
    eventType: row.delivery.event.type,
    eventId: row.delivery.eventId,
    deliveryId: row.delivery.id,
    endpointUrl: row.delivery.endpoint.url,
    trigger: row.trigger === "replay" ? "replay" : firstAttemptOf.get(row.delivery.id) === row.id ? "first" : "retry",
    statusCode: row.statusCode,
    error: row.error,
    latencyMs: row.latencyMs,
  }));
}
