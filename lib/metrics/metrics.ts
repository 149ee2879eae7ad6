// Prometheus metrics (prom-client), one set per process (docs/decisions/metrics.md). prom-client is
// one of Next's external packages (next.config.mjs), so the route handlers in Next's bundle and
// scripts/serve.ts share its module and its default registry; this file itself may be loaded twice
// (once by each), so every metric is looked up by name before it is made. Labels are of bounded
// cardinality only: an operation id, a status class, an outcome or a decline code, never an
// application, wallet or endpoint id.
import client, { type Counter, type Gauge, type Histogram, type Registry } from "prom-client";

/** Request latencies, 5 ms to 10 s: the API's answers and the decision endpoint's. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A webhook's time from its event's commit to a 2xx: seconds to hours, retries included. */
const DELIVERY_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400];

function counter(registry: Registry, name: string, help: string, labelNames: string[] = []): Counter {
  return (
    (registry.getSingleMetric(name) as Counter | undefined) ??
    new client.Counter({ name, help, labelNames, registers: [registry] })
  );
}

function histogram(registry: Registry, name: string, help: string, labelNames: string[], buckets: number[]): Histogram {
  return (
    (registry.getSingleMetric(name) as Histogram | undefined) ??
    new client.Histogram({ name, help, labelNames, buckets, registers: [registry] })
  );
}

/**
 * The web process's registry: prom-client's default one, with its default metrics (CPU, memory,
 * event-loop lag, GC pauses) collected once per process. In a cluster the primary serves the sum of
 * its workers' (metrics-server.ts).
 */
export function webRegistry(): Registry {
  const registry = client.register;
  if (!registry.getSingleMetric("process_cpu_user_seconds_total")) client.collectDefaultMetrics({ register: registry });
  return registry;
}

/** `2xx`, `4xx`, `5xx`: the status class label. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/**
 * The web process's metrics, made (or found, when the other copy of this file made them) on first
 * use and then kept: a request's path pays for a label lookup, not for finding its metric by name.
 */
let web:
  | {
      requests: Counter;
      duration: Histogram;
      rateLimited: Counter;
      replays: Counter;
      decisions: Counter;
      decisionDuration: Histogram;
      authorizations: Counter;
    }
  | undefined;

function webMetrics(): NonNullable<typeof web> {
  if (web) return web;
  const registry = webRegistry();
  web = {
    requests: counter(registry, "api_requests_total", "API requests answered, by operation and status class.", [
      "operation",
      "status_class",
    ]),
    duration: histogram(
      registry,
      "api_request_duration_seconds",
      "Time to answer an API request, by operation.",
      ["operation"],
      LATENCY_BUCKETS,
    ),
    rateLimited: counter(
      registry,
      "rate_limit_refusals_total",
      "Requests refused 429 by the rate limit, by what was limited.",
      ["kind"],
    ),
    replays: counter(registry, "idempotent_replays_total", "Writes answered from a stored Idempotency-Key response."),
    decisions: counter(registry, "decision_calls_total", "Calls to applications' decision endpoints, by outcome.", [
      "outcome",
    ]),
    decisionDuration: histogram(
      registry,
      "decision_call_duration_seconds",
      "Time a decision endpoint took to answer.",
      [],
      LATENCY_BUCKETS,
    ),
    authorizations: counter(
      registry,
      "authorizations_total",
      "Card authorizations as decided, by outcome and decline code (a decision whose write then rolled back included).",
      ["outcome", "decline_code"],
    ),
  };
  return web;
}

/** One answered API request: its declared operation id (never a raw path), status and time. */
export function observeRequest(operation: string, status: number, seconds: number): void {
  const { requests, duration } = webMetrics();
  requests.labels(operation, statusClass(status)).inc();
  duration.labels(operation).observe(seconds);
}

export function countRateLimitRefusal(kind: "key" | "address"): void {
  webMetrics().rateLimited.labels(kind).inc();
}

export function countIdempotentReplay(): void {
  webMetrics().replays.inc();
}

/** A call to a decision endpoint: its outcome (`approved`, `declined`, `timeout`, `error`...) and time. */
export function observeDecisionCall(outcome: string, seconds: number): void {
  const { decisions, decisionDuration } = webMetrics();
  decisions.labels(outcome).inc();
  decisionDuration.observe(seconds);
}

/** A spend authorization's outcome and, for a decline, its code. */
export function countAuthorization(outcome: "approved" | "declined", declineCode: string | null): void {
  webMetrics()
    .authorizations.labels(outcome, declineCode ?? "")
    .inc();
}

const WORKER_REGISTRY = Symbol.for("wallet-card-service.worker-metrics");
type Holder = { [WORKER_REGISTRY]?: Registry };

/**
 * The webhook worker's registry, apart from the web one: a cluster's primary runs the worker and
 * serves its metrics beside its web workers' sum, so the two sets must not share a name.
 */
export function workerRegistry(): Registry {
  const holder = globalThis as Holder;
  holder[WORKER_REGISTRY] ??= new client.Registry();
  return holder[WORKER_REGISTRY];
}

let deliveries: { attempts: Counter; latency: Histogram } | undefined;

/** One finished delivery attempt: `succeeded`, `failed` (will retry) or `gave_up`; a success's age. */
export function observeDelivery(outcome: string, secondsSinceEvent: number | null): void {
  const registry = workerRegistry();
  deliveries ??= {
    attempts: counter(registry, "webhook_delivery_attempts_total", "Webhook delivery attempts, by outcome.", [
      "outcome",
    ]),
    latency: histogram(
      registry,
      "webhook_delivery_latency_seconds",
      "From an event's commit to its endpoint's 2xx, retries included.",
      [],
      DELIVERY_BUCKETS,
    ),
  };
  deliveries.attempts.labels(outcome).inc();
  if (secondsSinceEvent !== null) deliveries.latency.observe(secondsSinceEvent);
}

let ledgerFindings: Counter | undefined;

/**
 * A ledger verification's findings (lib/ledger/verify-ledger.ts), counted by run (`incremental`, the
 * minute's; `full`, the daily one), mode and kind: any increase means the books disagree with
 * themselves, and is an alert (deploy/prometheus/alerts.yml). Zero findings still make the series.
 */
export function countLedgerFindings(
  run: "incremental" | "full",
  findings: Record<"live" | "test", Record<string, readonly unknown[]>>,
): void {
  ledgerFindings ??= counter(
    workerRegistry(),
    "ledger_verification_findings_total",
    "Ledger verification findings (a delta, transfer, account or total that does not agree), by run, mode and kind.",
    ["run", "mode", "kind"],
  );
  for (const mode of ["live", "test"] as const)
    for (const [kind, found] of Object.entries(findings[mode]))
      ledgerFindings.labels(run, mode, snakeCase(kind)).inc(found.length);
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Gauges read when scraped: `collect` sets them (from the database, say). */
export function scrapedGauge(
  registry: Registry,
  name: string,
  help: string,
  labelNames: string[],
  collect: (gauge: Gauge) => Promise<void>,
  /** How a cluster's primary combines its processes' values; a sum unless a value is the same for all. */
  aggregator?: "sum" | "max",
): void {
  if (registry.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    ...(aggregator ? { aggregator } : {}),
    async collect() {
      await collect(this);
    },
  });
}
