// The endpoint health rules as pure functions of a row and a clock: when the breaker opens, how
// long it backs off (one step per failed probe, not per failure: issue 22, part 3), when a probe
// may go, and when three days of failures disable the endpoint.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  afterFailure,
  backOffMs,
  CLEARED_STREAK,
  breakerVerdict,
  endpointHealthState,
  HEALTH_POLICY,
  type EndpointHealthFields,
} from "@/lib/webhooks/endpoint-health";
import { EndpointGate } from "@/lib/webhooks/endpoint-gate";

const healthy: EndpointHealthFields = {
  enabled: true,
  consecutiveFailures: 0,
  failingSince: null,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastFailureReason: null,
  backoffUntil: null,
  backoffProbeFailures: 0,
  probeLeaseUntil: null,
  disabledAt: null,
  disabledReason: null,
};

const BASE = HEALTH_POLICY.backOffBaseMs;
const MAX = HEALTH_POLICY.backOffMaxMs;
const t0 = Date.parse("2026-11-24T00:00:00Z");

function fail(endpoint: EndpointHealthFields, at: number, probe = false): EndpointHealthFields {
  return { ...endpoint, ...afterFailure(endpoint, { at: new Date(at), reason: "HTTP 500", probe }) };
}

function failTimes(times: number[], start = healthy): EndpointHealthFields {
  return times.reduce<EndpointHealthFields>((endpoint, at) => fail(endpoint, at), start);
}

/** Five failures a second apart from `at`: the breaker opens at the last, at + 4 s. */
function openedAt(at: number): EndpointHealthFields {
  return failTimes([0, 1, 2, 3, 4].map((i) => at + i * 1_000));
}

/** What the engine does with a success: the streak and breaker cleared (deliver.ts's one statement). */
function succeed(endpoint: EndpointHealthFields, at: number): EndpointHealthFields {
  return { ...endpoint, ...CLEARED_STREAK, lastSuccessAt: new Date(at) };
}

