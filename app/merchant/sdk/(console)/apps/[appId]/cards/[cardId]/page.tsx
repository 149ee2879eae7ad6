// One card: its summary (last four digits, expiry, status, wallet). Further sections (its details
// for a test-mode card, its spending controls, a test card's network simulator, and its
// authorizations with their history) are components of their own placed below.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { cardDetail } from "@/lib/console/card-detail";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { formatMoney } from "@/lib/money/format";
import { CardDetailsReveal } from "./card-details-reveal";
import { CardAuthorizationsPanel } from "./card-authorizations-panel";
import { NetworkPanel } from "./network-panel";
import { SpendingControlsPanel } from "./spending-controls-panel";
import { refusalOf, writeIn } from "@/lib/console/roles";
import { RoleGate } from "@/app/merchant/sdk/_components/role-gate";
import { SimulatorCardNotice } from "@/app/merchant/sdk/_components/simulator-card-notice";

export const metadata: Metadata = { title: "Card" };

export default async function CardPage({ params }: { params: Promise<{ appId: string; cardId: string }> }) {
  const { appId, cardId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const { card, walletId } = await orNotFound(cardDetail(prisma(), merchant.id, application.id, cardId));
  const walletPath = `/merchant/sdk/apps/${application.id}/wallets/${walletId}`;
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`${walletPath}#cards`}>← Wallet {card.externalUserId}</TextLink>
      </p>
      <SimulatorCardNotice card={card} />
      <PageHeader
        title={`•••• ${card.last4}`}
        description={<span className="font-mono text-xs">{card.id}</span>}
        actions={<Badge tone={statusTone(card.status)}>{card.status}</Badge>}
      />
      <div className="space-y-6">
        <Panel title="Card" id="summary">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="card-summary">
            <Detail term="Number" valueClassName="font-mono text-sm font-semibold text-slate-900">
              •••• {card.last4}
            </Detail>
            <Detail term="Expires" valueClassName="font-mono text-sm font-semibold text-slate-900">
              {String(card.expMonth).padStart(2, "0")}/{card.expYear}
            </Detail>
            <Detail term="Status" valueClassName="text-sm text-slate-900">
              {card.status}
            </Detail>
            <Detail term="Wallet" valueClassName="text-sm [overflow-wrap:anywhere]">
              <TextLink href={walletPath}>{card.externalUserId}</TextLink>
            </Detail>
            <Detail term="Currency" valueClassName="text-sm text-slate-900">
              {card.currency}
            </Detail>
            <Detail term="Spend limit" valueClassName="text-sm text-slate-900">
              {card.spendLimit === null ? "No limit" : formatMoney(card.spendLimit, card.currency)}
            </Detail>
            <Detail term="Processor" valueClassName="text-sm text-slate-900">
              {card.processor === "lithic" ? "Lithic" : "Simulator"}
            </Detail>
            <Detail term="Created" valueClassName="text-sm text-slate-900">
              <Time value={card.createdAt} />
            </Detail>
          </dl>
        </Panel>
        <Panel
          title="Details"
          id="details"
          description={
            card.livemode
              ? card.processor === "lithic"
                ? "This card's number and CVC are held by Lithic: a details session (POST /cards/{id}/details-sessions) answers Lithic's own page, good for 60 seconds."
                : "A live card's number and CVC are its holder's alone: show them with a details session (POST /cards/{id}/details-sessions)."
              : "The full number, expiry and CVC of this test card, for trying payments. Revealing them is recorded in the audit log."
          }
        >
          {card.livemode ? (
            <p className="font-mono text-sm text-slate-700">•••• {card.last4}</p>
          ) : card.status === "canceled" ? (
            <p className="text-sm text-slate-600">The card is canceled; its details are no longer shown.</p>
          ) : (
            <RoleGate reason={refusalOf(application.role, "reveal_test_cards")} id="card-details">
              <CardDetailsReveal applicationId={application.id} cardId={card.id} last4={card.last4} />
            </RoleGate>
          )}
        </Panel>
        <SpendingControlsPanel
          applicationId={application.id}
          card={card}
          refusal={refusalOf(application.role, writeIn(application.consoleLivemode))}
        />
        {card.livemode ? null : (
          <NetworkPanel
            applicationId={application.id}
            card={card}
            refusal={refusalOf(application.role, writeIn(false))}
          />
        )}
        <CardAuthorizationsPanel merchantId={merchant.id} applicationId={application.id} cardId={card.id} />
      </div>
    </>
  );
}
