// Starts the service: prepares the database (embedded by default), then serves Next.js from a
// small node:http server (lib/http/edge-server.ts) that stamps each request with its socket address
// and its request id, refuses API paths Next.js cannot route, and keeps idle connections open longer
// than a load balancer in front does (HTTP_KEEP_ALIVE_TIMEOUT_MS).
// `npm run dev` passes --dev; `npm start` serves the production build from WEB_CONCURRENCY
// processes: with more than one, this process becomes a node:cluster primary that keeps the
// database, the webhook worker and the in-memory rate-limit counts, and forks workers that each
// run this same file's HTTP server on the shared port.
import cluster from "node:cluster";
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { REPO_ROOT } from "@/lib/db/paths";
import { disconnectDb, prisma } from "@/lib/db/client";
import { embeddedDataDir } from "@/lib/platform/embedded-postgres";
import { prepareDatabase, type PreparedDatabase } from "@/lib/db/prepare-database";
import { ensureSigningKey } from "@/lib/documents/signing-keys";
import { warnIfMailNotSent } from "@/lib/mail/send-mail";
import { closeServer, edgeServer } from "@/lib/http/edge-server";
import { answerWorkerRateLimits } from "@/lib/ratelimit/cluster-limiter";
import { startWebhookWorker, workerOptions, type WebhookWorker } from "@/lib/webhooks/worker";
import { exitOnStartupFailure, requireSupportedNode, stopOnSignal } from "@/lib/platform/process-lifecycle";
import { recordServerAddress } from "@/lib/platform/server-address";
import { serverNodeFlags } from "@/lib/platform/server-node-flags";
import { startWebCluster } from "@/lib/platform/web-cluster";
import { answerPrimaryForMetrics, startMetricsServer, type MetricsSource } from "@/lib/metrics/metrics-server";
import {
  registerOverloadMetrics,
  registerPoolMetrics,
  registerQueueMetrics,
  registerWorkerLivenessMetric,
} from "@/lib/metrics/process-metrics";
import { errorField, logger } from "@/lib/logging/logger";
import { stopTracing } from "@/lib/tracing/tracing";

/** Where and how a server process serves; drainMs is SHUTDOWN_DRAIN_MS (lib/config.ts). */
type Listen = {
  dev: boolean;
  port: number;
  hostname: string;
  drainMs: number;
  /** METRICS_PORT and METRICS_HOST, when metrics are on (lib/metrics/metrics-server.ts). */
  metrics?: { port: number; host: string };
};

async function main() {
  requireSupportedNode();
  loadEnvFiles();
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const dev = process.argv.includes("--dev");
  // tsx turns source maps on; in production Node would then read and keep the map of every module
  // Next loads (its server chunks ship with large .map files), about 100 MB of strings per process
  // (bench/README.md, 2026-11-24). Stack traces of production errors point into the build instead.
  if (!dev) process.setSourceMapsEnabled(false);
  // The development server's embedded default: test endpoints on this machine's localhost receive,
  // as a developer expects; a production start leaves it to the deployment
  // (docs/decisions/loopback-endpoints.md). Set before anything reads the configuration.
  if (dev) process.env.ALLOW_LOOPBACK_ENDPOINTS ??= "true";
  // A developer reads the log in a terminal: pino-pretty's lines unless LOG_FORMAT says otherwise.
  if (dev) process.env.LOG_FORMAT ??= "pretty";

  const { config, DEFAULT_HOST, DEFAULT_PORT } = await import("@/lib/config");
  const settings = config(); // fail fast, naming the bad variable
  const listen: Listen = {
    dev,
    port: settings.PORT ?? DEFAULT_PORT,
    hostname: settings.HOST ?? DEFAULT_HOST,
    drainMs: settings.SHUTDOWN_DRAIN_MS,
    metrics: settings.METRICS_PORT ? { port: settings.METRICS_PORT, host: settings.METRICS_HOST } : undefined,
  };
  // Traces (docs/decisions/tracing.md): the SDK is loaded only when an OTLP endpoint is set, and
  // before Next.js, in every process that serves or sends (instrumentation.ts finds it started).
  if (settings.OTEL_EXPORTER_OTLP_ENDPOINT) await (await import("@/lib/tracing/start-tracing")).startTracing();
  // A worker forked by the primary below: the database is ready and its URL in the environment.
  if (cluster.isWorker) return serveAsClusterWorker(listen);
  // Once per start, in the process that sends mail (the worker runs here unless WEBHOOK_WORKER=off).
  warnIfMailNotSent(settings);

  // Next's dev server (file watching, hot reload, its lock in the build directory) is not
  // cluster-safe, so `npm run dev` is one process whatever WEB_CONCURRENCY says.
  const processes = dev ? 1 : settings.WEB_CONCURRENCY;

  const database = await prepareDatabase();
  // The document signing key exists from the first start (docs/decisions/signed-documents.md); when
  // several servers start at once, one insert wins and the rest read it.
  await ensureSigningKey(prisma());
  // The webhook worker runs in this process unless WEBHOOK_WORKER=off (e.g. when `npm run worker`
  // runs apart); in a cluster, once, in the primary.
  const worker =
    settings.WEBHOOK_WORKER === "off" ? undefined : await startWebhookWorker(workerOptions(database.url, settings));
  if (processes === 1) return serveInThisProcess(listen, database, worker);
  return serveFromCluster(listen, processes, serverNodeFlags(settings.SERVER_NODE_FLAGS), database, worker);
}

