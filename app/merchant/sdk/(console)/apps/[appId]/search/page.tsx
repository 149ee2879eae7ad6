// "Search by id": jumps to the object an id names in this application, or says why it cannot.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { prisma } from "@/lib/db/client";
import { findObject, type ObjectLocation } from "@/lib/console/find-object";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { SwitchModeButton } from "./switch-mode-button";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Search by id" };

function href(base: string, location: ObjectLocation): string {
  switch (location.kind) {
    case "wallet":
      return `${base}/wallets/${location.walletId}`;
    case "card":
      return `${base}/cards/${location.cardId}`;
    case "wallet_row": {
      const query = new URLSearchParams();
      if (location.cardsAfter) query.set("cards_after", location.cardsAfter);
      if (location.transactionsAfter) query.set("transactions_after", location.transactionsAfter);
      const text = query.toString();
      return `${base}/wallets/${location.walletId}${text ? `?${text}` : ""}#${location.anchor}`;
    }
    case "event":
      return `${base}/events/${location.eventId}`;
    case "delivery":
      return `${base}/webhooks/deliveries/${location.deliveryId}`;
    case "request":
      return `${base}/logs/${location.requestId}`;
  }
}

export default async function SearchPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, query] = await Promise.all([params, readQuery(searchParams, ["id"])]);
  const { merchant, application } = await loadApplication(appId);
  const id = (query.id ?? "").trim();
  const base = `/merchant/sdk/apps/${application.id}`;
  const result = id ? await findObject(prisma(), merchant.id, application.id, id) : null;
  if (result?.found === "here") redirect(href(base, result.location));
  const currentMode = application.consoleLivemode ? "live" : "test";
  return (
    <>
      <PageHeader title="Search by id" description="Wallet, card, authorization, event, delivery or request ids." />
      <Panel>
        {!result ? (
          <EmptyState title="Enter an id">
            Paste an id such as <code className="font-mono">wal_…</code>, <code className="font-mono">card_…</code>,{" "}
            <code className="font-mono">auth_…</code>, <code className="font-mono">evt_…</code>,{" "}
            <code className="font-mono">whd_…</code> or <code className="font-mono">req_…</code> in the search box.
          </EmptyState>
        ) : result.found === "other_mode" ? (
          <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="font-medium text-slate-900">
              <span className="font-mono">{id}</span> is a {result.livemode ? "live" : "test"} object; you are viewing{" "}
              {currentMode} data.
            </p>
            <SwitchModeButton applicationId={application.id} mode={result.livemode ? "live" : "test"} />
          </div>
        ) : (
          <div role="status">
            <EmptyState title={`No object with id ${id} in this application`}>
              Check the id, or the application: ids of other applications are not searched.
            </EmptyState>
          </div>
        )}
      </Panel>
    </>
  );
}
