// One wallet: its holder (name, email, address as given at creation), balance, cards, its latest
// authorizations (pending holds can be reversed here) and recent transactions; freeze, unfreeze
// and close buttons for a member who may write in the mode.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { walletDetail } from "@/lib/console/wallet-detail";
import { Badge, statusTone } from "@/components/ui/badge";
import { Detail } from "@/components/ui/detail";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication, orNotFound } from "@/app/merchant/sdk/_lib/load-application";
import { formatMoney } from "@/lib/money/format";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { RECENT_AUTHORIZATIONS } from "@/lib/console/wallet-detail";
import { can, writeIn } from "@/lib/console/roles";
import { MoneyPanels } from "@/app/merchant/sdk/_components/money/money-panels";
import { ReverseHoldButton } from "./reverse-hold-button";
import { WalletStatusButtons } from "./wallet-status-buttons";

export const metadata: Metadata = { title: "Wallet" };

/** A postal address as it is written on an envelope: street lines, then "city region postcode", then the country. */
function addressLines(address: NonNullable<WalletRecord["address"]>): string[] {
  const locality = [address.city, address.region, address.postalCode].filter(Boolean).join(" ");
  return [address.line1, address.line2, locality, address.country].filter((line): line is string => Boolean(line));
}

export default async function WalletPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string; walletId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId, walletId }, cursors] = await Promise.all([
    params,
    readQuery(searchParams, ["cards_after", "transactions_after"]),
  ]);
  const { merchant, application } = await loadApplication(appId);
  const { wallet, cards, transactions, authorizations } = await orNotFound(
    walletDetail(prisma(), merchant.id, application.id, walletId, {
      cardsAfter: cursors.cards_after,
      transactionsAfter: cursors.transactions_after,
    }),
  );
  const path = `/merchant/sdk/apps/${application.id}/wallets/${wallet.id}`;
  const mayReverse = can(application.role, writeIn(application.consoleLivemode));
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`/merchant/sdk/apps/${application.id}/wallets`}>← Wallets</TextLink>
      </p>
      <PageHeader
        title={wallet.externalUserId}
        description={<span className="font-mono text-xs">{wallet.id}</span>}
        actions={
          <div className="flex items-start gap-3">
            <Badge tone={statusTone(wallet.status)}>{wallet.status}</Badge>
            {mayReverse ? (
              <WalletStatusButtons applicationId={application.id} walletId={wallet.id} status={wallet.status} />
            ) : null}
          </div>
        }
      />
      <div className="space-y-6">
        <Panel>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ["Available balance", formatMoney(wallet.balance.available, wallet.currency)],
              ["Posted balance", formatMoney(wallet.balance.posted, wallet.currency)],
              ["Account number", wallet.accountNumber],
              ["Currency", wallet.currency],
            ].map(([label, value]) => (
              <Detail key={label} term={label} valueClassName="break-all text-sm font-semibold text-slate-900">
                {value}
              </Detail>
            ))}
          </dl>
        </Panel>
        <Panel title="Holder" id="holder" description="As given when the wallet was created.">
          <dl className="grid gap-4 sm:grid-cols-3" data-testid="wallet-holder">
            <Detail term="Name" valueClassName="text-sm text-slate-900 [overflow-wrap:anywhere]">
              {wallet.name ? <bdi>{wallet.name}</bdi> : <span className="text-slate-500">Not given</span>}
            </Detail>
            <Detail term="Email" valueClassName="text-sm text-slate-900 [overflow-wrap:anywhere]">
              {wallet.email}
            </Detail>
            <Detail term="Address" valueClassName="text-sm text-slate-900">
              {wallet.address ? (
                <address className="not-italic">
                  {addressLines(wallet.address).map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              ) : (
                <span className="text-slate-500">Not given</span>
              )}
            </Detail>
          </dl>
        </Panel>
        <Panel title="Cards" id="cards">
          {cards.unknownCursor ? null : cards.rows.length === 0 ? (
            <EmptyState title="No cards">Issue one with POST /api/public/sdk/v1/cards.</EmptyState>
          ) : (
            <Table caption="Cards" head={["Card", "Status", "Spend limit", "Expires", "Created"]}>
              {cards.rows.map((card) => (
                <tr key={card.id} id={card.id} className="scroll-mt-4 target:bg-indigo-50">
                  <Td>
                    <TextLink href={`/merchant/sdk/apps/${application.id}/cards/${card.id}`}>
                      <span className="font-mono">•••• {card.last4}</span>
                    </TextLink>
                    <div className="font-mono text-xs text-slate-500">{card.id}</div>
                  </Td>
                  <Td>
                    <Badge tone={statusTone(card.status)}>{card.status}</Badge>
                  </Td>
                  <Td>{card.spendLimit === null ? "No limit" : formatMoney(card.spendLimit, card.currency)}</Td>
                  <Td>
                    {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                  </Td>
                  <Td>
                    <Time value={card.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager
            path={path}
            param="cards_after"
            params={cursors}
            after={cursors.cards_after}
            nextCursor={cards.nextCursor}
            unknownCursor={cards.unknownCursor}
            label="Cards"
            hash="cards"
          />
        </Panel>
        <Panel
          title="Authorizations"
          id="authorizations"
          description={`The latest ${RECENT_AUTHORIZATIONS}, newest first. A pending hold is released when captured, reversed, or when it expires uncaptured.`}
        >
          {authorizations.length === 0 ? (
            <EmptyState title="No authorizations yet">Card spends appear here, approved or declined.</EmptyState>
          ) : (
            <Table
              caption="Authorizations"
              head={["Merchant", "Amount", "Status", "Hold expires", "Created", "Action"]}
            >
              {authorizations.map((a) => (
                <tr key={a.id} id={a.id} className="scroll-mt-4 target:bg-indigo-50">
                  <Td wrap>
                    <bdi>{a.merchant.name}</bdi>
                    <div className="font-mono text-xs text-slate-500">{a.id}</div>
                    {/* What the card network (or the application's own reports) did to it, oldest first. */}
                    <ol className="mt-1 text-xs text-slate-600" data-testid="authorization-steps">
                      {a.history.map((step, index) => (
                        <li key={`${a.id}-${index}`}>
                          {step.kind.replaceAll("_", " ")} {formatMoney(step.amount, a.currency)}
                        </li>
                      ))}
                    </ol>
                  </Td>
                  <Td className="font-mono tabular-nums">
                    {formatMoney(a.amount, a.currency)}
                    {a.capturedAmount > 0 ? (
                      <div className="text-xs text-slate-500">captured {formatMoney(a.capturedAmount, a.currency)}</div>
                    ) : null}
                  </Td>
                  <Td>
                    <Badge tone={statusTone(a.status)}>{a.status}</Badge>
                    {a.declineCode ? <div className="font-mono text-xs text-slate-500">{a.declineCode}</div> : null}
                    {/* What decided it: the application's endpoint, its defaultAction, or our own checks. */}
                    <div className="text-xs text-slate-500" data-testid="authorization-decision">
                      by {a.decision.by}: {a.decision.reason}
                      {a.decision.latencyMs !== undefined ? ` · ${a.decision.latencyMs} ms` : ""}
                      {Object.keys(a.metadata).length > 0 ? ` · ${JSON.stringify(a.metadata)}` : ""}
                    </div>
                  </Td>
                  <Td>{a.status === "pending" && a.expiresAt ? <Time value={a.expiresAt} /> : "—"}</Td>
                  <Td>
                    <Time value={a.createdAt} />
                  </Td>
                  <Td>
                    {a.status === "pending" && mayReverse ? (
                      <ReverseHoldButton applicationId={application.id} walletId={wallet.id} authorizationId={a.id} />
                    ) : null}
                  </Td>
                </tr>
              ))}
            </Table>
          )}
        </Panel>
        <Panel title="Transactions" id="transactions" description="Newest first.">
          {transactions.unknownCursor ? null : transactions.rows.length === 0 ? (
            <EmptyState title="No transactions yet">Funding, captures and refunds appear here.</EmptyState>
          ) : (
            <Table caption="Transactions" head={["Type", "Amount", "Posted balance after", "Description", "Date"]}>
              {transactions.rows.map((t) => (
                <tr key={t.id} id={t.id} className="scroll-mt-4 target:bg-indigo-50">
                  <Td>
                    <Badge tone={t.amount < 0 ? "slate" : "green"}>{t.type}</Badge>
                  </Td>
                  <Td className={`font-mono tabular-nums ${t.amount < 0 ? "text-slate-900" : "text-emerald-700"}`}>
                    {formatMoney(t.amount, t.currency)}
                  </Td>
                  <Td className="font-mono tabular-nums">{formatMoney(t.balanceAfter, t.currency)}</Td>
                  <Td wrap>
                    {t.description ?? "—"}
                    {t.authorizationId ? (
                      <div className="font-mono text-xs text-slate-500">{t.authorizationId}</div>
                    ) : null}
                  </Td>
                  <Td>
                    <Time value={t.createdAt} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager
            path={path}
            param="transactions_after"
            params={cursors}
            after={cursors.transactions_after}
            nextCursor={transactions.nextCursor}
            unknownCursor={transactions.unknownCursor}
            label="Transactions"
            hash="transactions"
          />
        </Panel>
        <MoneyPanels
          merchantId={merchant.id}
          applicationId={application.id}
          role={application.role}
          wallet={{ externalUserId: wallet.externalUserId, currency: wallet.currency }}
        />
      </div>
    </>
  );
}
