// The endpoint health rules as pure functions of a row and a clock: when the breaker opens, how
// long it backs off, when a probe may go, and when three days of failures disable the endpoint.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  afterFailure,
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
  probeLeaseUntil: null,
  disabledAt: null,
  disabledReason: null,
};

function failTimes(times: number[], start = healthy): EndpointHealthFields {
  return times.reduce<EndpointHealthFields>(
    (endpoint, at) => ({ ...endpoint, ...afterFailure(endpoint, { at: new Date(at), reason: "HTTP 500" }) }),
    start,
  );
}

describe("endpoint health", () => {
  it("opens the breaker at the fifth consecutive failure, not before", () => {
    const t0 = Date.parse("2026-11-24T00:00:00Z");
    const four = failTimes([0, 1, 2, 3].map((i) => t0 + i * 1_000));
    expect(endpointHealthState(four)).toBe("failing");
    expect(four.backoffUntil).toBeNull();
    const five = failTimes([t0 + 4_000], four);
    expect(endpointHealthState(five)).toBe("backing_off");
    expect(five.backoffUntil?.getTime()).toBe(t0 + 4_000 + HEALTH_POLICY.backOffBaseMs);
    expect(five.failingSince?.getTime()).toBe(t0);
  });

  it("doubles the back-off with each failure up to an hour, and disables exactly when the streak reaches 3 days", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7_200_000 }), { minLength: 5, maxLength: 60 }), (gaps) => {
        const t0 = Date.parse("2026-11-20T00:00:00Z");
        let at = t0;
        const times = gaps.map((gap) => (at += gap));
        const endpoint = failTimes(times);
        const last = times.at(-1)!;
        const backOff = endpoint.backoffUntil!.getTime() - last;
        expect(backOff).toBe(
          Math.min(HEALTH_POLICY.backOffMaxMs, HEALTH_POLICY.backOffBaseMs * 2 ** (gaps.length - 5)),
        );
        expect(endpoint.enabled).toBe(last - t0 - gaps[0]! < HEALTH_POLICY.disableAfterMs);
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
