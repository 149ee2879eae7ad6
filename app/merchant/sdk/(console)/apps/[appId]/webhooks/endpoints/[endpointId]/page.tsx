// One webhook endpoint: where it sends and what, its description, metadata and throttle, its health,
// its success rate and latency over 24 hours and 7 days, its latest failures with their reasons, its
// recent deliveries, its recoveries (start, watch, cancel), and the actions on it (send a test
// event, edit, enable or disable, delete).
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { endpointDetail } from "@/lib/console/endpoint-detail";
import { ENDPOINT_FORM_LIMITS } from "@/lib/console/endpoint-settings";
import type { EndpointWindowStats } from "@/lib/webhooks/endpoint-stats";
import { testEventKinds } from "@/lib/console/send-test-event";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TestBadge } from "@/app/merchant/sdk/_components/test-badge";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { DeleteEndpointButton } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/delete-endpoint-button";
import { EndpointForm } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/endpoint-form";
import { EndpointHealth } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/endpoint-health";
import { EndpointToggle } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/endpoint-toggle";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { refusalOf, writeIn } from "@/lib/console/roles";
import { SendTestEventButton } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/send-test-event-button";
import {
  CancelRecoveryButton,
  RecoverForm,
  RefreshWhileRunning,
} from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/endpoint-recovery";

export const metadata: Metadata = { title: "Webhook endpoint" };

const WINDOW_NAMES: Record<EndpointWindowStats["window"], string> = { "24h": "Last 24 hours", "7d": "Last 7 days" };

function milliseconds(value: number | null): string {
  return value === null ? "—" : `${Math.round(value)} ms`;
}

