// An endpoint's delivery health as the engine records it: a badge naming the state in words, then
// the failure streak, the last failure with its reason, the last success, and why it was disabled.
import {
  endpointHealthState,
  HEALTH_POLICY,
  type EndpointHealthFields,
  type EndpointHealthState,
} from "@/lib/webhooks/endpoint-health";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Time } from "@/app/merchant/sdk/_components/time";

type Shown = { label: string; tone: BadgeTone; hint: string };

const STATES: Record<EndpointHealthState, Shown> = {
  healthy: { label: "Healthy", tone: "green", hint: "Deliveries are succeeding." },
  failing: { label: "Failing", tone: "amber", hint: "Recent deliveries failed; they are retried on their schedule." },
  backing_off: {
    label: "Backing off",
    tone: "red",
    hint: `After ${HEALTH_POLICY.backOffAfterFailures} failures in a row, one probe delivery is sent at a time until one succeeds; the others wait, none is lost.`,
  },
  disabled: {
    label: "Disabled",
    tone: "red",
    hint: "Nothing is sent. Enabling the endpoint clears its failure streak and resumes its pending deliveries.",
  },
};

// The engine counts a new endpoint as healthy (nothing has failed), but "Deliveries are succeeding"
// next to "Last success: never" says something that has not happened.
const UNTRIED: Shown = {
  label: "No deliveries yet",
  tone: "slate",
  hint: "Nothing has been sent to it yet; its health shows after the first delivery.",
};

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="break-words">
      <dt className="inline font-medium text-slate-600">{term}</dt>{" "}
      <dd className="inline text-slate-700">{children}</dd>
    </div>
  );
}

export function EndpointHealth({ endpoint }: { endpoint: EndpointHealthFields & { id: string } }) {
  const state = endpointHealthState(endpoint);
  const untried = state === "healthy" && !endpoint.lastSuccessAt && !endpoint.lastFailureAt;
  const { label, tone, hint } = untried ? UNTRIED : STATES[state];
  const streak = endpoint.consecutiveFailures;
  return (
    <div className="mt-2 text-xs" data-testid="endpoint-health" data-state={untried ? "untried" : state}>
      <p className="flex flex-wrap items-center gap-1.5">
        <span className="sr-only">Health:</span>
        <Badge tone={tone}>{label}</Badge>
        <span className="text-slate-500">{hint}</span>
      </p>
      <dl className="mt-1.5 space-y-0.5" aria-label={`Health of endpoint ${endpoint.id}`}>
        {state === "disabled" ? (
          <Row term="Disabled:">
            {endpoint.disabledAt ? <Time value={endpoint.disabledAt} /> : "date not recorded"}
            {" — "}
            <span data-testid="endpoint-disabled-reason">{endpoint.disabledReason ?? "no reason recorded"}</span>
          </Row>
        ) : null}
        {streak > 0 ? (
          <Row term="Failure streak:">
            {streak} {streak === 1 ? "failure" : "failures"} in a row
            {endpoint.failingSince ? (
              <>
                {" since "}
                <Time value={endpoint.failingSince} />
              </>
            ) : null}
          </Row>
        ) : null}
        {state === "backing_off" && endpoint.backoffUntil ? (
          <Row term="Next probe:">
            not before <Time value={endpoint.backoffUntil} />
          </Row>
        ) : null}
        {endpoint.lastFailureAt ? (
          <Row term="Last failure:">
            <Time value={endpoint.lastFailureAt} />
            {endpoint.lastFailureReason ? ` — ${endpoint.lastFailureReason}` : null}
          </Row>
        ) : null}
        <Row term="Last success:">{endpoint.lastSuccessAt ? <Time value={endpoint.lastSuccessAt} /> : "never"}</Row>
      </dl>
    </div>
  );
}
