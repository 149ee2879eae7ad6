// An endpoint's health, as the delivery engine keeps it (docs/decisions/endpoint-health.md): a failure
// streak opens a circuit breaker that backs the endpoint off (no sends until backoffUntil, then one
// probe at a time), a success closes it, and a streak of 3 days with no success disables the
// endpoint with a reason. The back-off grows per failed probe, not per failure (issue 22, part 3):
// sends already out when the breaker opened, and replays, fail without testing anything new, and
// counting them turned a 20-second outage with four sends out into an hour's stall. The rules are
// pure functions of the endpoint's row and the clock, so the engine applies them under the
// endpoint's row lock and the tests run them with any clock.
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";

export const HEALTH_POLICY = {
  /** Consecutive failures after which the breaker opens (the endpoint is backed off). */
  backOffAfterFailures: 5,
  /**
   * The back-off the breaker opens with; each failed probe (not each failure) doubles it, up to
   * backOffMaxMs. Scaled with the retry schedule.
   */
  backOffBaseMs: 30_000,
  backOffMaxMs: 60 * 60_000,
  /** A failure streak this long with no success disables the endpoint. */
  disableAfterMs: 3 * 24 * 60 * 60_000,
} as const;

export type HealthPolicy = { [K in keyof typeof HEALTH_POLICY]: number };

export type EndpointHealthState = "healthy" | "failing" | "backing_off" | "disabled";

export type EndpointHealthFields = Pick<
  WebhookEndpoint,
  | "enabled"
  | "consecutiveFailures"
  | "failingSince"
  | "lastSuccessAt"
  | "lastFailureAt"
  | "lastFailureReason"
  | "backoffUntil"
  | "backoffProbeFailures"
  | "probeLeaseUntil"
  | "disabledAt"
  | "disabledReason"
>;

/** What the API and the console show: disabled wins, then an open breaker, then a streak. */
export function endpointHealthState(endpoint: EndpointHealthFields): EndpointHealthState {
  if (!endpoint.enabled) return "disabled";
  if (endpoint.backoffUntil) return "backing_off";
  if (endpoint.consecutiveFailures > 0) return "failing";
  return "healthy";
}

/**
 * No failure streak and no breaker: what a success leaves (deliver.ts writes these columns in its
 * one success statement, with lastSuccessAt) and what enabling an endpoint starts from.
 */
export const CLEARED_STREAK = {
  consecutiveFailures: 0,
  failingSince: null,
  backoffUntil: null,
  backoffProbeFailures: 0,
  probeLeaseUntil: null,
} as const satisfies Partial<EndpointHealthFields>;

/** The back-off after `failedProbes` probes failed since the breaker opened: 30 s, 60 s, 120 s... up to the cap. */
export function backOffMs(failedProbes: number, policy: HealthPolicy = HEALTH_POLICY, scale = 1): number {
  const doublings = Math.min(30, Math.max(0, failedProbes));
  return Math.min(policy.backOffMaxMs, policy.backOffBaseMs * 2 ** doublings) * scale;
}

/**
 * The columns a recorded failure writes. `probe` says the attempt was the breaker's probe (it held
 * the probe lease); only a failed probe reopens an open breaker, one step longer. Any other
 * failure while it is open (a send already out when it opened, a replay) is counted in the streak
 * and leaves the breaker, and a probe in flight, as they are. `scale` shrinks the back-off with
 * the retry schedule (tests); the 3-day limit is the policy's, unscaled.
 */
export function afterFailure(
  endpoint: EndpointHealthFields,
  failure: { at: Date; reason: string; probe?: boolean },
  policy: HealthPolicy = HEALTH_POLICY,
  scale = 1,
): Partial<EndpointHealthFields> {
  const failures = endpoint.consecutiveFailures + 1;
  const failingSince = endpoint.failingSince ?? failure.at;
  const next: Partial<EndpointHealthFields> = {
    consecutiveFailures: failures,
    failingSince,
    lastFailureAt: failure.at,
    lastFailureReason: failure.reason.slice(0, 500),
  };
  const openBreaker = (failedProbes: number) => {
    next.backoffUntil = new Date(failure.at.getTime() + backOffMs(failedProbes, policy, scale));
    next.backoffProbeFailures = failedProbes;
    next.probeLeaseUntil = null;
  };
  // A disabled endpoint is sent nothing: it has no breaker to move.
  if (endpoint.enabled) {
    if (endpoint.backoffUntil === null) {
      if (failures >= policy.backOffAfterFailures) openBreaker(0);
    } else if (failure.probe && endpoint.backoffUntil <= failure.at) {
      // A probe goes only once the back-off is over; one reopened since (by another probe whose
      // lease ran out under it) was already counted.
      openBreaker(endpoint.backoffProbeFailures + 1);
    }
  }
  if (endpoint.enabled && failure.at.getTime() - failingSince.getTime() >= policy.disableAfterMs) {
    const days = Math.floor((failure.at.getTime() - failingSince.getTime()) / 86_400_000);
    next.enabled = false;
    next.disabledAt = failure.at;
    next.disabledReason =
      `Disabled automatically: every delivery failed for ${days} days (since ${failingSince.toISOString()}) ` +
      `with no success; last error: ${failure.reason}`.slice(0, 1_000);
    next.backoffUntil = null;
    next.backoffProbeFailures = 0;
    next.probeLeaseUntil = null;
  }
  return next;
}

/** What a send may do now, by the breaker: go, or wait until `until` (the back-off's end, or the probe's lease). */
export function breakerVerdict(
  endpoint: Pick<EndpointHealthFields, "backoffUntil" | "probeLeaseUntil">,
  now: Date,
): { kind: "closed" } | { kind: "wait"; until: Date } | { kind: "probe" } {
  if (!endpoint.backoffUntil) return { kind: "closed" };
  if (endpoint.backoffUntil > now) return { kind: "wait", until: endpoint.backoffUntil };
  if (endpoint.probeLeaseUntil && endpoint.probeLeaseUntil > now)
    return { kind: "wait", until: endpoint.probeLeaseUntil };
  return { kind: "probe" };
}
