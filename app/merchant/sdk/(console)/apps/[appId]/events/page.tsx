// The event log of the application's current mode, filterable by type.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { listEvents } from "@/lib/console/list-events";
import { EVENT_TYPES } from "@/lib/events/record-event";
import {
  Badge,
  buttonClass,
  EmptyState,
  inputClass,
  PageHeader,
  Panel,
  Table,
  Td,
  Time,
} from "../../../../_components/ui";
import { loadApplication } from "../../../../_lib/load-application";

export const metadata: Metadata = { title: "Events" };

export default async function EventsPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<{ type?: string }>;
}) {
  const [{ appId }, { type }] = await Promise.all([params, searchParams]);
  const { merchant, application } = await loadApplication(appId);
  const events = await listEvents(prisma(), merchant.id, application.id, { type: type || undefined });
  return (
    <>
      <PageHeader
        title="Events"
        description="Every change that fires a webhook is recorded here first, in the same transaction as the change."
      />
      <Panel>
        <form className="mb-4 flex flex-col gap-2 sm:flex-row" action={`/merchant/sdk/apps/${application.id}/events`}>
          <label htmlFor="event-type" className="sr-only">
            Event type
          </label>
          <select id="event-type" name="type" defaultValue={type ?? ""} className={`${inputClass} sm:max-w-xs`}>
            <option value="">All event types</option>
            {EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClass.secondary}>
            Filter
          </button>
        </form>
        {events.length === 0 ? (
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
                </Td>
                <Td className="font-mono text-xs">{event.id}</Td>
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
      </Panel>
    </>
  );
}
