// Counters of admission control (lib/http/admission.ts) and of the deadlines it sets, per process:
// what the future /metrics endpoint reads (docs/decisions/overload.md). On globalThis: the edge
// server counts sheds in scripts/serve.ts's copy of this module, the route wrappers queue times
// and abandons in Next's bundle's copy.

export type OverloadCounters = {
  /** Requests let through, by priority class. */
  admitted: Record<string, number>;
  /** Requests refused at once with 503 overloaded, by "<class>:<bound>" (in_flight, event_loop, queued). */
  shed: Record<string, number>;
  /** Admitted work abandoned before it committed, by reason (client_gone, deadline). */
  abandoned: Record<string, number>;
  /** Spend authorizations answered by the stand-in rule because their window was too short to ask. */
  decisionsDefaulted: number;
  /** Time from admission to a route wrapper starting on the request (waiting for Next and the event loop). */
  queueTime: { count: number; totalMs: number; maxMs: number };
  /** Now: requests in flight and the event loop's measured delay. */
  inFlight: number;
  eventLoopDelayMs: number;
};

const STORE = Symbol.for("wallet-card.overload-counters");
type Holder = { [STORE]?: OverloadCounters };

function fresh(): OverloadCounters {
  return {
    admitted: {},
    shed: {},
    abandoned: {},
    decisionsDefaulted: 0,
    queueTime: { count: 0, totalMs: 0, maxMs: 0 },
    inFlight: 0,
    eventLoopDelayMs: 0,
  };
}

/** This process's counters, live (not a copy). */
export function overloadCounters(): OverloadCounters {
  const holder = globalThis as Holder;
  holder[STORE] ??= fresh();
  return holder[STORE];
}

export function countInto(table: Record<string, number>, key: string): void {
  table[key] = (table[key] ?? 0) + 1;
}

export function recordQueueTime(ms: number): void {
  const queue = overloadCounters().queueTime;
  queue.count += 1;
  queue.totalMs += ms;
  if (ms > queue.maxMs) queue.maxMs = ms;
}

/** For tests: start counting from zero. */
export function resetOverloadCounters(): void {
  (globalThis as Holder)[STORE] = fresh();
}
