// An endpoint's delivery figures over the last 24 hours and 7 days: attempts, success rate and
// p50/p95 latency of its attempts (first tries, retries, replays), read from its pre-aggregated
// hours (WebhookLatencyHour, kept by a trigger on WebhookAttempt), so the cost is at most 168 hours
// of 8 slots each however many attempts there were (docs/decisions/console-read-costs.md).
import type { Db } from "@/lib/db/client";
import { histogramPercentile } from "./latency-buckets";

export type EndpointWindowStats = {
  window: "24h" | "7d";
  attempts: number;
  succeeded: number;
  /** Succeeded over attempts, 0 to 1; null with no attempt. */
  successRate: number | null;
  /**
   * Milliseconds, interpolated between attempts as percentile_cont does, each attempt's latency
   * taken as its bucket's midpoint: within 5% of the exact figure (LATENCY_RELATIVE_PRECISION);
   * null with no attempt that has a latency.
   */
  p50LatencyMs: number | null;
  p95LatencyMs: number | null;
};

type Row = { window: string; attempts: number; succeeded: number; counts: number[] };

export async function endpointStats(db: Db, endpointId: string): Promise<EndpointWindowStats[]> {
  // Hours are UTC wall-clock, as attempt times are. A window is whole hours: the current one and
  // the 23 (or 167) before it.
  const rows = await db.$queryRaw<Row[]>`
    WITH w("order", "window", "span") AS (VALUES (1, '24h', interval '24 hours'), (2, '7d', interval '7 days')),
    hours AS (
      SELECT w."order", h."attempts", h."succeeded", h."latencyCounts"
      FROM w JOIN "WebhookLatencyHour" h ON h."endpointId" = ${endpointId}
        AND h."hour" > date_trunc('hour', now() AT TIME ZONE 'UTC') - w."span"
    ),
    buckets AS (
      SELECT hours."order", b."i", sum(b."n")::int AS "n"
      FROM hours CROSS JOIN LATERAL unnest(hours."latencyCounts") WITH ORDINALITY AS b("n", "i")
      GROUP BY hours."order", b."i"
    )
    SELECT w."window",
      coalesce((SELECT sum(hours."attempts") FROM hours WHERE hours."order" = w."order"), 0)::int AS "attempts",
      coalesce((SELECT sum(hours."succeeded") FROM hours WHERE hours."order" = w."order"), 0)::int AS "succeeded",
      coalesce((SELECT array_agg(buckets."n" ORDER BY buckets."i") FROM buckets WHERE buckets."order" = w."order"),
        '{}')::int[] AS "counts"
    FROM w ORDER BY w."order"`;
  return rows.map((row) => ({
    window: row.window === "24h" ? "24h" : "7d",
    attempts: row.attempts,
    succeeded: row.succeeded,
    successRate: row.attempts === 0 ? null : row.succeeded / row.attempts,
    p50LatencyMs: histogramPercentile(row.counts, 0.5),
    p95LatencyMs: histogramPercentile(row.counts, 0.95),
  }));
}
