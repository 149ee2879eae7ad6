// The application's own balance in the current mode: per currency, its movements (top-ups,
// transfers to and from wallets, payouts) newest first, adding money, and the settlement report.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { readApplicationBalance } from "@/lib/console/application-balance";
import { can } from "@/lib/console/roles";
import { toMajor } from "@/lib/money/amount";
import { formatMoney } from "@/lib/money/format";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";
import { MoneyPanels } from "@/app/merchant/sdk/_components/money/money-panels";
import { AddToBalanceForm, ReportDownloadForm } from "./balance-forms";

export const metadata: Metadata = { title: "Balance" };

export default async function BalancePage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, { after }] = await Promise.all([params, readQuery(searchParams, ["after"])]);
  const { merchant } = await loadApplication(appId);
  const { application, balance, movements } = await readApplicationBalance(prisma(), merchant.id, appId, after);
  const live = application.consoleLivemode;
  const base = `/merchant/sdk/apps/${application.id}`;
  const mayAdd = live ? application.role === "owner" : can(application.role, "write_test");
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 8)}01`;
  return (
    <>
      <PageHeader
        title="Balance"
        description={`Your application's own ${live ? "live" : "test"} money: it funds your users' wallets through transfers.`}
      />
      <div className="space-y-6">
        <Panel title="Available" id="balance-available">
          {balance.available.length === 0 ? (
            <EmptyState title="No balance yet">
              {live
                ? "An owner records a bank deposit below."
                : "Top up below, or with POST /api/public/sdk/v1/test/top-ups."}
            </EmptyState>
          ) : (
            <ul className="flex flex-wrap gap-6" data-testid="balance-available">
              {balance.available.map(({ currency, amount }) => (
                <li key={currency} className="font-mono text-2xl tabular-nums text-slate-900">
                  {formatMoney(amount, currency)}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        {mayAdd ? (
          <Panel
            title={live ? "Record a deposit" : "Top up"}
            id="balance-add"
            description={
              live
                ? "A bank deposit received for this application, under the bank's reference. Asks you to confirm it is you."
                : "Test money, added at once from the platform's test reserve."
            }
          >
            <AddToBalanceForm applicationId={application.id} live={live} />
          </Panel>
        ) : null}
        <Panel title="Movements" id="balance-movements" description="Top-ups, transfers and payouts, newest first.">
          {movements.rows.length === 0 ? (
            <EmptyState title="No movements yet">Top-ups and transfers of the balance appear here.</EmptyState>
          ) : (
            <Table
              caption="Balance movements"
              head={["Kind", "Id", "Wallet", "Description", "Amount", "Balance after", "Created"]}
            >
              {movements.rows.map((m) => (
                <tr key={m.entryId}>
                  <Td>{m.kind.replaceAll("_", " ")}</Td>
                  <Td className="font-mono text-xs">{m.id}</Td>
                  <Td wrap>
                    {m.wallet ? (
                      <TextLink href={`${base}/wallets?q=${encodeURIComponent(m.wallet)}`}>{m.wallet}</TextLink>
                    ) : null}
                  </Td>
                  <Td wrap>{m.description}</Td>
                  <Td className="font-mono tabular-nums">
                    {formatMoney(toMajor(m.amountMinor, m.currency), m.currency)}
                  </Td>
                  <Td className="font-mono tabular-nums">
                    {formatMoney(toMajor(m.balanceAfterMinor, m.currency), m.currency)}
                  </Td>
                  <Td>
                    <Time value={m.createdAt.toISOString()} />
                  </Td>
                </tr>
              ))}
            </Table>
          )}
          <Pager path={`${base}/balance`} after={after} nextCursor={movements.nextCursor} label="Movements" />
        </Panel>
        <MoneyPanels merchantId={merchant.id} applicationId={application.id} role={application.role} wallet={null} />
        <Panel
          title="Settlement report"
          id="balance-report"
          description="Per currency: the opening balance, every movement and the closing balance, as CSV."
        >
          <ReportDownloadForm applicationId={application.id} from={monthStart} to={today} />
        </Panel>
      </div>
    </>
  );
}
