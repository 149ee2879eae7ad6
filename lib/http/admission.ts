// Admission control (docs/decisions/overload.md): each request is classified by its method and path
// into a priority class, and refused at once with 503 `overloaded` when the process already has too
// many requests in flight or its event loop is running late, before any database or Redis work.
// Lower classes see a smaller share of both bounds, so they are shed first and the capacity left
// goes to the decision-critical path.
import { monitorEventLoopDelay, type IntervalHistogram } from "node:perf_hooks";
import { recordQueueTime } from "@/lib/platform/overload-counters";
import { abandonIfUnwanted, currentDeadline } from "@/lib/platform/request-deadline";

export type PriorityClass = "decision" | "write" | "read" | "page" | "verification";

/**
 * `share`: the fraction of ADMISSION_MAX_IN_FLIGHT and ADMISSION_MAX_EVENT_LOOP_DELAY_MS a class may
 * use; `budgetMs`: its deadline after admission (statement_timeout and the abandon-before-commit
 * check follow it). The decision class's: the longest decision endpoint timeout (2 s) and the time to
 * record its answer, so only a spend that queued first has its ask shortened.
 */
export const PRIORITY_CLASSES: Record<PriorityClass, { share: number; budgetMs: number }> = {
  decision: { share: 1, budgetMs: 2_500 },
  write: { share: 0.9, budgetMs: 5_000 },
  read: { share: 0.8, budgetMs: 3_000 },
  page: { share: 0.8, budgetMs: 15_000 },
  verification: { share: 0.5, budgetMs: 3_000 },
};

/**
 * Decision-critical routes: answered first, shed last, answered by the stand-in rule rather than late.
 * A network authorization route (the card network issue) is one more line here.
 */
const DECISION_ROUTES: readonly (readonly [method: string, path: RegExp])[] = [
  ["POST", /^\/api\/public\/sdk\/v1\/cards\/[^/]+\/authorizations$/],
  // Lithic's Authorization Stream Access: answered inside Lithic's window (docs/decisions/card-processors.md).
  ["POST", /^\/api\/processors\/lithic\/asa$/],
];

/** Public verification reads (the /verify pages and their API): shed first. */
const VERIFICATION_PATHS = /^\/(?:verify(?:\/|$)|treasury(?:\/|$)|api\/public\/(?:verify|treasury)\/)/;

export function classify(method: string, target: string): PriorityClass {
  const pathname = target.split(/[?#]/, 1)[0] ?? "";
  if (DECISION_ROUTES.some(([m, path]) => m === method && path.test(pathname))) return "decision";
  if (VERIFICATION_PATHS.test(pathname)) return "verification";
  if (!pathname.startsWith("/api/")) return "page";
  return method === "GET" || method === "HEAD" || method === "OPTIONS" ? "read" : "write";
}

export type AdmissionLimits = { maxInFlight: number; maxEventLoopDelayMs: number };
export type AdmissionLoad = { inFlight: number; eventLoopDelayMs: number };
export type AdmissionVerdict = "admit" | "in_flight" | "event_loop";

/** The rule itself, pure: the class's share of each bound, at least one request in flight. */
export function admissionVerdict(
  priority: PriorityClass,
  load: AdmissionLoad,
  limits: AdmissionLimits,
): AdmissionVerdict {
  const { share } = PRIORITY_CLASSES[priority];
  if (load.inFlight >= Math.max(1, Math.floor(limits.maxInFlight * share))) return "in_flight";
  if (load.eventLoopDelayMs > limits.maxEventLoopDelayMs * share) return "event_loop";
  return "admit";
}

const SAMPLE_INTERVAL_MS = 100;
const RESOLUTION_MS = 10;

/**
 * The event loop's current delay: every 100 ms, the larger of the histogram's mean over the last
 * window (less its resolution, as @fastify/under-pressure does) and how late the sampling timer
 * itself fired; reported as the smaller of the last two such samples, so a delay counts once it is
 * sustained. A single block (a route's code loading on its first request, a major collection) is
 * over by the time it is measured, and refusing the requests after it would shed for nothing.
 */
export class EventLoopDelay {
  private histogram: IntervalHistogram;
  private timer: NodeJS.Timeout;
  private expectedAt: number;
  private previous = 0;
  current = 0;

  constructor(onSample?: (ms: number) => void) {
    this.histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    this.histogram.enable();
    this.expectedAt = performance.now() + SAMPLE_INTERVAL_MS;
    this.timer = setInterval(() => {
      const now = performance.now();
      const late = Math.max(0, now - this.expectedAt);
      this.expectedAt = now + SAMPLE_INTERVAL_MS;
      const mean = Number.isNaN(this.histogram.mean) ? 0 : this.histogram.mean / 1e6 - RESOLUTION_MS;
      this.histogram.reset();
      const sample = Math.max(0, mean, late);
      this.current = Math.min(sample, this.previous);
      this.previous = sample;
      onSample?.(this.current);
    }, SAMPLE_INTERVAL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}

/**
 * Called by each route wrapper as it starts: counts how long the request waited after admission,
 * and refuses one that waited past its deadline before any of its work ran (the client has likely
 * given up; a decision-critical one goes on and answers the stand-in rule).
 */
export function beginAdmittedWork(now = Date.now()): void {
  const request = currentDeadline();
  if (!request || request.startedAt !== undefined) return;
  request.startedAt = now;
  recordQueueTime(now - request.admittedAt);
  if (request.budgetFromRouteStartMs !== undefined) {
    request.deadline = now + request.budgetFromRouteStartMs;
    return;
  }
  abandonIfUnwanted(request, "waited past its deadline", now);
}
