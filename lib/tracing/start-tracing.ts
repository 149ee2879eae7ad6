// Starts OpenTelemetry tracing in this process: the Node SDK with the OTLP/HTTP exporter (JSON to
// OTEL_EXPORTER_OTLP_ENDPOINT's /v1/traces, the SDK reading the other standard OTEL_* variables) and
// Prisma's instrumentation. Imported only when that endpoint is set (scripts/serve.ts,
// scripts/worker.ts, instrumentation.ts), so a process without tracing never loads the SDK.
import { NodeSDK } from "@opentelemetry/sdk-node";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { PrismaInstrumentation } from "@prisma/instrumentation";
import { markTracingEnabled, registerTracingShutdown, tracingEnabled } from "./tracing";

/** Starts the SDK once per process (later calls, from instrumentation.ts's register, find it started). */
export async function startTracing(): Promise<void> {
  if (tracingEnabled()) return;
  process.env.OTEL_SERVICE_NAME ??= "wallet-card-service";
  const sdk = new NodeSDK({
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new PrismaInstrumentation()],
  });
  sdk.start();
  markTracingEnabled();
  // Spans still batched are sent before the process exits (stopTracing, in the cleanup of scripts/serve.ts and scripts/worker.ts).
  registerTracingShutdown(() => sdk.shutdown());
}
