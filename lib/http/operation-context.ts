// The step around every API operation that makes it observable: its log lines carry its request id
// and operation id (lib/logging/log-context.ts), and, with tracing on, it runs in a span named by
// its operation id with our request id as an attribute (lib/tracing/tracing.ts).
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { runWithLogContext } from "@/lib/logging/log-context";
import { REQUEST_ID_ATTRIBUTE, tracer, tracingEnabled } from "@/lib/tracing/tracing";

export function inOperation(
  operationId: string,
  request: Request,
  requestId: string,
  work: () => Promise<Response>,
): Promise<Response> {
  return runWithLogContext({ requestId, operation: operationId }, () => {
    if (!tracingEnabled()) return work();
    return tracer().startActiveSpan(
      operationId,
      {
        kind: SpanKind.INTERNAL,
        attributes: {
          [REQUEST_ID_ATTRIBUTE]: requestId,
          "http.request.method": request.method,
          "url.path": new URL(request.url).pathname,
        },
      },
      async (span) => {
        try {
          const response = await work();
          span.setAttribute("http.response.status_code", response.status);
          if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          return response;
        } catch (error) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  });
}
