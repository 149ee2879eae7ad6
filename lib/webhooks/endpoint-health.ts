// An endpoint's health, as the delivery engine keeps it (decisions.md, "Endpoint health"): a failure
// streak opens a circuit breaker that backs the endpoint off (no sends until backoffUntil, then one
// probe at a time), a success closes it, and a streak of 3 days with no success disables the
// endpoint with a reason. The rules are pure functions of the endpoint's row and the clock, so the
// engine applies them under the endpoint's row lock and the tests run them with any clock.
import type { WebhookEndpoint } from "@/lib/generated/prisma/client";

export const HEALTH_POLICY = {
  /** Consecutive failures after which the endpoint is backed off. */
  backOffAfterFailures: 5,
  /** The first back-off; each further failure doubles it, up to backOffMaxMs. Scaled with the retry schedule. */
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
  probeLeaseUntil: null,
} as const satisfies Partial<EndpointHealthFields>;

function backOffMs(failures: number, policy: HealthPolicy, scale: number): number {
  const doublings = Math.min(30, Math.max(0, failures - policy.backOffAfterFailures));
  return Math.min(policy.backOffMaxMs, policy.backOffBaseMs * 2 ** doublings) * scale;
}

/**
 * The columns a recorded failure writes. `scale` shrinks the back-off with the retry schedule
 * (tests); the 3-day limit is the policy's, unscaled.
 */
export function afterFailure(
  endpoint: EndpointHealthFields,
  failure: { at: Date; reason: string },
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
    probeLeaseUntil: null,
    backoffUntil:
      failures >= policy.backOffAfterFailures
        ? new Date(failure.at.getTime() + backOffMs(failures, policy, scale))
        : endpoint.backoffUntil,
  };
  if (endpoint.enabled && failure.at.getTime() - failingSince.getTime() >= policy.disableAfterMs) {
    const days = Math.floor((failure.at.getTime() - failingSince.getTime()) / 86_400_000);
    next.enabled = false;
    next.disabledAt = failure.at;
    next.disabledReason =
      `Disabled automatically: every delivery failed for ${days} days (since ${failingSince.toISOString()}) ` +
      `with no success; last error: ${failure.reason}`.slice(0, 1_000);
    next.backoffUntil = null;
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
