// decision_endpoint.failing (docs/decisions/operational-events.md): each process counts its decision
// endpoints' calls that failed in a row (timeout, error, invalid response; an answer ends the streak,
// an overloaded spend that never asked counts neither way). When a streak reaches
// FAILING_POLICY.afterFailures the event is recorded in its own short transaction, off the spend's
// path: the spend does not wait for it, so a failing endpoint never costs a spend more than the
// endpoint's own timeout. The database is the memory across processes: under the endpoint's row
// lock, an event of this kind about it in the last hour means nothing is recorded.
import type { AuthorizationDecision } from "@/lib/schemas/authorization";
import { prisma } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import { errorField, logger } from "@/lib/logging/logger";
import {
  DECISION_FAILURE_REASONS,
  type DecisionEndpointFailingData,
  type DecisionFailureReason,
} from "@/lib/schemas/operational-event";
import type { Tenant } from "@/lib/tenant";
import type { DecisionEndpoint } from "./decision-endpoint";

export const FAILING_POLICY = {
  /** Failed calls in a row (in one process) after which the endpoint is reported failing. */
  afterFailures: 5,
  /** At most one event per endpoint this often, across every process. */
  everyMs: 60 * 60_000,
  /** How soon one process looks again after finding the hour's event already recorded by another. */
  recheckMs: 60_000,
} as const;

type Streak = { failures: number; since: Date; notBefore: number };

const streaks = new Map<string, Streak>();

function isFailure(reason: AuthorizationDecision["reason"]): reason is DecisionFailureReason {
  return DECISION_FAILURE_REASONS.some((r) => r === reason);
}

/**
 * Counts one asked decision's outcome. Returns the recording under way when this call crossed the
 * threshold (tests await it; the spend path does not), or undefined.
 */
export function noteDecisionOutcome(
  tenant: Tenant,
  endpoint: Pick<DecisionEndpoint, "id" | "defaultAction">,
  reason: AuthorizationDecision["reason"],
  now: Date = new Date(),
): Promise<boolean> | undefined {
  if (reason === "overloaded") return undefined;
  if (!isFailure(reason)) {
    streaks.delete(endpoint.id);
    return undefined;
  }
  const streak = streaks.get(endpoint.id) ?? { failures: 0, since: now, notBefore: 0 };
  streak.failures += 1;
  streaks.set(endpoint.id, streak);
  if (streak.failures < FAILING_POLICY.afterFailures || now.getTime() < streak.notBefore) return undefined;
  // Whatever the outcome, this process does not try again for a while: one round trip per endpoint
  // per minute at most, however many spends fail.
  streak.notBefore = now.getTime() + FAILING_POLICY.recheckMs;
  const data: DecisionEndpointFailingData = {
    id: endpoint.id,
    object: "decision_endpoint",
    reason,
    consecutiveFailures: streak.failures,
    failingSince: streak.since.toISOString(),
    defaultAction: endpoint.defaultAction === "approve" ? "approve" : "decline",
    livemode: tenant.livemode,
  };
  const recording = recordFailing(tenant, data, now).then(
    (recorded) => {
      if (recorded) streak.notBefore = now.getTime() + FAILING_POLICY.everyMs;
      return recorded;
    },
    (error: unknown) => {
      logger("authorization-decisions").warn(
        { ...errorField(error), endpointId: endpoint.id },
        "recording decision_endpoint.failing failed",
      );
      return false;
    },
  );
  return recording;
}

/** Records the event unless one about this endpoint was recorded in the last hour; whether it did. */
async function recordFailing(tenant: Tenant, data: DecisionEndpointFailingData, now: Date): Promise<boolean> {
  // The shared client's own transaction, not the request's: the spend's deadline does not bound it.
  return prisma().$transaction(async (tx) => {
    const [endpoint] = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "AuthorizationEndpoint" WHERE "id" = ${data.id} FOR UPDATE`;
    // Deleted since: nothing to report.
    if (!endpoint) return false;
    const recent = await tx.event.findFirst({
      where: {
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        type: "decision_endpoint.failing",
        createdAt: { gt: new Date(now.getTime() - FAILING_POLICY.everyMs) },
        data: { path: ["id"], equals: data.id },
      },
      select: { id: true },
    });
    if (recent) return false;
    await recordEvent(tx, tenant, "decision_endpoint.failing", data);
    return true;
  });
}
