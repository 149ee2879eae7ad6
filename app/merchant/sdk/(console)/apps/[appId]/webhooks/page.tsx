// Webhooks: the endpoints of the application's current mode with their delivery health, each
// linked to its own page, and a table of recent deliveries with filters.
import type { Metadata } from "next";
import Link from "next/link";
import { prisma } from "@/lib/db/client";
import { listConsoleDeliveries } from "@/lib/console/list-console-deliveries";
import { listEndpoints } from "@/lib/console/list-endpoints";
import { ENDPOINT_FORM_LIMITS } from "@/lib/console/endpoint-settings";
import { testEventKinds } from "@/lib/console/send-test-event";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { DELIVERY_STATUSES } from "@/lib/schemas/webhook";
import { Badge, statusTone } from "@/components/ui/badge";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterSelect } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td, Truncated } from "@/components/ui/table";
import { TestBadge } from "@/app/merchant/sdk/_components/test-badge";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { EndpointForm } from "./endpoint-form";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { refusalOf, writeIn } from "@/lib/console/roles";
import { EndpointHealth } from "./endpoint-health";
import { EndpointToggle } from "./endpoint-toggle";
import { SendTestEventButton } from "./send-test-event-button";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Webhooks" };

export default async function WebhooksPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, filters] = await Promise.all([
    params,
    readQuery(searchParams, ["status", "type", "endpoint", "after"]),
  ]);
  const { merchant, application } = await loadApplication(appId);
  const [endpoints, deliveryPage] = await Promise.all([
    listEndpoints(prisma(), merchant.id, application.id),
    listConsoleDeliveries(prisma(), merchant.id, application.id, filters),
  ]);
  const base = `/merchant/sdk/apps/${application.id}/webhooks`;
  const live = application.consoleLivemode;
  // Shown to every role; disabled, with the reason, for a role that may not change this mode.
  const refusal = refusalOf(application.role, writeIn(live));
  const deliveries = deliveryPage.rows;
  const filtered = Boolean(filters.status || filters.type || filters.endpoint);
  return (
    <>
      <PageHeader
        title="Webhooks"
        description={
          <>
            Signed HTTP POSTs to your endpoints when wallets and cards change.{" "}
            <TextLink href="/webhooks/security">Verifying signatures</TextLink> ·{" "}
            <TextLink href={`${base}/authorization-endpoint`}>Authorization decisions</TextLink> (approve or decline
            each spend in real time)
          </>
        }
      />
      <div className="space-y-6">
        <Panel title={`${live ? "Live" : "Test"} endpoints`} id="endpoints">
          {endpoints.length === 0 ? (
            <EmptyState title="No endpoints yet">
              Add one below; every new event is delivered to it, signed with this application's secret.
            </EmptyState>
          ) : (
            <RoleGate reason={refusal} id="endpoints">
              <ul className="divide-y divide-slate-100">
                {endpoints.map((endpoint) => (
                  <li
                    key={endpoint.id}
                    className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="break-all font-mono text-sm">
                        <TextLink href={`${base}/endpoints/${endpoint.id}`}>{endpoint.url}</TextLink>
                      </p>
                      {endpoint.description ? (
                        <p className="mt-0.5 text-sm text-slate-700">{endpoint.description}</p>
                      ) : null}
                      <p className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
                        <span className="font-mono">{endpoint.id}</span>
                        <span aria-hidden="true">·</span>
                        {endpoint.maxPerSecond === null ? null : (
                          <>
                            <span>at most {endpoint.maxPerSecond}/s</span>
                            <span aria-hidden="true">·</span>
                          </>
                        )}
                        {endpoint.events.length === 0 ? (
                          <span>All events</span>
                        ) : (
                          endpoint.events.map((e) => (
                            <Badge key={e} tone="indigo">
                              {e}
                            </Badge>
                          ))
                        )}
                      </p>
                      <EndpointHealth endpoint={endpoint} />
                    </div>
                    <div className="flex shrink-0 flex-wrap items-center gap-3">
                      <SendTestEventButton
                        applicationId={application.id}
                        endpointId={endpoint.id}
                        kinds={testEventKinds(endpoint)}
                        disabled={!endpoint.enabled}
                      />
                      <Link
                        href={`${base}?endpoint=${endpoint.id}`}
                        className="text-sm font-medium text-indigo-600 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                      >
                        Deliveries
                      </Link>
                      <span className="flex items-center gap-2 text-sm text-slate-600">
                        {endpoint.enabled ? "Enabled" : "Disabled"}
                        <EndpointToggle
                          applicationId={application.id}
                          endpointId={endpoint.id}
                          enabled={endpoint.enabled}
                          url={endpoint.url}
                        />
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </RoleGate>
          )}
        </Panel>

        <Panel title="Add an endpoint" id="add-endpoint">
          <RoleGate reason={refusal} id="add-endpoint" className="max-w-2xl">
            <EndpointForm
              applicationId={application.id}
              eventTypes={EVENT_TYPES}
              live={live}
              limits={ENDPOINT_FORM_LIMITS}
            />
          </RoleGate>
        </Panel>

        <Panel
          title="Recent deliveries"
          id="deliveries"
          actions={
            <Link href={base} className={buttonVariants({ variant: "secondary" })}>
              Refresh
            </Link>
          }
        >
          <form className="mb-4 grid gap-2 sm:grid-cols-4" action={base}>
            <FilterSelect
              id="filter-status"
              name="status"
              label="Status"
              value={filters.status}
              anyLabel="Any status"
              options={DELIVERY_STATUSES}
            />
            <FilterSelect
              id="filter-type"
              name="type"
              label="Event"
              value={filters.type}
              anyLabel="Any event"
              options={EVENT_TYPES}
            />
            <FilterSelect
              id="filter-endpoint"
              name="endpoint"
              label="Endpoint"
              value={filters.endpoint}
              anyLabel="Any endpoint"
              options={endpoints.map((e) => ({ value: e.id, label: e.url }))}
            />
            <div className="flex items-end gap-2">
              <button type="submit" className={buttonVariants({ variant: "secondary" })}>
                Filter
              </button>
              {filtered ? (
                <Link href={base} className="px-2 py-2 text-sm text-slate-600 hover:underline">
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
          {deliveryPage.unknownCursor ? null : deliveries.length === 0 ? (
            <EmptyState title={filtered ? "No deliveries match these filters" : "No deliveries yet"}>
              {filtered
                ? "Clear the filters to see every delivery."
                : "Create a wallet with a key of this mode, or send a test event, and its delivery appears here."}
            </EmptyState>
          ) : (
            <Table caption="Recent deliveries" head={["Event", "Endpoint", "Status", "Next retry", "Created"]}>
              {deliveries.map((d) => (
                <tr key={d.id} data-testid="delivery-row">
                  <Td wrap>
                    <TextLink href={`${base}/deliveries/${d.id}`}>{d.eventType}</TextLink>
                    <TestBadge test={d.isTest} />
                    <div className="font-mono text-xs text-slate-500">{d.id}</div>
                  </Td>
                  <Td>
                    <Truncated value={d.url} className="max-w-[14rem] font-mono text-xs" />
                    {d.endpointDeletedAt ? <Badge tone="slate">endpoint deleted</Badge> : null}
                  </Td>
                  <Td>
                    <Badge tone={statusTone(d.status)}>{d.status}</Badge>
                    <div className="mt-1 text-xs text-slate-600">
                      {d.attemptCount} {d.attemptCount === 1 ? "attempt" : "attempts"}
                      {d.lastStatusCode === null ? null : (
                        <>
                          {" · last "}
                          <span className="font-mono">{d.lastStatusCode}</span>
                        </>
                      )}
                    </div>
                  </Td>
                  <Td>
                    <Time value={d.nextAttemptAt} />
                  </Td>
                  <Td>
                    <Time value={d.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager
            path={base}
            params={{ status: filters.status, type: filters.type, endpoint: filters.endpoint }}
            after={filters.after}
            nextCursor={deliveryPage.nextCursor}
            unknownCursor={deliveryPage.unknownCursor}
            label="Deliveries"
            hash="deliveries"
          />
        </Panel>
      </div>
    </>
  );
}
