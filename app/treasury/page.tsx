// /treasury: the public live-mode treasury figures as numbers and inline-SVG charts, from the same
// cached computation as /api/public/treasury/stats.json.
import type { Metadata } from "next";
import { treasuryStats } from "@/lib/treasury/treasury-stats";
import { PublicShell } from "../_components/public-shell";
import { formatAmount } from "@/lib/money/format";
import { BarChart } from "./bar-chart";

export const metadata: Metadata = { title: "Treasury" };
export const dynamic = "force-dynamic";

const percent = (v: number) => `${(v * 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

export default async function TreasuryPage() {
  const stats = await treasuryStats();
  const rows = stats.currencies;
  return (
    <PublicShell wide>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Treasury</h1>
      <p className="mt-2 text-slate-600">
        What we owe wallet holders (liabilities) and what we hold against it (reserves), per currency, from the live
        ledger. Test-mode data is never included. Figures as of{" "}
        <time dateTime={stats.as_of} className="font-medium" data-testid="as-of">
          {stats.as_of}
        </time>{" "}
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

      {rows.length === 0 ? (
        <p className="mt-8 rounded-lg border border-slate-200 bg-white p-6 text-slate-600">No live wallets yet.</p>
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
                    <td className="px-4 py-2 tabular-nums">{formatAmount(r.liabilities, r.currency)}</td>
                    <td className="px-4 py-2 tabular-nums">{formatAmount(r.reserves, r.currency)}</td>
                    <td className="px-4 py-2 tabular-nums">
                      {r.coverage_ratio === null ? "—" : percent(r.coverage_ratio)}
                    </td>
                    <td className="px-4 py-2 tabular-nums">{formatAmount(r.card_volume_30d, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <div className="mt-6 grid gap-6 lg:grid-cols-3">
            <BarChart
              title="Liabilities vs reserves"
              series={[
                { name: "Liabilities", color: "#6366f1" },
                { name: "Reserves", color: "#10b981" },
              ]}
              groups={rows.map((r) => ({
                label: r.currency,
                values: [r.liabilities, r.reserves],
                format: (v: number) => formatAmount(v, r.currency),
              }))}
            />
            <BarChart
              title="Coverage ratio"
              series={[{ name: "Reserves ÷ liabilities", color: "#0ea5e9" }]}
              max={Math.max(1, ...rows.map((r) => r.coverage_ratio ?? 0))}
              groups={rows.map((r) => ({ label: r.currency, values: [r.coverage_ratio ?? 0], format: percent }))}
            />
            <BarChart
              title="Card volume, last 30 days"
              series={[{ name: "Captures net of refunds", color: "#f59e0b" }]}
              groups={rows.map((r) => ({
                label: r.currency,
                values: [r.card_volume_30d],
                format: (v: number) => formatAmount(v, r.currency),
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
