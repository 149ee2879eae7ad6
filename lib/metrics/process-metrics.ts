// Metrics read when Prometheus scrapes, rather than counted as things happen: admission control's
// counters (kept on globalThis by lib/platform/overload-counters.ts) and the database pool's counts
// in a web process, and the
// webhook queue's depth and age and the endpoints' health in the process that runs the worker.
import type { Gauge } from "prom-client";
import { DATABASE_POOL_MAX, databasePoolStats, type Db } from "@/lib/db/client";
import { overloadCounters } from "@/lib/platform/overload-counters";
import { QUEUE_SCHEMA } from "@/lib/webhooks/queue-schema";
import { scrapedGauge, webRegistry, workerRegistry } from "./metrics";
import { countLiveWorkers } from "@/lib/webhooks/worker-liveness";

function setFrom(gauge: Gauge, table: Record<string, number>, split: (key: string) => string[]): void {
  gauge.reset();
  for (const [key, value] of Object.entries(table)) gauge.labels(...split(key)).set(value);
}

/** Admission control's counts (docs/decisions/overload.md), as gauges of running totals and of now. */
export function registerOverloadMetrics(): void {
  const registry = webRegistry();
  scrapedGauge(
    registry,
    "admission_admitted_requests",
    "Requests admitted since start, by priority class.",
    ["class"],
    async (g) => setFrom(g, overloadCounters().admitted, (key) => [key]),
  );
  scrapedGauge(
    registry,
    "admission_shed_requests",
    "Requests refused 503 overloaded since start, by priority class and the bound they met.",
    ["class", "bound"],
    async (g) => setFrom(g, overloadCounters().shed, (key) => key.split(":", 2)),
  );
  scrapedGauge(
    registry,
    "admission_abandoned_requests",
    "Admitted work rolled back before commit since start, by reason (client_gone, deadline).",
    ["reason"],
    async (g) => setFrom(g, overloadCounters().abandoned, (key) => [key]),
  );
  scrapedGauge(registry, "admission_in_flight_requests", "Requests this process is serving now.", [], async (g) =>
    g.set(overloadCounters().inFlight),
  );
  scrapedGauge(
    registry,
    "admission_queue_seconds_max",
    "Longest wait from admission to a route starting, since start.",
    [],
    async (g) => g.set(overloadCounters().queueTime.maxMs / 1000),
  );
}

/**
 * The process-wide database pool (lib/db/client.ts): connections in use and idle, and queries
 * waiting for a connection. Waiting above zero for long means the pool, not the database, is the
 * bottleneck (docs/operations.md, Connections to PostgreSQL). A cluster's primary sums its workers'.
 */
export function registerPoolMetrics(): void {
  const registry = webRegistry();
  scrapedGauge(
    registry,
    "db_pool_connections",
    `Connections of this process's database pool (at most ${DATABASE_POOL_MAX}), by state (in_use, idle).`,
    ["state"],
    async (g) => {
      const stats = databasePoolStats();
      g.labels("in_use").set(stats?.inUse ?? 0);
      g.labels("idle").set(stats?.idle ?? 0);
    },
  );
  scrapedGauge(
    registry,
    "db_pool_waiting_queries",
    "Queries waiting for a connection of this process's database pool.",
    [],
    async (g) => g.set(databasePoolStats()?.waiting ?? 0),
  );
}

/**
 * Webhook worker pools alive on this database (their liveness locks, lib/webhooks/worker-liveness.ts),
 * as readiness reports them: zero for long means no webhook is sent, an alert. Asked of the database
 * by every web process at each scrape; the same number in each, so a cluster's primary takes the max.
 */
export function registerWorkerLivenessMetric(db: Db): void {
  scrapedGauge(
    webRegistry(),
    "webhook_workers_alive",
    "Webhook worker pools holding their liveness lock on the database.",
    [],
    async (g) => g.set(await countLiveWorkers(db)),
    "max",
  );
}

/** The webhook queue and endpoints' health, asked of the database at each scrape. */
export function registerQueueMetrics(db: Db): void {
  const registry = workerRegistry();
  // One query per scrape for both queue gauges: the first to be collected asks, the other reads it.
  // A job that used up its attempts stays in the table but never runs again: not due.
  let pending: Promise<{ due: number; oldest: number }> | undefined;
  const queue = () =>
    (pending ??= db
      .$queryRawUnsafe<{ due: number; oldest: number | null }[]>(
        `SELECT count(*)::int AS due, coalesce(extract(epoch FROM now() - min(run_at)), 0)::float8 AS oldest
         FROM ${QUEUE_SCHEMA}.jobs WHERE run_at <= now() AND locked_at IS NULL AND attempts < max_attempts`,
      )
      .then(([row]) => ({ due: row?.due ?? 0, oldest: row?.oldest ?? 0 }))
      .finally(() => setImmediate(() => (pending = undefined))));
  scrapedGauge(
    registry,
    "webhook_queue_due_jobs",
    "Webhook jobs due now and not yet taken by a worker.",
    [],
    async (g) => g.set((await queue()).due),
  );
  scrapedGauge(
    registry,
    "webhook_queue_oldest_due_seconds",
    "Age of the oldest webhook job that is due and not taken (0 when none).",
    [],
    async (g) => g.set((await queue()).oldest),
  );
  scrapedGauge(
    registry,
    "webhook_endpoints",
    "Webhook endpoints by health: backed off (circuit open) or disabled; counts, not ids.",
    ["state"],
    async (g) => {
      const [row] = await db.$queryRaw<{ backed_off: number; disabled: number }[]>`
        SELECT count(*) FILTER (WHERE "backoffUntil" > now() AND "disabledAt" IS NULL)::int AS backed_off,
               count(*) FILTER (WHERE "disabledAt" IS NOT NULL)::int AS disabled
        FROM "WebhookEndpoint" WHERE "deletedAt" IS NULL`;
      g.labels("backed_off").set(row?.backed_off ?? 0);
      g.labels("disabled").set(row?.disabled ?? 0);
    },
  );
}
