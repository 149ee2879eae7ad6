// An endpoint's delivery figures over the last 24 hours and 7 days: attempts, success rate and
// p50/p95 latency, in one statement over its deliveries' attempts (first tries, retries, replays).
import type { Db } from "@/lib/db/client";

export type EndpointWindowStats = {
  window: "24h" | "7d";
  attempts: number;
  succeeded: number;
  /** Succeeded over attempts, 0 to 1; null with no attempt. */
  successRate: number | null;
  /** Milliseconds, interpolated between attempts (percentile_cont); null with no attempt that has a latency. */
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
};

type Row = { window: string; attempts: number; succeeded: number; p50: number | null; p95: number | null };

export async function endpointStats(db: Db, endpointId: string): Promise<EndpointWindowStats[]> {
  // Attempt times are stored as UTC wall-clock (timestamp without time zone), so "now" is too.
  const rows = await db.$queryRaw<Row[]>`
    SELECT w."window", count(a."id")::int AS "attempts",
      (count(a."id") FILTER (WHERE a."error" IS NULL AND a."statusCode" BETWEEN 200 AND 299))::int AS "succeeded",
      percentile_cont(0.5) WITHIN GROUP (ORDER BY a."latencyMs") AS "p50",
      percentile_cont(0.95) WITHIN GROUP (ORDER BY a."latencyMs") AS "p95"
    FROM (VALUES (1, '24h', interval '24 hours'), (2, '7d', interval '7 days')) AS w("order", "window", "span")
    LEFT JOIN (
      SELECT t."id", t."error", t."statusCode", t."latencyMs", t."createdAt"
      FROM "WebhookAttempt" t JOIN "WebhookDelivery" d ON d."id" = t."deliveryId"
      WHERE d."endpointId" = ${endpointId}
    ) a ON a."createdAt" > (now() AT TIME ZONE 'UTC') - w."span"
    GROUP BY w."order", w."window"
    ORDER BY w."order"`;
  return rows.map((row) => ({
    window: row.window === "24h" ? "24h" : "7d",
    attempts: row.attempts,
    succeeded: row.succeeded,
    successRate: row.attempts === 0 ? null : row.succeeded / row.attempts,
    p50LatencyMs: row.p50,
    p95LatencyMs: row.p95,
  }));
}
