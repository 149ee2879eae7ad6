// One logged SDK request: every field, the bodies as sent and answered (redacted, cut past 16 KiB),
// and the events it caused with links to their webhook deliveries.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { requestLogDetail } from "@/lib/console/request-log-detail";
import { isTruncatedBody } from "@/lib/request-log/redact";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { prettyJson } from "@/app/merchant/sdk/_lib/pretty-json";
import { HttpStatusBadge } from "../http-status-badge";
import { keyLabel } from "@/app/merchant/sdk/_lib/masked-key";

export const metadata: Metadata = { title: "Request" };

export default async function RequestPage({ params }: { params: Promise<{ appId: string; requestId: string }> }) {
  const { appId, requestId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const { request, events } = await orNotFound(requestLogDetail(prisma(), merchant.id, application.id, requestId));
  const base = `/merchant/sdk/apps/${application.id}`;
  const key = request.apiKey;
  /* eslint-disable react/jsx-key -- each pair is a label and its value, not a list: the value is rendered inside <Detail key={label}> */
  const facts: [string, React.ReactNode][] = [
    ["Request id", <span className="break-all font-mono text-xs">{request.id}</span>],
    ["Time", <Time value={request.createdAt} />],
    ["Status", <HttpStatusBadge status={request.status} />],
    ["Error code", request.errorCode ? <span className="font-mono text-xs">{request.errorCode}</span> : "—"],
    ["Latency", `${request.latencyMs} ms`],
    [
      "API key",
      key ? (
        <TextLink href={`${base}/keys`}>
          {keyLabel(key)}
          {key.revokedAt ? ", revoked" : ""}
        </TextLink>
      ) : (
        "—"
      ),
    ],
    ["Mode", request.livemode ? "Live" : "Test"],
    ["Client address", <span className="font-mono text-xs">{request.clientAddress ?? "—"}</span>],
    [
      "Idempotency-Key",
      request.idempotencyKey ? <span className="break-all font-mono text-xs">{request.idempotencyKey}</span> : "—",
    ],
    ["Idempotent replay", request.idempotentReplay ? "Yes: the stored answer was sent again" : "No"],
  ];
  /* eslint-enable react/jsx-key */
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`${base}/logs`}>← Request log</TextLink>
      </p>
      <PageHeader
        title={`${request.method} ${request.path.split("?")[0]}`}
        description={<span className="font-mono text-xs">{request.id}</span>}
        actions={<HttpStatusBadge status={request.status} />}
      />
      <div className="space-y-6">
        <Panel title="Request" id="request-heading">
          <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
            <Detail className="sm:col-span-2 lg:col-span-3" term="Path" valueClassName="break-all font-mono text-xs">
              {request.path}
            </Detail>
            {facts.map(([label, value]) => (
              <Detail key={label} term={label}>
                {value}
              </Detail>
            ))}
          </dl>
        </Panel>
        <div className="grid gap-6 lg:grid-cols-2">
          <BodyPanel title="Request body" id="request-body" body={request.requestBody} />
          <BodyPanel title="Response body" id="response-body" body={request.responseBody} />
        </div>
        <Panel title="Events this request caused" id="events-heading">
          {events.length === 0 ? (
            <EmptyState title="No events">This request changed nothing that fires a webhook.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100">
              {events.map((event) => (
                <li key={event.id} className="py-3 first:pt-0 last:pb-0">
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    <Badge tone="indigo">{event.type}</Badge>
                    <TextLink href={`${base}/events/${event.id}`}>
                      <span className="font-mono text-xs">{event.id}</span>
                    </TextLink>
                    <span className="text-slate-600">
                      <Time value={event.createdAt} />
                    </span>
                  </div>
                  {event.deliveries.length === 0 ? (
                    <p className="mt-1 text-sm text-slate-600">No endpoint was subscribed to it.</p>
                  ) : (
                    <ul className="mt-2 space-y-1 text-sm" aria-label={`Deliveries of ${event.id}`}>
                      {event.deliveries.map((delivery) => (
                        <li key={delivery.id} className="flex flex-wrap items-center gap-2">
                          <Badge tone={statusTone(delivery.status)}>{delivery.status}</Badge>
                          <TextLink href={`${base}/webhooks/deliveries/${delivery.id}`}>
                            <span className="font-mono text-xs">{delivery.id}</span>
                          </TextLink>
                          <span className="break-all font-mono text-xs text-slate-600">{delivery.endpoint.url}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}

function BodyPanel({ title, id, body }: { title: string; id: string; body: string | null }) {
  const truncated = body !== null && isTruncatedBody(body);
  return (
    <Panel
      title={title}
      id={`${id}-heading`}
      description={truncated ? "Cut at 16 KiB, as the log keeps it." : undefined}
    >
      {body === null ? (
        <p className="text-sm text-slate-600">None.</p>
      ) : (
        <pre
          data-testid={id}
          tabIndex={0}
          aria-labelledby={`${id}-heading`}
          className="max-h-[32rem] overflow-auto whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 text-xs text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {prettyJson(body)}
        </pre>
      )}
    </Panel>
  );
}
