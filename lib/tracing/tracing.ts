// Whether this process records traces, and the tracer the service's own spans come from. The
// OpenTelemetry SDK is loaded only by instrumentation.ts when OTEL_EXPORTER_OTLP_ENDPOINT is set;
// everything else imports just @opentelemetry/api, and asks tracingEnabled() before making a span, so
// with tracing off a request pays one property read (docs/decisions/tracing.md).
import { trace, type SpanContext, type Tracer } from "@opentelemetry/api";

const ENABLED = Symbol.for("wallet-card.tracing-enabled");
const SHUTDOWN = Symbol.for("wallet-card.tracing-shutdown");
type Holder = { [ENABLED]?: boolean; [SHUTDOWN]?: () => Promise<void> };

/** Set by instrumentation.ts once the SDK is started. */
export function markTracingEnabled(): void {
  (globalThis as Holder)[ENABLED] = true;
}

export function tracingEnabled(): boolean {
  return (globalThis as Holder)[ENABLED] === true;
}

export function tracer(): Tracer {
  return trace.getTracer("wallet-card-service");
}

/** The attribute every span of ours that serves a request carries: the id of our answer's x-request-id. */
export const REQUEST_ID_ATTRIBUTE = "wallet_card.request_id";

export function registerTracingShutdown(shutdown: () => Promise<void>): void {
  (globalThis as Holder)[SHUTDOWN] = shutdown;
}

/** Sends the spans still batched and stops the SDK; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  await (globalThis as Holder)[SHUTDOWN]?.();
}

/** The active span as a W3C traceparent, to store beside what it caused; null with tracing off. */
export function currentTraceparent(): string | null {
  if (!tracingEnabled()) return null;
  const span = trace.getActiveSpan()?.spanContext();
  if (!span || !trace.isSpanContextValid(span)) return null;
  return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, "0")}`;
}

const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;

/** A stored traceparent as a span context to link to; undefined when absent or malformed. */
export function spanContextOf(traceparent: string | null | undefined): SpanContext | undefined {
  const [, traceId, spanId, flags] = (traceparent && TRACEPARENT.exec(traceparent)) || [];
  if (!traceId || !spanId || !flags) return undefined;
  const context = { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true };
  return trace.isSpanContextValid(context) ? context : undefined;
}
