// Wallets of the application's current mode, searchable by the application's own user id.
import type { Metadata } from "next";
import { prisma } from "@/lib/db/client";
import { searchWallets } from "@/lib/console/search-wallets";
import { Badge, statusTone } from "@/components/ui/badge";
import { cn } from "@/components/ui/cn";
import { buttonVariants } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { inputClass } from "@/components/ui/input";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { Table, Td } from "@/components/ui/table";
import { TextLink } from "@/components/ui/text-link";
import { Time } from "@/app/merchant/sdk/_components/time";
import { Pager } from "@/app/merchant/sdk/_components/pager";
import { loadApplication } from "@/app/merchant/sdk/_lib/load-application";
import { formatMoney } from "@/lib/money/format";
import { readQuery, type SearchParams } from "@/app/merchant/sdk/_lib/read-query";

export const metadata: Metadata = { title: "Wallets" };

export default async function WalletsPage({
  params,
  searchParams,
}: {
  params: Promise<{ appId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ appId }, { q, after }] = await Promise.all([params, readQuery(searchParams, ["q", "after"])]);
  const { merchant, application } = await loadApplication(appId);
  const page = await searchWallets(prisma(), merchant.id, application.id, { externalUserId: q, after });
  const wallets = page.rows;
  const base = `/merchant/sdk/apps/${application.id}`;
  return (
    <>
      <PageHeader
        title="Wallets"
        description={`${application.consoleLivemode ? "Live" : "Test"} wallets, newest first.`}
      />
      <Panel>
        <form role="search" className="mb-4 flex flex-col gap-2 sm:flex-row" action={`${base}/wallets`}>
          <label htmlFor="wallet-search" className="sr-only">
            Search by your user ID (externalUserId)
          </label>
          <input
            id="wallet-search"
            name="q"
            defaultValue={q}
            placeholder="Search by your user ID (externalUserId)"
            className={cn(inputClass, "sm:max-w-sm")}
          />
          <button type="submit" className={buttonVariants({ variant: "secondary" })}>
            Search
          </button>
        </form>
        {page.unknownCursor ? null : wallets.length === 0 ? (
          <EmptyState title={q ? `No wallet matches “${q}”` : "No wallets yet"}>
            {q
              ? "Check the spelling, or clear the search."
              : "Create one with POST /api/public/sdk/v1/wallets and it appears here."}
          </EmptyState>
        ) : (
          <Table caption="Wallets" head={["Your user ID", "Holder", "Available balance", "Status", "Account number", "Created"]}>
            {wallets.map((wallet) => (
              <tr key={wallet.id}>
                <Td wrap>
                  <TextLink href={`${base}/wallets/${wallet.id}`}>{wallet.externalUserId}</TextLink>
                </Td>
                <Td wrap>
                  {wallet.name ? (
                    <div className="text-slate-900">
                      <bdi>{wallet.name}</bdi>
                    </div>
                  ) : null}
                  <div className={wallet.name ? "text-xs text-slate-600" : undefined}>{wallet.email}</div>
                </Td>
                <Td className="font-mono tabular-nums">{formatMoney(wallet.balance.available, wallet.currency)}</Td>
                <Td>
                  <Badge tone={statusTone(wallet.status)}>{wallet.status}</Badge>
                </Td>
                <Td className="font-mono text-xs">{wallet.accountNumber}</Td>
                <Td>
                  <Time value={wallet.createdAt} />
                </Td>
              </tr>
            ))}
          </Table>
        )}
        <Pager
          path={`${base}/wallets`}
          params={{ q }}
          after={after}
          nextCursor={page.nextCursor}
          unknownCursor={page.unknownCursor}
          label="Wallets"
        />
      </Panel>
    </>
  );
}
