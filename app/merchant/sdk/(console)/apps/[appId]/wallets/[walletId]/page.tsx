// One wallet with its balance, cards and recent transactions.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { walletDetail } from "@/lib/console/wallet-detail";
import {
  Badge,
  EmptyState,
  PageHeader,
  Panel,
  statusTone,
  Table,
  Td,
  TextLink,
  Time,
} from "../../../../../_components/ui";
import { loadApplication, orNotFound } from "../../../../../_lib/load-application";

import { formatMoney } from "@/lib/money/format";

export const metadata: Metadata = { title: "Wallet" };

export default async function WalletPage({ params }: { params: Promise<{ appId: string; walletId: string }> }) {
  const { appId, walletId } = await params;
  const { merchant, application } = await loadApplication(appId);
  const { wallet, cards, transactions, moreTransactions } = await orNotFound(
    walletDetail(prisma(), merchant.id, application.id, walletId),
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <TextLink href={`/merchant/sdk/apps/${application.id}/wallets`}>← Wallets</TextLink>
      </p>
      <PageHeader
        title={wallet.externalUserId}
        description={<span className="font-mono text-xs">{wallet.id}</span>}
        actions={<Badge tone={statusTone(wallet.status)}>{wallet.status}</Badge>}
      />
      <div className="space-y-6">
        <Panel>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ["Available", formatMoney(wallet.balance.available, wallet.currency)],
              ["Posted", formatMoney(wallet.balance.posted, wallet.currency)],
              ["Account number", wallet.accountNumber],
              ["Email", wallet.email],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
                <dd className="mt-1 break-all text-sm font-semibold text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </Panel>
        <Panel title="Cards" id="cards">
          {cards.length === 0 ? (
            <EmptyState title="No cards">Issue one with POST /api/public/sdk/v1/cards.</EmptyState>
          ) : (
            <Table caption="Cards" head={["Card", "Status", "Spend limit", "Expires", "Created"]}>
              {cards.map((card) => (
                <tr key={card.id}>
                  <Td>
                    <span className="font-mono">•••• {card.last4}</span>
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
        </Panel>
        <Panel
          title="Transactions"
          id="transactions"
          description={moreTransactions ? "The 50 most recent." : undefined}
        >
          {transactions.length === 0 ? (
            <EmptyState title="No transactions yet">Funding, captures and refunds appear here.</EmptyState>
          ) : (
            <Table caption="Transactions" head={["Type", "Amount", "Balance after", "Description", "Date"]}>
              {transactions.map((t) => (
                <tr key={t.id}>
                  <Td>
                    <Badge tone={t.amount < 0 ? "slate" : "green"}>{t.type}</Badge>
                  </Td>
                  <Td className={`font-mono tabular-nums ${t.amount < 0 ? "text-slate-900" : "text-emerald-700"}`}>
                    {formatMoney(t.amount, t.currency)}
                  </Td>
                  <Td className="font-mono tabular-nums">{formatMoney(t.balanceAfter, t.currency)}</Td>
                  <Td wrap>{t.description ?? "—"}</Td>
                  <Td>
                    <Time value={t.createdAt} />
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
