// Webhooks > Authorization decisions: the current mode's decision endpoint, to set, test and watch:
// its settings, its health over its newest 100 decisions (counts by reason, p50/p95 latency) and the
// last decisions, each linked to its authorization's wallet through the authorizations API record.
import type { Metadata } from "next";
import { readConsoleDecisionEndpoint } from "@/lib/console/authorization-endpoint";
import { can, writeIn } from "@/lib/console/roles";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { EmptyState } from "@/components/ui/empty-state";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { DecisionEndpointForm } from "./decision-endpoint-form";

export const metadata: Metadata = { title: "Authorization decisions" };

export default async function AuthorizationEndpointPage({ params }: { params: Promise<{ appId: string }> }) {
  const { appId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const endpoint = await readConsoleDecisionEndpoint(merchant.id, application.id);
  const live = application.consoleLivemode;
  const health = endpoint?.health;
  return (
    <>
      <PageHeader
        title="Authorization decisions"
        description={
          <>
            Your endpoint approves or declines each {live ? "live" : "test"} card spend in real time, signed like a
            webhook. <TextLink href="/webhooks/security#authorization-decisions">How it works</TextLink>
          </>
        }
      />
      <div className="space-y-6">
        <Panel title={`${live ? "Live" : "Test"} decision endpoint`} id="decision-endpoint">
          <DecisionEndpointForm
            applicationId={application.id}
            endpoint={endpoint}
            canWrite={can(application.role, writeIn(live))}
            live={live}
          />
        </Panel>
        <Panel title="Health" id="decision-health" description="Over the endpoint's newest 100 decisions.">
          {endpoint?.refusal ? (
            <p
              role="alert"
              className="mb-4 rounded bg-amber-50 p-3 text-sm text-amber-900"
              data-testid="decision-refusal"
            >
              Not asked: {endpoint.refusal} Every spend gets the default action ({endpoint.defaultAction}) without a
              call until the URL is changed.
            </p>
          ) : null}
          {!health || health.window === 0 ? (
            <EmptyState title="No decisions yet">
              Spends with a card of this application are asked once the endpoint is set;{" "}
              <code>npm run cli -- authorizations simulate</code> runs a test tap.
            </EmptyState>
          ) : (
            <div className="space-y-4">
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="decision-health">
                {(
                  [
                    ["Approved", health.approved],
                    ["Declined", health.declined],
                    ["Timeouts", health.timeouts],
                    ["Invalid answers", health.invalidResponses],
                    ["Errors", health.errors],
                    ["Overloaded", health.overloaded],
                    ["p50 latency", health.p50LatencyMs === null ? "–" : `${health.p50LatencyMs} ms`],
                    ["p95 latency", health.p95LatencyMs === null ? "–" : `${health.p95LatencyMs} ms`],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-500">{label}</dt>
                    <dd className="font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              <Table caption="The last decisions" head={["When", "Authorization", "By", "Reason", "Latency", "Status"]}>
                {health.lastAnswers.map((answer) => (
                  <tr key={answer.authorizationId}>
                    <Td>
                      <Time value={answer.at} />
                    </Td>
                    <Td className="font-mono text-xs">{answer.authorizationId}</Td>
                    <Td>{answer.by}</Td>
                    <Td>{answer.reason}</Td>
                    <Td>{answer.latencyMs === null ? "–" : `${answer.latencyMs} ms`}</Td>
                    <Td>{answer.statusCode ?? "–"}</Td>
                  </tr>
                ))}
              </Table>
            </div>
          )}
        </Panel>
      </div>
    </>
  );
}
