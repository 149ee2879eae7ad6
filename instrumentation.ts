// Next.js's start-up hook: starts OpenTelemetry tracing (lib/tracing/start-tracing.ts) in the
// Node.js runtime when OTEL_EXPORTER_OTLP_ENDPOINT is set, for a server Next.js starts itself.
// scripts/serve.ts starts it before Next.js loads (so the edge server and the webhook worker trace
// too); this then finds it started. Without the variable nothing of the SDK is imported.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs" || !process.env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  const { startTracing } = await import("@/lib/tracing/start-tracing");
  await startTracing();
}