function percent(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)}%`;
}

export default async function EndpointPage({ params }: { params: Promise<{ appId: string; endpointId: string }> }) {
  const { appId, endpointId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const {
    endpoint,
    metadata,
    recoveries,
    recoveryWindowDays,
    refusal: addressRefusal,
    stats,
    failures,
    deliveries,
  } = await orNotFound(endpointDetail(prisma(), merchant.id, application.id, endpointId));
  const running = recoveries.find((r) => r.status === "running");
  const base = `/merchant/sdk/apps/${application.id}/webhooks`;
  // Shown to every role; disabled, with the reason, for a role that may not change this endpoint's mode.
  const refusal = refusalOf(application.role, writeIn(endpoint.livemode));
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={base}>← Webhooks</TextLink>
      </p>
      <PageHeader
        title="Webhook endpoint"
        description={<span className="break-all font-mono">{endpoint.url}</span>}
        actions={
          <span className="flex items-center gap-2 text-sm text-slate-700" title={refusal ?? undefined}>
            {endpoint.enabled ? "Enabled" : "Disabled"}
            <fieldset disabled={refusal !== null} className="contents">
              <EndpointToggle
                applicationId={application.id}
                endpointId={endpoint.id}
                enabled={endpoint.enabled}
                url={endpoint.url}
              />
            </fieldset>
          </span>
        }
      />
      <div className="space-y-6">
        {addressRefusal ? (
          <p role="alert" className="rounded bg-amber-50 p-3 text-sm text-amber-900" data-testid="endpoint-refusal">
            Not sent: {addressRefusal} Each delivery is recorded as a failed attempt with this reason, and nothing
            reaches the URL until it is changed. The endpoint and its deliveries are kept.
          </p>
        ) : null}
        <Panel title="Details" id="endpoint-details">
          <dl className="grid gap-4 text-sm text-slate-800 sm:grid-cols-2 lg:grid-cols-4">
            {/* A dl holds only dt/dd groups, each in one div: the wide one is that div. */}
            <Detail term="URL" className="sm:col-span-2 lg:col-span-4">
              <span className="break-all font-mono" data-testid="endpoint-url">
                {endpoint.url}
              </span>
            </Detail>
            <Detail term="Description" className="sm:col-span-2 lg:col-span-3">
              <span data-testid="endpoint-description">
                {endpoint.description ?? <span className="text-slate-500">None</span>}
              </span>
            </Detail>
            <Detail term="Throttle">
              <span data-testid="endpoint-throttle">
                {endpoint.maxPerSecond === null ? "No limit" : `At most ${endpoint.maxPerSecond} a second`}
              </span>
            </Detail>
            <Detail term="Events">
              {endpoint.events.length === 0 ? (
                "All events"
              ) : (
                <span className="flex flex-wrap gap-1">
                  {endpoint.events.map((e) => (
                    <Badge key={e} tone="indigo">
                      {e}
                    </Badge>
                  ))}
                </span>
              )}
            </Detail>
            <Detail term="Mode">{endpoint.livemode ? "Live" : "Test"}</Detail>
            <Detail term="Created">
              <Time value={endpoint.createdAt} />
            </Detail>
            <Detail term="Id">
              <span className="font-mono text-xs">{endpoint.id}</span>
            </Detail>
            <Detail term="Metadata" className="sm:col-span-2 lg:col-span-4">
              {Object.keys(metadata).length === 0 ? (
                <span className="text-slate-500">None</span>
              ) : (
                <span className="flex flex-wrap gap-1" data-testid="endpoint-metadata">
                  {Object.entries(metadata).map(([key, value]) => (
                    <Badge key={key} tone="slate">
                      <span className="font-mono">
                        {key}: {value}
                      </span>
                    </Badge>
                  ))}
                </span>
              )}
            </Detail>
          </dl>
          <div className="mt-4 border-t border-slate-100 pt-3">
            <h3 className="text-sm font-medium text-slate-900">Health</h3>
            <EndpointHealth endpoint={endpoint} />
          </div>
        </Panel>

        <Panel
          title="Performance"
          id="endpoint-stats"
          description="Every attempt: first tries, retries and replays, counted by the UTC hour (the last 24 hours are the current hour and the 23 before it). Latencies are read from buckets: each figure is within 5% of the exact one."
        >
          <div data-testid="endpoint-stats">
            <Table
              caption="Delivery performance"
              head={["Period", "Attempts", "Success rate", "p50 latency", "p95 latency"]}
            >
              {stats.map((s) => (
                <tr key={s.window} data-testid={`endpoint-stats-${s.window}`}>
                  <Td>{WINDOW_NAMES[s.window]}</Td>
                  <Td>{s.attempts}</Td>
                  <Td>{percent(s.successRate)}</Td>
                  <Td>{milliseconds(s.p50LatencyMs)}</Td>
                  <Td>{milliseconds(s.p95LatencyMs)}</Td>
                </tr>
              ))}
            </Table>
          </div>
        </Panel>

        <Panel title="Latest failures" id="endpoint-failures">
          {failures.length === 0 ? (
            <EmptyState title="No failed attempts">Every attempt to this endpoint got a 2xx answer.</EmptyState>
          ) : (
            <Table caption="Latest failed attempts" head={["Attempt", "Status", "Reason", "When"]}>
              {failures.map((f) => (
                <tr key={f.id} data-testid="endpoint-failure">
                  <Td>
                    <TextLink href={`${base}/deliveries/${f.deliveryId}`}>{f.delivery.event.type}</TextLink>
                    <TestBadge test={f.delivery.event.isTest} />
                    <div className="font-mono text-xs text-slate-600">{f.deliveryId}</div>
                  </Td>
                  <Td className="font-mono">{f.statusCode ?? "no response"}</Td>
                  <Td wrap>
                    {f.error ? <p className="text-red-700">{f.error}</p> : null}
                    {f.responseExcerpt ? (
                      <pre className="mt-1 max-h-24 overflow-hidden whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800">
                        {f.responseExcerpt}
                      </pre>
                    ) : null}
                    {!f.error && !f.responseExcerpt ? `HTTP ${f.statusCode ?? "no status"}` : null}
                  </Td>
                  <Td>
                    <Time value={f.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>

        <Panel title="Recent deliveries" id="endpoint-deliveries">
          {deliveries.length === 0 ? (
            <EmptyState title="No deliveries yet">Send a test event and its delivery appears here.</EmptyState>
          ) : (
            <Table
              caption="Recent deliveries to this endpoint"
              head={["Event", "Status", "Attempts", "Last response", "Created"]}
            >
              {deliveries.map((d) => (
                <tr key={d.id} data-testid="endpoint-delivery-row">
                  <Td>
                    <TextLink href={`${base}/deliveries/${d.id}`}>{d.eventType}</TextLink>
                    <TestBadge test={d.isTest} />
                    <div className="font-mono text-xs text-slate-600">{d.id}</div>
                  </Td>
                  <Td>
                    <Badge tone={statusTone(d.status)}>{d.status}</Badge>
                  </Td>
                  <Td>{d.attemptCount}</Td>
                  <Td className="font-mono">{d.lastStatusCode ?? "—"}</Td>
                  <Td>
                    <Time value={d.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <p className="mt-3 text-sm">
            <TextLink href={`${base}?endpoint=${endpoint.id}#deliveries`}>Every delivery to this endpoint</TextLink>
          </p>
        </Panel>

        <Panel
          title="Recover"
          id="endpoint-recovery"
          description="After an outage: re-send this endpoint's deliveries since a time, one at a time and in order per wallet, at most 10 a second (or the endpoint's throttle). Each is sent again until it is answered, and nothing after it goes first. Test events are left out; deliveries made meanwhile go as usual."
        >
          <RefreshWhileRunning running={running !== undefined} />
          <RoleGate reason={refusal} id="endpoint-recovery">
            <RecoverForm
              applicationId={application.id}
              endpointId={endpoint.id}
              windowDays={recoveryWindowDays}
              disabled={
                !endpoint.enabled
                  ? "Enable the endpoint to recover its deliveries."
                  : running
                    ? "A recovery is running; cancel it or let it finish first."
                    : null
              }
            />
          </RoleGate>
          {recoveries.length === 0 ? null : (
            <div className="mt-4" data-testid="endpoint-recoveries">
              <Table
                caption="Recoveries of this endpoint, newest first"
                head={["Status", "Since", "Progress", "Sent / skipped", "Started", "Finished"]}
              >
                {recoveries.map((r) => (
                  <tr key={r.id} data-testid="recovery-row" data-status={r.status}>
                    <Td wrap>
                      <Badge tone={r.status === "completed" ? "green" : r.status === "running" ? "amber" : "red"}>
                        {r.status}
                      </Badge>
                      <div className="font-mono text-xs text-slate-600">{r.id}</div>
                      {r.all ? <div className="text-xs text-slate-600">succeeded ones too</div> : null}
                      {r.cancelReason ? (
                        <div className="text-xs text-slate-700" data-testid="recovery-cancel-reason">
                          {r.cancelReason}
                        </div>
                      ) : null}
                    </Td>
                    <Td>
                      <Time value={r.since} />
                    </Td>
                    <Td wrap>
                      <span data-testid="recovery-progress">
                        {r.done} of {r.total} done, {r.left} left
                      </span>
                      {r.lastError ? (
                        <div className="text-xs text-red-700" data-testid="recovery-error">
                          Last try failed: {r.lastError}
                          {r.retryAt ? (
                            <>
                              {"; again "}
                              <Time value={r.retryAt} />
                            </>
                          ) : null}
                        </div>
                      ) : null}
                    </Td>
                    <Td>
                      <span data-testid="recovery-sent">
                        {r.sent} / {r.skipped}
                      </span>
                    </Td>
                    <Td>
                      <Time value={r.createdAt} />
                    </Td>
                    <Td>
                      {r.status === "running" ? (
                        <RoleGate reason={refusal} id={`recovery-cancel-${r.id}`}>
                          <CancelRecoveryButton
                            applicationId={application.id}
                            endpointId={endpoint.id}
                            recoveryId={r.id}
                          />
                        </RoleGate>
                      ) : (
                        <Time value={r.finishedAt} />
                      )}
                    </Td>
                  </tr>
                ))}
              </Table>
            </div>
          )}
        </Panel>

        <Panel
          title="Send a test event"
          id="endpoint-test-event"
          description="Sample data shaped like the real record, marked as a test: signed and delivered like any event, left out of the API's event list."
        >
          <RoleGate reason={refusal} id="endpoint-test-event">
            <SendTestEventButton
              applicationId={application.id}
              endpointId={endpoint.id}
              kinds={testEventKinds(endpoint)}
              disabled={!endpoint.enabled}
            />
          </RoleGate>
        </Panel>

        <Panel title="Edit endpoint" id="endpoint-edit">
          <RoleGate reason={refusal} id="endpoint-edit" className="max-w-2xl">
            <EndpointForm
              applicationId={application.id}
              eventTypes={EVENT_TYPES}
              live={endpoint.livemode}
              limits={ENDPOINT_FORM_LIMITS}
              endpoint={{
                id: endpoint.id,
                url: endpoint.url,
                events: endpoint.events,
                description: endpoint.description,
                metadata,
                maxPerSecond: endpoint.maxPerSecond,
              }}
            />
          </RoleGate>
        </Panel>

        <Panel title="Delete endpoint" id="endpoint-delete">
          <p className="mb-3 text-sm text-slate-700">
            Deleting stops every delivery to this endpoint; its past deliveries stay readable.
          </p>
          <RoleGate reason={refusal} id="endpoint-delete">
            <DeleteEndpointButton applicationId={application.id} endpointId={endpoint.id} url={endpoint.url} />
          </RoleGate>
        </Panel>
      </div>
    </>
  );
}
