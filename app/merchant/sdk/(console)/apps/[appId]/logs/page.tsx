// The request log of the application's current mode (Stripe's Developers → Logs): every SDK request
// a key of this mode made, filterable by status class, method, path, key and time, and a request-id
// search that opens the request.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { prisma } from "@/lib/db/client";
import { findObject } from "@/lib/console/find-object";
import { listRequestLog } from "@/lib/console/list-request-log";
import {
  LOGGED_METHODS,
  STATUS_CLASSES,
  TIME_RANGES,
  type RequestLogFilters,
} from "@/lib/request-log/list-request-log";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { TimeZoneField } from "@/app/merchant/sdk/_components/time-zone-field";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { EmptyState } from "@/components/ui/empty-state";
import { FilterSelect } from "@/components/ui/field";
import { inputClass } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td, Truncated } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { HttpStatusBadge } from "./http-status-badge";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { keyLabel } from "@/app/merchant/sdk/_lib/masked-key";

export const metadata: Metadata = { title: "Request log" };

const QUERY_KEYS = ["status", "method", "path", "key", "range", "from", "to", "tz", "after", "request"] as const;

const labelClass = "mb-1 block text-xs font-medium text-slate-700";
const TIME_ZONE_HINT = "filter-time-zone";

/** A from/to field: the merchant types a wall-clock time in the zone the hint names. */
function DateTimeFilter({
  name,
  label,
  value,
  children,
}: {
  name: string;
  label: string;
  value: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`filter-${name}`}
        name={name}
        type="datetime-local"
        step={1}
        defaultValue={value}
        aria-describedby={TIME_ZONE_HINT}
        className={inputClass}
      />
      {children}
    </div>
  );
}

export default async function RequestLogPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, query] = await Promise.all([params, readQuery(searchParams, QUERY_KEYS)]);
  const { merchant, application } = await loadApplication(appId);
  const base = `/merchant/sdk/apps/${application.id}/logs`;
  const searched = query.request?.trim();
  const found = searched ? await findObject(prisma(), merchant.id, application.id, searched) : null;
  if (found?.found === "here" && found.location.kind === "request") redirect(`${base}/${found.location.requestId}`);

  const filters: RequestLogFilters = {
    status: query.status,
    method: query.method,
    path: query.path,
    key: query.key,
    range: query.range,
    from: query.from,
    to: query.to,
  };
  const { page, keys } = await listRequestLog(prisma(), merchant.id, application.id, {
    ...filters,
    tz: query.tz,
    after: query.after,
  });
  const filtered = Object.values(filters).some(Boolean);
  const mode = application.consoleLivemode ? "live" : "test";
  return (
    <>
      <PageHeader
        title="Request log"
        description={`Every API request made with a ${mode} key of this application, newest first; kept 30 days. Requests without a valid key cannot be attributed to an application and are not shown.`}
      />
      <div className="space-y-6">
        <Panel title="Find a request" id="find-request-heading">
          <form key={searched ?? ""} role="search" action={base} className="flex flex-col gap-2 sm:flex-row">
            <label htmlFor="request-id" className="sr-only">
              Request id
            </label>
            <input
              id="request-id"
              name="request"
              defaultValue={searched}
              placeholder="req_..."
              className={cn(inputClass, "font-mono sm:max-w-sm")}
              aria-describedby={searched ? "request-id-result" : undefined}
            />
            <button type="submit" className={buttonVariants({ variant: "secondary" })}>
              Open request
            </button>
          </form>
          {searched ? (
            <p id="request-id-result" role="status" className="mt-2 text-sm text-red-700">
              No {mode} request with the id <span className="font-mono">{searched}</span>. It may belong to the other
              mode, be older than 30 days, or have been made without a valid key.
            </p>
          ) : null}
        </Panel>
        <Panel title="Requests" id="requests-heading">
          {/* Keyed by the filters: a client-side navigation to other filters (the Clear link, the nav)
              remounts the fields, which would otherwise keep the values typed before. */}
          <form
            key={JSON.stringify(filters)}
            action={base}
            className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
            aria-label="Filter requests"
          >
            <FilterSelect
              id="filter-status"
              name="status"
              label="Status"
              value={query.status}
              anyLabel="Any status"
              options={STATUS_CLASSES}
            />
            <FilterSelect
              id="filter-method"
              name="method"
              label="Method"
              value={query.method}
              anyLabel="Any method"
              options={LOGGED_METHODS}
            />
            <div>
              <label htmlFor="filter-path" className={labelClass}>
                Path contains
              </label>
              <input
                id="filter-path"
                name="path"
                defaultValue={query.path}
                placeholder="/v1/wallets"
                className={cn(inputClass, "font-mono")}
              />
            </div>
            <FilterSelect
              id="filter-key"
              name="key"
              label="API key"
              value={query.key}
              anyLabel="Any key"
              options={keys.map((key) => ({
                value: key.id,
                label: `${keyLabel(key)}${key.revokedAt ? ", revoked" : ""}`,
              }))}
            />
            <FilterSelect
              id="filter-range"
              name="range"
              label="Time"
              value={query.range}
              anyLabel="Any time"
              options={Object.entries(TIME_RANGES).map(([value, range]) => ({ value, label: range.label }))}
            />
            <DateTimeFilter name="from" label="From" value={query.from} />
            <DateTimeFilter name="to" label="To" value={query.to}>
              <TimeZoneField name="tz" hintId={TIME_ZONE_HINT} />
            </DateTimeFilter>
            <div className="flex items-end gap-2">
              <button type="submit" className={buttonVariants({ variant: "primary" })}>
                Filter
              </button>
              {filtered ? (
                <a href={base} className={buttonVariants({ variant: "secondary" })}>
                  Clear
                </a>
              ) : null}
            </div>
          </form>
          {page.unknownCursor ? null : page.rows.length === 0 ? (
            <EmptyState title={filtered ? "No request matches these filters" : "No requests yet"}>
              {filtered
                ? "Widen the time range or clear a filter."
                : `Call the API with a ${mode} key of this application and each request appears here within seconds.`}
            </EmptyState>
          ) : (
            <Table caption="Requests" head={["Status", "Method", "Path", "Key", "Latency", "Time"]}>
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <Td>
                    <HttpStatusBadge status={row.status} />
                    {row.errorCode ? (
                      <div className="mt-1 font-mono text-xs text-slate-600">{row.errorCode}</div>
                    ) : null}
                  </Td>
                  <Td className="font-mono text-xs">{row.method}</Td>
                  <Td wrap>
                    <TextLink href={`${base}/${row.id}`}>
                      <Truncated value={row.path} className="max-w-md font-mono text-xs" />
                    </TextLink>
                    {row.idempotentReplay ? <span className="text-xs text-slate-600">idempotent replay</span> : null}
                  </Td>
                  <Td wrap>{row.apiKey ? keyLabel(row.apiKey) : "—"}</Td>
                  <Td className="tabular-nums">{row.latencyMs} ms</Td>
                  <Td>
                    <Time value={row.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager
            path={base}
            params={{ ...filters, tz: query.tz }}
            after={query.after}
            nextCursor={page.nextCursor}
            unknownCursor={page.unknownCursor}
            label="Request log"
          />
        </Panel>
      </div>
    </>
  );
}
