// `npm run worker`: runs the webhook delivery worker alone (no web server), against DATABASE_URL or
// the embedded PostgreSQL. Start as many as you like; they share the queue.
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { warnIfMailNotSent } from "@/lib/mail/send-mail";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { exitOnStartupFailure, requireSupportedNode, stopOnSignal } from "@/lib/platform/process-lifecycle";
import { startWebhookWorker, workerOptions } from "@/lib/webhooks/worker";
import { config } from "@/lib/config";
import { prisma } from "@/lib/db/client";
import { startMetricsServer } from "@/lib/metrics/metrics-server";
import { registerPoolMetrics, registerQueueMetrics } from "@/lib/metrics/process-metrics";
import { stopTracing } from "@/lib/tracing/tracing";

async function main() {
  requireSupportedNode();
  loadEnvFiles();
  // Each delivery attempt is a trace when an OTLP endpoint is set (docs/decisions/tracing.md).
  if (config().OTEL_EXPORTER_OTLP_ENDPOINT) await (await import("@/lib/tracing/start-tracing")).startTracing();
  warnIfMailNotSent();
  const database = await prepareDatabase();
  const worker = await startWebhookWorker(workerOptions(database.url));
  const { METRICS_PORT, METRICS_HOST } = config();
  if (METRICS_PORT) {
    registerQueueMetrics(prisma());
    registerPoolMetrics();
  }
  const metrics = METRICS_PORT ? await startMetricsServer(METRICS_PORT, METRICS_HOST, "process") : undefined;
  console.log(
    `Webhook worker running (pid ${process.pid}, ${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"})${metrics ? `; metrics on http://${METRICS_HOST}:${metrics.port}/metrics` : ""}.`,
  );

  stopOnSignal(async () => {
    await metrics?.close();
    await worker.stop();
    await database.stop().catch(() => undefined);
    await stopTracing().catch(() => undefined);
  });
}

main().catch(exitOnStartupFailure);
