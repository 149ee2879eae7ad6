// The deadline and the client of the HTTP request being served, carried through its async work, so
// the layers below the pipeline (lib/db's transactions, the spend's decision call) can bound their
// own work by it without taking it as an argument (docs/decisions/overload.md). Kept on globalThis:
// the edge server (scripts/serve.ts) and Next's route bundle load separate copies of this module.
import { AsyncLocalStorage } from "node:async_hooks";
import { DomainError } from "@/lib/errors";
import { countInto, overloadCounters } from "./overload-counters";

export type RequestDeadline = {
  /** The priority class it was admitted in (lib/http/admission.ts). */
  priority: string;
  admittedAt: number;
  /** Epoch milliseconds after which its answer is no longer useful. */
  deadline: number;
  /** Aborted when the client goes away before its answer is sent. */
  clientGone: AbortSignal;
  /** The spend authorization path: past its deadline it answers the stand-in rule, never abandons. */
  decisionCritical: boolean;
  /** Set once, when a route wrapper starts on it: how long it waited after admission. */
  startedAt?: number;
  /**
   * The budget runs from when the route starts, not from admission: `npm run dev`, where Next.js
   * compiles a route on its first request, a wait that is not queueing and can outlast any budget.
   */
  budgetFromRouteStartMs?: number;
  /**
   * Set once its answer is all sent: work it left running (handed off, never awaited) is no longer
   * bound by its deadline.
   */
  answered?: boolean;
};

const STORE = Symbol.for("wallet-card.request-deadline");
type Holder = { [STORE]?: AsyncLocalStorage<RequestDeadline> };

function storage(): AsyncLocalStorage<RequestDeadline> {
  const holder = globalThis as Holder;
  holder[STORE] ??= new AsyncLocalStorage<RequestDeadline>();
  return holder[STORE];
}

export function runWithDeadline<T>(deadline: RequestDeadline, work: () => T): T {
  return storage().run(deadline, work);
}

/** The deadline of the request whose work this is, while that request is still unanswered. */
export function currentDeadline(): RequestDeadline | undefined {
  const current = storage().getStore();
  return current?.answered ? undefined : current;
}

/** Milliseconds left of the current request's budget; undefined outside a request (jobs, the CLI). */
export function remainingMs(now = Date.now()): number | undefined {
  const current = currentDeadline();
  return current === undefined ? undefined : current.deadline - now;
}

/** Why the current request's work should stop now, or undefined to go on. */
export function abandonReason(
  current: RequestDeadline | undefined = currentDeadline(),
  now = Date.now(),
): "client_gone" | "deadline" | undefined {
  if (!current) return undefined;
  if (current.clientGone.aborted) return "client_gone";
  if (!current.decisionCritical && now > current.deadline) return "deadline";
  return undefined;
}

/**
 * The refusal for work abandoned before it changed anything (a 503 `overloaded` with Retry-After: 1):
 * nothing was committed, so a retry with the same Idempotency-Key runs it afresh.
 */
export function overloadedError(reason: string): DomainError {
  return new DomainError("overloaded", `The service is over capacity (${reason}); retry after the given seconds.`, {
    retryAfterSeconds: 1,
  });
}

/**
 * Stops the request's work, counted and refused with `overloaded`, when its client is gone or its
 * deadline passed; `deadlineWords` says which deadline ("deadline passed", "waited past its deadline").
 */
export function abandonIfUnwanted(request: RequestDeadline, deadlineWords: string, now = Date.now()): void {
  const reason = abandonReason(request, now);
  if (!reason) return;
  countInto(overloadCounters().abandoned, reason);
  throw overloadedError(reason === "deadline" ? deadlineWords : "client gone");
}
