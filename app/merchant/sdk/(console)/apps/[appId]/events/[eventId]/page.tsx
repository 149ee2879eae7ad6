// One event: its type, data, place in its wallet's sequence, the request that caused it, and its deliveries.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { eventDetail } from "@/lib/console/event-detail";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";

export const metadata: Metadata = { title: "Event" };

export default async function EventPage({ params }: { params: Promise<{ appId: string; eventId: string }> }) {
  const { appId, eventId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const { event, deliveries } = await orNotFound(eventDetail(prisma(), merchant.id, application.id, eventId));
  const base = `/merchant/sdk/apps/${application.id}`;
  const facts: [string, React.ReactNode][] = [
    ["Created", <Time key="created" value={event.createdAt} />],
    ["Sequence", event.walletId ? `#${event.sequence} of its wallet` : "—"],
    [
      "Wallet",
      event.walletId ? (
        <TextLink key="wallet" href={`${base}/wallets/${event.walletId}`}>
          <span className="font-mono text-xs">{event.walletId}</span>
        </TextLink>
      ) : (
        "—"
      ),
    ],
    [
      "Request",
      event.requestId ? (
        <TextLink key="request" href={`${base}/logs/${event.requestId}`}>
          <span className="font-mono text-xs">{event.requestId}</span>
        </TextLink>
      ) : (
        "—"
      ),
    ],
  ];
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`${base}/events`}>← Events</TextLink>
      </p>
      <PageHeader
        title={event.type}
        description={<span className="font-mono text-xs">{event.id}</span>}
        actions={event.isTest ? <Badge tone="amber">Test event</Badge> : undefined}
      />
      <div className="space-y-6">
        <Panel>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {facts.map(([label, value]) => (
              <Detail key={label} term={label} valueClassName="break-all text-sm text-slate-900">
                {value}
              </Detail>
            ))}
          </dl>
        </Panel>
        <Panel title="Data" id="data">
          <pre
            className="whitespace-pre-wrap rounded bg-slate-900 p-3 text-xs text-slate-100 [overflow-wrap:anywhere]"
            data-testid="event-data"
          >
            {JSON.stringify(event.data, null, 2)}
          </pre>
        </Panel>
        <Panel title="Deliveries" id="deliveries">
          {deliveries.length === 0 ? (
            <EmptyState title="Not delivered">No endpoint of this mode was subscribed to this event.</EmptyState>
          ) : (
            <Table caption="Deliveries of this event" head={["Delivery", "Endpoint", "Status", "Attempts", "Created"]}>
              {deliveries.map((d) => (
                <tr key={d.id}>
                  <Td>
                    <TextLink href={`${base}/webhooks/deliveries/${d.id}`}>
                      <span className="font-mono text-xs">{d.id}</span>
                    </TextLink>
                  </Td>
                  <Td wrap className="font-mono text-xs">
                    {d.url}
                  </Td>
                  <Td>
                    <Badge tone={statusTone(d.status)}>{d.status}</Badge>
                  </Td>
                  <Td>{d.attemptCount}</Td>
                  <Td>
                    <Time value={d.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
      </div>
    </>
  );
}
