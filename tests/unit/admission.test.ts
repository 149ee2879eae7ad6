// The admission rule of lib/http/admission.ts (docs/decisions/overload.md): the in-flight bound, the
// event-loop bound, each class's share of them, the classification of paths, and what a request that
// waited past its deadline, or lost its client, is answered.
import { describe, expect, it } from "vitest";
import {
  admissionVerdict,
  beginAdmittedWork,
  classify,
  EventLoopDelay,
  PRIORITY_CLASSES,
  type PriorityClass,
} from "@/lib/http/admission";
import { overloadCounters, resetOverloadCounters } from "@/lib/platform/overload-counters";
import { abandonReason, runWithDeadline, type RequestDeadline } from "@/lib/platform/request-deadline";
import { DomainError } from "@/lib/errors";
import { toApiError } from "@/lib/http/errors";

const limits = { maxInFlight: 100, maxEventLoopDelayMs: 200 };
const idle = { inFlight: 0, eventLoopDelayMs: 0 };

describe("admissionVerdict", () => {
  it("admits every class on an idle process", () => {
    for (const priority of Object.keys(PRIORITY_CLASSES) as PriorityClass[])
      expect(admissionVerdict(priority, idle, limits)).toBe("admit");
  });

  it("refuses a request once the in-flight bound is reached", () => {
    expect(admissionVerdict("decision", { inFlight: 99, eventLoopDelayMs: 0 }, limits)).toBe("admit");
    expect(admissionVerdict("decision", { inFlight: 100, eventLoopDelayMs: 0 }, limits)).toBe("in_flight");
  });

  it("refuses a request once the event loop runs later than its bound", () => {
    expect(admissionVerdict("decision", { inFlight: 0, eventLoopDelayMs: 200 }, limits)).toBe("admit");
    expect(admissionVerdict("decision", { inFlight: 0, eventLoopDelayMs: 201 }, limits)).toBe("event_loop");
  });

  it("sheds public verification first, then reads and pages, then writes, and spends last", () => {
    const shedAt = (priority: PriorityClass) => {
      let inFlight = 0;
      while (admissionVerdict(priority, { inFlight, eventLoopDelayMs: 0 }, limits) === "admit") inFlight += 1;
      return inFlight;
    };
    expect(shedAt("verification")).toBe(50);
    expect(shedAt("read")).toBe(80);
    expect(shedAt("page")).toBe(80);
    expect(shedAt("write")).toBe(90);
    expect(shedAt("decision")).toBe(100);
    // The same order on the event-loop bound.
    const at150 = { inFlight: 0, eventLoopDelayMs: 150 };
    expect(admissionVerdict("verification", at150, limits)).toBe("event_loop");
    expect(admissionVerdict("read", at150, limits)).toBe("admit");
    const at170 = { inFlight: 0, eventLoopDelayMs: 170 };
    expect(admissionVerdict("read", at170, limits)).toBe("event_loop");
    expect(admissionVerdict("write", at170, limits)).toBe("admit");
    expect(admissionVerdict("decision", { inFlight: 0, eventLoopDelayMs: 195 }, limits)).toBe("admit");
  });

  it("lets one request of every class through even under a bound of 1", () => {
    expect(admissionVerdict("verification", idle, { maxInFlight: 1, maxEventLoopDelayMs: 200 })).toBe("admit");
    expect(
      admissionVerdict(
        "verification",
        { inFlight: 1, eventLoopDelayMs: 0 },
        { maxInFlight: 1, maxEventLoopDelayMs: 200 },
      ),
    ).toBe("in_flight");
  });
});

describe("classify", () => {
  it("puts the SDK spend in the decision class and nothing else there", () => {
    expect(classify("POST", "/api/public/sdk/v1/cards/card_1/authorizations")).toBe("decision");
    expect(classify("POST", "/api/public/sdk/v1/cards/card_1/authorizations?x=1")).toBe("decision");
    expect(classify("GET", "/api/public/sdk/v1/cards/card_1/authorizations")).toBe("read");
    // Lithic's ASA requests must be answered inside Lithic's window; its events can wait.
    expect(classify("POST", "/api/processors/lithic/asa")).toBe("decision");
    expect(classify("POST", "/api/processors/lithic/events")).toBe("write");
    expect(classify("POST", "/api/public/sdk/v1/authorizations/auth_1/capture")).toBe("write");
  });

  it("sorts the rest into writes, reads, verification and pages", () => {
    expect(classify("POST", "/api/public/sdk/v1/wallets")).toBe("write");
    expect(classify("DELETE", "/api/public/sdk/v1/webhooks/we_1")).toBe("write");
    expect(classify("GET", "/api/public/sdk/v1/wallets/u_1")).toBe("read");
    expect(classify("GET", "/verify")).toBe("verification");
    expect(classify("GET", "/verify/proof/abc")).toBe("verification");
    expect(classify("POST", "/api/public/verify/statement-token")).toBe("verification");
    expect(classify("GET", "/treasury")).toBe("verification");
    expect(classify("GET", "/verifying")).toBe("page");
    expect(classify("GET", "/merchant/sdk")).toBe("page");
  });
});