/** WEB_CONCURRENCY=1 and `npm run dev`: Next.js in this process, as the benchmark's "one server process". */
async function serveInThisProcess(listen: Listen, database: PreparedDatabase, worker: WebhookWorker | undefined) {
  const { default: next } = await import("next");
  const app = next({ dev: listen.dev, dir: REPO_ROOT, hostname: listen.hostname, port: listen.port });
  await app.prepare();
  const server = edgeServer(app.getRequestHandler(), undefined, undefined, { dev: listen.dev });
  const metrics = await startMetrics(listen, worker, "process");
  server.listen(listen.port, listen.hostname, () => {
    recordServerAddress(listen.port); // .data/server.json, for the CLI's links; removed at exit
    console.log(readyBanner(listen, database));
  });

  // In order: stop taking requests and jobs, close the pools, and only then stop the database, so
  // no open connection sees it go.
  stopOnSignal(
    async () => {
      await closeServer(server);
      await runEvery([
        () => metrics?.close(),
        () => worker?.stop(),
        () => app.close(),
        () => disconnectDb(),
        () => database.stop(),
        () => stopTracing(),
      ]);
    },
    { drainMs: listen.drainMs },
  );
}

/**
 * The cluster primary. Its heap flags apply to the workers only (lib/platform/server-node-flags.ts):
 * a running process cannot change its own, so a single process takes them from NODE_OPTIONS.
 */
async function serveFromCluster(
  listen: Listen,
  processes: number,
  nodeFlags: string[],
  database: PreparedDatabase,
  worker: WebhookWorker | undefined,
) {
  // Without Redis, every worker's limiter counts here (lib/ratelimit/cluster-limiter.ts).
  const stopAnswering = answerWorkerRateLimits();
  const metrics = await startMetrics(listen, worker, "cluster-primary");
  const web = startWebCluster({ processes, nodeFlags });
  // The same order as in one process, with the workers (each closing its server, Next and its
  // pools) in the first step: nothing still serving may see the database go.
  let stopped: Promise<void> | undefined;
  const stopAll = () =>
    (stopped ??= (async () => {
      await web.stop();
      stopAnswering();
      await runEvery([
        () => metrics?.close(),
        () => worker?.stop(),
        () => disconnectDb(),
        () => database.stop(),
        () => stopTracing(),
      ]);
    })());
  stopOnSignal(stopAll);
  try {
    await web.ready;
  } catch (error) {
    await stopAll().catch((cleanupError: unknown) => logger().error(errorField(cleanupError), "stopping failed"));
    throw error;
  }
  recordServerAddress(listen.port); // .data/server.json, for the CLI's links; removed at exit
  console.log(readyBanner(listen, database, processes));
}

async function serveAsClusterWorker(listen: Listen) {
  // Its API metrics are summed by the primary's metrics server, which asks each worker for them.
  if (listen.metrics) {
    answerPrimaryForMetrics();
    registerOverloadMetrics();
    registerPoolMetrics();
    registerWorkerLivenessMetric(prisma());
  }
  const { default: next } = await import("next");
  const app = next({ dev: false, dir: REPO_ROOT, hostname: listen.hostname, port: listen.port });
  await app.prepare();
  const server = edgeServer(app.getRequestHandler());
  // Bound through the primary, which hands each connection to one worker in turn.
  server.listen(listen.port, listen.hostname);
  // SIGTERM comes from the primary (Ctrl-C reaches every process of the group at once), which waits
  // for this to finish before it stops the database, and prints the one closing line itself.
  stopOnSignal(
    async () => {
      await closeServer(server);
      await runEvery([() => app.close(), () => disconnectDb(), () => stopTracing()]);
    },
    // The workers drain; the primary, which serves nothing itself, waits for them (web.stop()).
    { quiet: true, drainMs: listen.drainMs },
  );
}

/**
 * The metrics server on METRICS_PORT, if set, with what this process measures: the API's (a
 * cluster's primary sums its workers' instead) and, where the webhook worker runs, its queue's.
 */
async function startMetrics(listen: Listen, worker: WebhookWorker | undefined, source: MetricsSource) {
  if (!listen.metrics) return undefined;
  if (source === "process") {
    registerOverloadMetrics();
    registerPoolMetrics();
    registerWorkerLivenessMetric(prisma());
  }
  if (worker) registerQueueMetrics(prisma());
  return startMetricsServer(listen.metrics.port, listen.metrics.host, source);
}

/**
 * Runs every step even when one before it failed: the database, in its own session, would
 * otherwise outlive this process.
 */
async function runEvery(steps: (() => unknown)[]): Promise<void> {
  const failures: unknown[] = [];
  for (const step of steps) {
    await Promise.resolve()
      .then(step)
      .catch((error: unknown) => failures.push(error));
  }
  if (failures.length > 0) throw new AggregateError(failures, "some parts did not stop cleanly");
}

function readyBanner(listen: Listen, database: PreparedDatabase, processes?: number): string {
  const base = `http://${listen.hostname === "0.0.0.0" ? "localhost" : listen.hostname}:${listen.port}`;
  const where = database.embedded ? `embedded PostgreSQL under ${embeddedDataDir()}` : "DATABASE_URL";
  const count = processes === undefined ? "" : `, ${processes} server processes`;
  const metrics = listen.metrics
    ? [`  Metrics:          http://${listen.metrics.host}:${listen.metrics.port}/metrics`]
    : [];
  return [
    "",
    `  Service ready on ${base} (${listen.dev ? "development" : "production"}, ${where}${count})`,
    `  API reference:    ${base}/api/public/openapi.json`,
    `  Merchant console: ${base}/merchant/sdk`,
    ...metrics,
    `  A test key:       npm run cli -- bootstrap`,
    "",
  ].join("\n");
}

main().catch(exitOnStartupFailure);
