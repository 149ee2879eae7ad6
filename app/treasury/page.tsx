// /treasury: the public live-mode treasury figures as numbers and inline-SVG charts, from the same
// cached computation as /api/public/treasury/stats.json.
import type { Metadata } from "next";
import Link from "next/link";
import { prisma } from "@/lib/db/client";
import { latestLiabilitySnapshot } from "@/lib/liabilities/list-liability-snapshots";
import { treasuryStats } from "@/lib/treasury/treasury-stats";
import { formatCurrency } from "@/lib/money/format";
import { LocalTime } from "../_components/local-time";
import { PublicShell } from "../_components/public-shell";
import { BarChart } from "./bar-chart";

export const metadata: Metadata = { title: "Treasury" };
export const dynamic = "force-dynamic";

const percent = (v: number) => `${(v * 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

export default async function TreasuryPage() {
  const [stats, snapshot] = await Promise.all([treasuryStats(), latestLiabilitySnapshot(prisma())]);
  const rows = stats.currencies;
  return (
    <PublicShell wide>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Treasury</h1>
      <p className="mt-2 text-slate-600">
        What we owe wallet holders (liabilities) and what we hold against it (reserves), per currency, from the live
        ledger. Test-mode data is never included. Figures as of <LocalTime iso={stats.as_of} className="font-medium" />{" "}
        (refreshed at most once a minute).{" "}
        <a
          href="/api/public/treasury/stats.json"
          className="text-indigo-700 underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Download as JSON
        </a>
      </p>

      <p
        className={`mt-4 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-medium ${stats.ledger_balanced ? "bg-emerald-100 text-emerald-900" : "bg-red-100 text-red-900"}`}
      >
        {stats.ledger_balanced ? "✓ Ledger balanced" : "✗ Ledger check failed"}
      </p>

      <section
        aria-labelledby="liabilities-proof"
        data-testid="liabilities-proof"
        className="mt-6 max-w-4xl rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <h2 id="liabilities-proof" className="text-lg font-semibold text-slate-900">
          Proof of liabilities
        </h2>
        {snapshot ? (
          <>
            <p className="mt-1 text-sm text-slate-700">
              Snapshot {snapshot.sequence} of <LocalTime iso={snapshot.as_of} className="font-medium" />: per currency,
              the root of a Merkle-sum tree over every live wallet&apos;s balance. A holder checks that their balance
              is counted with the proof their provider gives them, at{" "}
              <a href="/treasury/verify" className="text-indigo-700 underline">
                /treasury/verify
              </a>
              . This proves what we owe; it does not prove the reserves exist outside our ledger.
            </p>
            <dl className="mt-3 space-y-2 text-sm">
              {snapshot.currencies.map((c) => (
                <div key={c.currency}>
                  <dt className="font-medium text-slate-900">
                    {c.currency}: {formatCurrency(c.total, c.currency)} over {c.leaf_count} wallets
                  </dt>
                  <dd className="font-mono text-xs break-all text-slate-600">root {c.root_hash}</dd>
                </div>
              ))}
              <div>
                <dt className="font-medium text-slate-900">Snapshot hash (the next one names it)</dt>
                <dd className="font-mono text-xs break-all text-slate-600">{snapshot.hash}</dd>
              </div>
            </dl>
            <p className="mt-2 text-sm">
              <Link prefetch={false} href="/api/public/treasury/liabilities" className="text-indigo-700 underline">
                Every snapshot, newest first (JSON)
              </Link>
            </p>
          </>
        ) : (
          <p className="mt-1 text-sm text-slate-700">
            No snapshot is published yet: the first is taken within the hour. Each will commit, per currency, to every
            live wallet&apos;s balance, and holders will check their own at{" "}
            <a href="/treasury/verify" className="text-indigo-700 underline">
              /treasury/verify
            </a>
            .
          </p>
        )}
      </section>

      {rows.length === 0 ? (
        <section
          aria-labelledby="treasury-empty"
          data-testid="treasury-empty"
          className="mt-8 max-w-3xl rounded-lg border border-dashed border-slate-300 bg-white p-6"
        >
          <h2 id="treasury-empty" className="text-lg font-semibold text-slate-900">
            No live wallets yet
          </h2>
          <p className="mt-2 text-slate-700">
            Once live wallets exist, this page shows for each currency: how many wallets and active cards there are,
            what we owe their holders (liabilities), what we hold against it (reserves), the coverage ratio between the
            two, and the card volume of the last 30 days, with a chart of each.
          </p>
          <p className="mt-2 text-slate-700">
            It is empty because only live-mode data counts and none exists yet: wallets made with test keys (
            <code className="rounded bg-slate-100 px-1">sk_test_…</code>) never appear here. The first figures show
            within a minute of the first live wallet being created.
          </p>
        </section>
      ) : (
        <>
          <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full text-sm">
              <caption className="sr-only">Treasury figures per currency</caption>
              <thead className="bg-slate-50 text-left text-slate-600">
                <tr>
                  {[
                    "Currency",
                    "Wallets",
                    "Active cards",
                    "Liabilities",
                    "Reserves",
                    "Coverage",
                    "Card volume (30 days)",
                    "Overdrawn by the network",
                  ].map((h) => (
                    <th key={h} scope="col" className="px-4 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => (
                  <tr key={r.currency}>
                    <th scope="row" className="px-4 py-2 text-left font-semibold">
                      {r.currency}
                    </th>
                    <td className="px-4 py-2 tabular-nums">{r.wallets}</td>
                    <td className="px-4 py-2 tabular-nums">{r.active_cards}</td>
                    <td className="px-4 py-2 tabular-nums">{formatCurrency(r.liabilities, r.currency)}</td>
                    <td className="px-4 py-2 tabular-nums">{formatCurrency(r.reserves, r.currency)}</td>
                    <td className="px-4 py-2 tabular-nums">
                      {r.coverage_ratio === null ? "—" : percent(r.coverage_ratio)}
                    </td>
                    <td className="px-4 py-2 tabular-nums">{formatCurrency(r.card_volume_30d, r.currency)}</td>
                    <td className="px-4 py-2 tabular-nums">
                      {r.overdrawn_wallets === 0
                        ? "—"
                        : `${r.overdrawn_wallets} · ${formatCurrency(r.overdrawn_amount, r.currency)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <BarChart
              title="Liabilities vs reserves"
              series={[
                { name: "Liabilities", color: "#4f46e5" },
                { name: "Reserves", color: "#047857" },
              ]}
              groups={rows.map((r) => ({
                label: r.currency,
                values: [r.liabilities, r.reserves],
                format: (v: number) => formatCurrency(v, r.currency),
              }))}
            />
            <BarChart
              title="Coverage ratio"
              series={[{ name: "Reserves ÷ liabilities", color: "#0369a1" }]}
              max={Math.max(1, ...rows.map((r) => r.coverage_ratio ?? 0))}
              groups={rows.map((r) => ({ label: r.currency, values: [r.coverage_ratio ?? 0], format: percent }))}
            />
            <BarChart
              title="Card volume, last 30 days"
              series={[{ name: "Captures net of refunds", color: "#b45309" }]}
              groups={rows.map((r) => ({
                label: r.currency,
                values: [r.card_volume_30d],
                format: (v: number) => formatCurrency(v, r.currency),
              }))}
            />
          </div>
          <p className="mt-3 text-xs text-slate-600">
            Each chart compares currencies in their own units; amounts in different currencies are not converted.
          </p>
        </>
      )}
    </PublicShell>
  );
}