function deadline(overrides: Partial<RequestDeadline> = {}): RequestDeadline {
  const now = Date.now();
  return {
    priority: "read",
    admittedAt: now,
    deadline: now + 1_000,
    clientGone: new AbortController().signal,
    decisionCritical: false,
    ...overrides,
  };
}

describe("deadlines", () => {
  it("abandons work whose deadline passed or whose client left, but never a spend for its deadline", () => {
    const now = Date.now();
    expect(abandonReason(deadline(), now)).toBeUndefined();
    expect(abandonReason(deadline({ deadline: now - 1 }), now)).toBe("deadline");
    const gone = new AbortController();
    gone.abort();
    expect(abandonReason(deadline({ clientGone: gone.signal }), now)).toBe("client_gone");
    expect(abandonReason(deadline({ deadline: now - 1, decisionCritical: true }), now)).toBeUndefined();
    expect(abandonReason(deadline({ clientGone: gone.signal, decisionCritical: true }), now)).toBe("client_gone");
  });

  it("counts queue time when a route starts, and refuses one that waited past its deadline", () => {
    resetOverloadCounters();
    const now = Date.now();
    runWithDeadline(deadline({ admittedAt: now - 40 }), () => beginAdmittedWork(now));
    expect(overloadCounters().queueTime).toEqual({ count: 1, totalMs: 40, maxMs: 40 });

    let refused: unknown;
    runWithDeadline(deadline({ admittedAt: now - 3_500, deadline: now - 500 }), () => {
      try {
        beginAdmittedWork(now);
      } catch (error) {
        refused = error;
      }
    });
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: "overloaded", retryAfterSeconds: 1 });
    expect(overloadCounters().abandoned).toEqual({ deadline: 1 });
    // Outside a request (jobs, the CLI) nothing is counted or refused.
    beginAdmittedWork(now);
    expect(overloadCounters().queueTime.count).toBe(2);
  });

  it("in the development server, starts the budget when the route starts: a first request's compile is not queueing", () => {
    const now = Date.now();
    const compiled = deadline({ admittedAt: now - 9_000, deadline: now - 6_000, budgetFromRouteStartMs: 5_000 });
    runWithDeadline(compiled, () => beginAdmittedWork(now));
    expect(compiled.deadline).toBe(now + 5_000);
    expect(abandonReason(compiled, now + 4_999)).toBeUndefined();
    expect(abandonReason(compiled, now + 5_001)).toBe("deadline");
  });
});

describe("EventLoopDelay", () => {
  const block = (ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) {
      // Blocking on purpose: what a CPU-bound burst does to every request of the process.
    }
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it("reports a sustained delay of the event loop, and not a single block", async () => {
    const loop = new EventLoopDelay();
    try {
      await pause(250);
      block(300);
      await pause(30);
      // One block, already over: not a reason to refuse what comes next.
      expect(loop.current).toBeLessThan(100);
      block(300);
      await pause(30);
      expect(loop.current).toBeGreaterThan(150);
      await pause(350);
      expect(loop.current).toBeLessThan(100);
    } finally {
      loop.stop();
    }
  });
});

describe("a statement stopped by the deadline's timeouts", () => {
  it("answers 503 overloaded with Retry-After: 1, not a 500", () => {
    for (const code of ["57014", "55P03"]) {
      const viaPrisma = Object.assign(new Error("Invalid invocation"), {
        code: "P2010",
        meta: { driverAdapterError: { name: "DriverAdapterError", cause: { kind: "postgres", originalCode: code } } },
      });
      for (const error of [Object.assign(new Error("canceling statement"), { code }), viaPrisma]) {
        const answer = toApiError(error, "req_test");
        expect(answer.status).toBe(503);
        expect(answer.code).toBe("overloaded");
        expect(answer.headers).toEqual({ "retry-after": "1" });
      }
    }
  });
});
