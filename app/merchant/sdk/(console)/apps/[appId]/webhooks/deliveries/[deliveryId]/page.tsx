// One delivery: its event and endpoint, every attempt with the exact body and headers sent and the
// response, and the replay button.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { deliveryDetail } from "@/lib/console/delivery-detail";
import { REPLAYS_PER_DELIVERY_PER_HOUR, REPLAYS_PER_USER_PER_MINUTE } from "@/lib/webhooks/replay-delivery";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TestBadge } from "@/app/merchant/sdk/_components/test-badge";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { prettyJson } from "@/app/merchant/sdk/_lib/pretty-json";
import { ReplayButton } from "@/app/merchant/sdk/(console)/apps/[appId]/webhooks/replay-button";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { refusalOf, writeIn } from "@/lib/console/roles";

export const metadata: Metadata = { title: "Delivery" };

export default async function DeliveryPage({ params }: { params: Promise<{ appId: string; deliveryId: string }> }) {
  const { appId, deliveryId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const delivery = await orNotFound(deliveryDetail(prisma(), merchant.id, application.id, deliveryId));
  // The delivery's earliest scheduled attempt is its first try, not a retry (as `events tail` says).
  const firstAttemptId = delivery.attempts.find((attempt) => attempt.trigger === "retry")?.id;
  const attempts = [...delivery.attempts].reverse();
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`/merchant/sdk/apps/${application.id}/webhooks`}>← Webhooks</TextLink>
      </p>
      <PageHeader
        title={delivery.eventType}
        description={<span className="font-mono text-xs">{delivery.id}</span>}
        actions={
          <>
            <TestBadge test={delivery.isTest} />
            <Badge tone={statusTone(delivery.status)}>{delivery.status}</Badge>
          </>
        }
      />
      <div className="space-y-6">
        <Panel>
          <dl className="grid gap-4 text-sm sm:grid-cols-3">
            <div className="sm:col-span-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Endpoint now</dt>
              <dd className="mt-1 break-all font-mono">
                {delivery.endpointDeletedAt ? (
                  delivery.url
                ) : (
                  <TextLink href={`/merchant/sdk/apps/${application.id}/webhooks/endpoints/${delivery.endpointId}`}>
                    {delivery.url}
                  </TextLink>
                )}
              </dd>
              {delivery.endpointDeletedAt ? (
                <dd className="mt-1 text-sm text-slate-700" data-testid="endpoint-deleted">
                  <Badge tone="slate">endpoint deleted</Badge> <Time value={delivery.endpointDeletedAt} />: nothing more
                  is sent to it; a delivery still pending then ended as failed, and it cannot be replayed.
                </dd>
              ) : null}
            </div>
            <Detail term="Event" valueClassName="font-mono text-xs">
              {delivery.eventId}
            </Detail>
            <Detail term="Caused by request" valueClassName="font-mono text-xs">
              {delivery.requestId ? (
                <TextLink href={`/merchant/sdk/apps/${application.id}/logs/${delivery.requestId}`}>
                  {delivery.requestId}
                </TextLink>
              ) : (
                "—"
              )}
            </Detail>
            <Detail term="Attempts">{delivery.attemptCount}</Detail>
            <Detail term="Last response" valueClassName="font-mono">
              {delivery.lastStatusCode ?? "—"}
            </Detail>
            <Detail term="Next retry">
              <Time value={delivery.nextAttemptAt} />
            </Detail>
            <Detail term="Created">
              <Time value={delivery.createdAt} />
            </Detail>
          </dl>
          <div className="mt-5 border-t border-slate-100 pt-4">
            {delivery.isTest ? (
              <p className="mb-3 text-sm text-slate-700">
                A test event sent from the console: sample data about no real wallet, left out of the API&apos;s event
                list.
              </p>
            ) : null}
            <RoleGate reason={refusalOf(application.role, writeIn(application.consoleLivemode))} id="replay">
              <ReplayButton applicationId={application.id} deliveryId={delivery.id} />
            </RoleGate>
            <p className="mt-1 text-xs text-slate-500">
              Sends the event again, freshly signed. Limits: {REPLAYS_PER_DELIVERY_PER_HOUR} replays per delivery in any
              60 minutes, {REPLAYS_PER_USER_PER_MINUTE} per minute per account.
            </p>
          </div>
        </Panel>
        <section aria-labelledby="attempts-heading" className="space-y-4">
          <h2 id="attempts-heading" className="text-base font-semibold text-slate-900">
            Attempts ({attempts.length})
          </h2>
          {attempts.length === 0 ? (
            <p className="text-sm text-slate-500">No attempt has been made yet; the first is on its way.</p>
          ) : null}
          {attempts.map((attempt, index) => (
            <Panel key={attempt.id}>
              <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium text-slate-900">Attempt {attempts.length - index}</span>
                <Badge tone={attempt.trigger === "replay" ? "indigo" : "slate"}>
                  {attempt.id === firstAttemptId ? "first" : attempt.trigger}
                </Badge>
                <Badge tone={attempt.statusCode !== null && attempt.statusCode < 300 ? "green" : "red"}>
                  {attempt.statusCode ?? "no response"}
                </Badge>
                {attempt.latencyMs !== null ? <span className="text-slate-500">{attempt.latencyMs} ms</span> : null}
                <span className="text-slate-500">
                  <Time value={attempt.createdAt} />
                </span>
              </div>
              <p className="mb-3 text-sm text-slate-600" data-testid="attempt-url">
                Sent to{" "}
                {delivery.attemptUrls.get(attempt.id) ? (
                  <span className="break-all font-mono text-slate-900">{delivery.attemptUrls.get(attempt.id)}</span>
                ) : (
                  <span>an address not recorded (attempts made before each one kept its URL)</span>
                )}
              </p>
              {attempt.error ? <p className="mb-3 text-sm text-red-700">{attempt.error}</p> : null}
              <div className="grid gap-4 lg:grid-cols-2">
                <div className="min-w-0">
                  <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Request headers</h3>
                  <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 text-xs text-slate-100">
                    {Object.entries(attempt.requestHeaders)
                      .map(([k, v]) => `${k}: ${v}`)
                      .join("\n")}
                  </pre>
                </div>
                <div className="min-w-0">
                  <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                    Request body (exact bytes signed)
                  </h3>
                  {attempt.requestBody === null ? (
                    <p data-testid="attempt-body-dropped" className="text-sm text-slate-600">
                      Dropped after 30 days, as the retention policy says; the attempt&apos;s outcome stays.
                    </p>
                  ) : (
                    <>
                      <pre
                        data-testid="attempt-body"
                        className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 text-xs text-slate-100"
                      >
                        {attempt.requestBody}
                      </pre>
                      <details className="mt-2">
                        <summary className="cursor-pointer text-xs text-indigo-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
                          Formatted
                        </summary>
                        <pre className="mt-1 overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
                          {prettyJson(attempt.requestBody)}
                        </pre>
                      </details>
                    </>
                  )}
                </div>
              </div>
              {attempt.responseExcerpt ? (
                <div className="mt-4">
                  <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
                    Response (excerpt)
                  </h3>
                  <pre className="overflow-x-auto rounded-lg bg-slate-50 p-3 text-xs text-slate-800">
                    {attempt.responseExcerpt}
                  </pre>
                </div>
              ) : null}
            </Panel>
          ))}
        </section>
      </div>
    </>
  );
}