describe("endpoint health", () => {
  it("opens the breaker at the fifth consecutive failure, not before", () => {
    const four = failTimes([0, 1, 2, 3].map((i) => t0 + i * 1_000));
    expect(endpointHealthState(four)).toBe("failing");
    expect(four.backoffUntil).toBeNull();
    const five = failTimes([t0 + 4_000], four);
    expect(endpointHealthState(five)).toBe("backing_off");
    expect(five.backoffUntil?.getTime()).toBe(t0 + 4_000 + BASE);
    expect(five.backoffProbeFailures).toBe(0);
    expect(five.failingSince?.getTime()).toBe(t0);
  });

  it("counts failures recorded after it opened (sends already out, replays) but does not extend the back-off", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 * BASE }), { minLength: 1, maxLength: 40 }), (offsets) => {
        const open = openedAt(t0);
        const until = open.backoffUntil!.getTime();
        // Sends out when it opened fail within their timeout; later ones (replays) at any time.
        const times = [...offsets].sort((a, b) => a - b).map((offset) => t0 + 4_000 + offset);
        const after = failTimes(times, open);
        expect(after.backoffUntil?.getTime()).toBe(until);
        expect(after.backoffProbeFailures).toBe(0);
        expect(after.consecutiveFailures).toBe(5 + times.length);
        expect(after.lastFailureAt?.getTime()).toBe(times.at(-1));
      }),
    );
  });

  it("leaves a probe's lease alone when another send fails meanwhile", () => {
    const open = openedAt(t0);
    const probing = { ...open, probeLeaseUntil: new Date(open.backoffUntil!.getTime() + 15_000) };
    const after = fail(probing, open.backoffUntil!.getTime() + 1_000);
    expect(after.probeLeaseUntil).toEqual(probing.probeLeaseUntil);
    expect(breakerVerdict(after, new Date(open.backoffUntil!.getTime() + 2_000)).kind).toBe("wait");
  });

  it("reopens with the next step at each failed probe: 30 s, 60 s, 120 s... up to an hour", () => {
    let endpoint = openedAt(t0);
    let at = t0 + 4_000;
    const steps = [endpoint.backoffUntil!.getTime() - at];
    for (let probe = 1; probe <= 10; probe += 1) {
      at = endpoint.backoffUntil!.getTime() + 500;
      endpoint = fail({ ...endpoint, probeLeaseUntil: new Date(at + 15_000) }, at, true);
      expect(endpoint.backoffProbeFailures).toBe(probe);
      expect(endpoint.probeLeaseUntil).toBeNull();
      steps.push(endpoint.backoffUntil!.getTime() - at);
    }
    expect(steps.map((ms) => ms / 1_000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
  });

  it("does not count a probe whose back-off another probe already reopened", () => {
    const open = openedAt(t0);
    const first = open.backoffUntil!.getTime() + 100;
    const reopened = fail(open, first, true);
    // A second probe, sent when the first one's lease ran out under it, fails after the reopening.
    const second = fail(reopened, first + 50, true);
    expect(second.backoffUntil).toEqual(reopened.backoffUntil);
    expect(second.backoffProbeFailures).toBe(1);
  });

  it("keeps the back-off at its first step whatever fails, unless a probe failed", () => {
    // Any interleaving of failures (probes or not, at any gap) and successes, against a model of
    // the rules: the breaker opens at the 5th failure of a streak for 30 s, and only a probe that
    // fails once the back-off is over adds a step.
    const op = fc.record({
      kind: fc.constantFrom("fail", "fail", "fail", "probe", "success"),
      gap: fc.integer({ min: 1, max: 3 * BASE }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
        let endpoint = healthy;
        let at = t0;
        let streak = 0;
        let model: { openedAt: number; failedProbes: number } | null = null;
        for (const { kind, gap } of ops) {
          at += gap;
          if (kind === "success") {
            endpoint = succeed(endpoint, at);
            streak = 0;
            model = null;
            continue;
          }
          const probe = kind === "probe";
          endpoint = fail(endpoint, at, probe);
          streak += 1;
          if (model === null) {
            if (streak >= HEALTH_POLICY.backOffAfterFailures) model = { openedAt: at, failedProbes: 0 };
          } else if (probe && model.openedAt + backOffMs(model.failedProbes) <= at) {
            model = { openedAt: at, failedProbes: model.failedProbes + 1 };
          }
          expect(endpoint.consecutiveFailures).toBe(streak);
          if (model === null) {
            expect(endpoint.backoffUntil).toBeNull();
          } else {
            expect(endpoint.backoffProbeFailures).toBe(model.failedProbes);
            expect(endpoint.backoffUntil?.getTime()).toBe(
              model.openedAt + Math.min(MAX, BASE * 2 ** model.failedProbes),
            );
            if (model.failedProbes === 0) expect(endpoint.backoffUntil!.getTime() - model.openedAt).toBe(BASE);
          }
        }
      }),
    );
  });

  it("starts again from the first step after a success", () => {
    let endpoint = openedAt(t0);
    for (let i = 0; i < 4; i += 1) endpoint = fail(endpoint, endpoint.backoffUntil!.getTime() + 1, true);
    expect(endpoint.backoffProbeFailures).toBe(4);
    const healed = succeed(endpoint, endpoint.backoffUntil!.getTime() + 1);
    expect(healed).toMatchObject({ consecutiveFailures: 0, backoffUntil: null, backoffProbeFailures: 0 });
    const later = healed.lastSuccessAt!.getTime() + 60_000;
    const reopened = failTimes(
      [0, 1, 2, 3, 4].map((i) => later + i),
      healed,
    );
    expect(reopened.backoffUntil!.getTime() - (later + 4)).toBe(BASE);
    expect(reopened.backoffProbeFailures).toBe(0);
  });

  it("scales the back-off with the retry schedule", () => {
    const scaled = [0, 1, 2, 3, 4].reduce<EndpointHealthFields>(
      (endpoint, i) => ({
        ...endpoint,
        ...afterFailure(endpoint, { at: new Date(t0 + i), reason: "HTTP 500" }, HEALTH_POLICY, 0.002),
      }),
      healthy,
    );
    expect(scaled.backoffUntil!.getTime() - (t0 + 4)).toBe(BASE * 0.002);
  });

  it("disables exactly when the streak reaches 3 days, whatever failed and however the back-off grew", () => {
    const op = fc.record({ gap: fc.integer({ min: 1, max: 7_200_000 }), probe: fc.boolean() });
    fc.assert(
      fc.property(fc.array(op, { minLength: 5, maxLength: 60 }), (ops) => {
        const start = Date.parse("2026-11-20T00:00:00Z");
        let at = start;
        let endpoint = healthy;
        for (const { gap, probe } of ops) endpoint = fail(endpoint, (at += gap), probe);
        const first = start + ops[0]!.gap;
        const disabled = at - first >= HEALTH_POLICY.disableAfterMs;
        expect(endpoint.enabled).toBe(!disabled);
        if (disabled) {
          expect(endpoint.backoffUntil).toBeNull();
          expect(endpoint.backoffProbeFailures).toBe(0);
        } else {
          expect(endpoint.backoffUntil!.getTime() - endpoint.lastFailureAt!.getTime()).toBeLessThanOrEqual(MAX);
        }
      }),
    );
  });

  it("disables after 3 days of failures with the reason and the date, and a success heals", () => {
    const start = Date.parse("2026-11-20T08:00:00Z");
    const streak = failTimes([start, start + 3_600_000]);
    const disabled = failTimes([start + HEALTH_POLICY.disableAfterMs], streak);
    expect(endpointHealthState(disabled)).toBe("disabled");
    expect(disabled.disabledAt?.toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(disabled.disabledReason).toBe(
      "Disabled automatically: every delivery failed for 3 days (since 2026-11-20T08:00:00.000Z) with no success; last error: HTTP 500",
    );
    const healed = { ...streak, ...CLEARED_STREAK };
    expect(endpointHealthState(healed)).toBe("healthy");
    expect(healed.failingSince).toBeNull();
  });

  it("lets one probe go once the back-off is over, and holds the rest while its lease runs", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    const later = new Date(now.getTime() + 5_000);
    const earlier = new Date(now.getTime() - 5_000);
    expect(breakerVerdict({ backoffUntil: null, probeLeaseUntil: null }, now)).toEqual({ kind: "closed" });
    expect(breakerVerdict({ backoffUntil: later, probeLeaseUntil: null }, now)).toEqual({ kind: "wait", until: later });
    expect(breakerVerdict({ backoffUntil: earlier, probeLeaseUntil: null }, now)).toEqual({ kind: "probe" });
    expect(breakerVerdict({ backoffUntil: earlier, probeLeaseUntil: later }, now)).toEqual({
      kind: "wait",
      until: later,
    });
    expect(breakerVerdict({ backoffUntil: earlier, probeLeaseUntil: earlier }, now)).toEqual({ kind: "probe" });
  });
});

describe("the per-endpoint gate", () => {
  it("forbids an endpoint's jobs exactly while it has its share in flight", () => {
    let freed = 0;
    const gate = new EndpointGate(2, () => (freed += 1));
    expect(gate.forbiddenFlags()).toBeNull();
    expect(gate.tryAcquire("we_a")).toBe(true);
    expect(gate.forbiddenFlags()).toBeNull();
    expect(gate.tryAcquire("we_a")).toBe(true);
    expect(gate.forbiddenFlags()).toEqual(["endpoint:we_a"]);
    expect(gate.tryAcquire("we_a")).toBe(false);
    expect(gate.tryAcquire("we_b")).toBe(true);
    gate.release("we_a");
    expect(freed).toBe(1);
    expect(gate.forbiddenFlags()).toBeNull();
    gate.release("we_a");
    gate.release("we_b");
    expect(gate.sendsInFlight("we_a")).toBe(0);
    expect(freed).toBe(1);
  });
});
