// What every log line written during a piece of work carries without being passed it: the request
// id and trace id of the HTTP request being served, or the job and delivery ids of the worker's
// task. Kept on globalThis, as lib/platform/request-deadline.ts keeps its store: the edge server
// (scripts/serve.ts) and Next's route bundle load separate copies of this module.
import { AsyncLocalStorage } from "node:async_hooks";

export type LogContext = {
  requestId?: string;
  /** The W3C trace id: the active span's when tracing is on, else the one the caller's traceparent named. */
  traceId?: string;
  /** The API operation id, once the route wrapper knows it. */
  operation?: string;
  jobId?: string;
  job?: string;
  deliveryId?: string;
  eventId?: string;
};

const STORE = Symbol.for("wallet-card.log-context");
type Holder = { [STORE]?: AsyncLocalStorage<LogContext> };

function storage(): AsyncLocalStorage<LogContext> {
  const holder = globalThis as Holder;
  holder[STORE] ??= new AsyncLocalStorage<LogContext>();
  return holder[STORE];
}

/** Runs `work` with `fields` added to the current context (a request's, a job's) for its log lines. */
export function runWithLogContext<T>(fields: LogContext, work: () => T): T {
  return storage().run({ ...storage().getStore(), ...fields }, work);
}

export function currentLogContext(): LogContext | undefined {
  return storage().getStore();
}

// version-traceid-parentid-flags (W3C Trace Context); an all-zero trace id is invalid.
const TRACEPARENT = /^[\da-f]{2}-([\da-f]{32})-[\da-f]{16}-[\da-f]{2}$/;

/** The trace id of a `traceparent` header, when it is well formed. */
export function traceIdOf(traceparent: string | string[] | null | undefined): string | undefined {
  if (typeof traceparent !== "string") return undefined;
  const id = TRACEPARENT.exec(traceparent.trim().toLowerCase())?.[1];
  return id === undefined || /^0+$/.test(id) ? undefined : id;
}
