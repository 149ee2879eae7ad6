// The event log of the application's current mode, filterable by type.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listEvents } from "@/lib/console/list-events";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClass } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TestBadge } from "@/app/merchant/sdk/_components/test-badge";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Events" };

export default async function EventsPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, { type, after }] = await Promise.all([params, readQuery(searchParams, ["type", "after"])]);
  const { merchant, application } = await loadApplication(appId);
  const page = await listEvents(prisma(), merchant.id, application.id, { type: type || undefined, after });
  const events = page.rows;
  const base = `/merchant/sdk/apps/${application.id}/events`;
  return (
    <>
      <PageHeader
        title="Events"
        description="Every change that fires a webhook is recorded here first, in the same transaction as the change."
      />
      <Panel>
        <form className="mb-4 flex flex-col gap-2 sm:flex-row" action={base}>
          <label htmlFor="event-type" className="sr-only">
            Event type
          </label>
          <select id="event-type" name="type" defaultValue={type ?? ""} className={cn(inputClass, "sm:max-w-xs")}>
            <option value="">All event types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonVariants({ variant: "secondary" })}>
            Filter
          </button>
        </form>
        {page.unknownCursor ? null : events.length === 0 ? (
          <EmptyState title="No events yet">
            Create a wallet or issue a card with a {application.consoleLivemode ? "live" : "test"} key and its event
            appears here.
          </EmptyState>
        ) : (
          <Table caption="Events" head={["Event", "Id", "Deliveries", "Created", "Data"]}>
            {events.map((event) => (
              <tr key={event.id}>
                <Td>
                  <Badge tone="indigo">{event.type}</Badge>
                  <TestBadge test={event.isTest} />
                </Td>
                <Td className="font-mono text-xs">
                  <TextLink href={`${base}/${event.id}`}>{event.id}</TextLink>
                  {event.requestId ? (
                    <div className="mt-1 text-slate-600">
                      from{" "}
                      <TextLink href={`/merchant/sdk/apps/${application.id}/logs/${event.requestId}`}>
                        {event.requestId}
                      </TextLink>
                    </div>
                  ) : null}
                </Td>
                <Td>{event._count.deliveries}</Td>
                <Td>
                  <Time value={event.createdAt} />
                </Td>
                <Td wrap>
                  <details>
                    <summary className="cursor-pointer rounded text-sm text-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                      View data
                    </summary>
                    <pre className="mt-2 max-w-xl overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
                      {JSON.stringify(event.data, null, 2)}
                    </pre>
                  </details>
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <Pager
          path={base}
          params={{ type }}
          after={after}
          nextCursor={page.nextCursor}
          unknownCursor={page.unknownCursor}
          label="Events"
        />
      </Panel>
    </>
  );
}
