// Live-mode treasury figures per currency, from the ledger's running totals (wallets, active cards,
// liabilities = the wallets' and the applications' balances' entry sums, reserves = minus the reserve accounts', 30-day card volume
// net of refunds, wallets the card network overdrew) and the ledger verification's last result: no read here grows with the ledger's
// history (docs/decisions/running-totals.md). The figures equal the full computation's exactly.
import type { Db } from "@/lib/db/client";
import { readLedgerTotals, VOLUME_WINDOW_MS } from "@/lib/ledger/running-totals";
import { lastVerification } from "@/lib/ledger/verify-ledger";
import { toMajor } from "@/lib/money/amount";
import type { TreasuryCurrency, TreasuryStats } from "@/lib/schemas/treasury";

type Figures = {
  wallets: number;
  activeCards: number;
  liabilities: bigint;
  reserves: bigint;
  volume: bigint;
  overdrawnWallets: number;
  overdrawn: bigint;
};

/**
 * Live wallets below zero, per currency: only a card network step can take one there, and it is
 * recorded as having overdrawn (docs/decisions/card-network.md), so the index of those steps finds
 * them without reading every wallet.
 */
async function overdrawnWallets(db: Db) {
  return db.$queryRaw<{ currency: string; count: number; total: string }[]>`
    SELECT a.currency, COUNT(*)::int AS count, SUM(a."postedMinor" - a."heldMinor")::text AS total
    FROM "LedgerAccount" a
    WHERE a.kind = 'wallet' AND a.livemode = true AND a."postedMinor" - a."heldMinor" < 0
      AND a."walletId" IN (SELECT DISTINCT s."walletId" FROM "NetworkStep" s WHERE s.overdrew AND s.livemode = true)
    GROUP BY a.currency`;
}

/** reserves / liabilities to 4 decimal places, computed in integers; null without liabilities. */
export function coverageRatio(reserves: bigint, liabilities: bigint): number | null {
  if (liabilities === 0n) return null;
  const scaled = (reserves * 10_000n * 2n + liabilities) / (liabilities * 2n); // rounded half up
  return Number(scaled) / 10_000;
}

/**
 * The live ledger's entry sums per account kind and currency, from the running totals: wallets'
 * are the liabilities, minus the reserve's the reserves. The liability snapshot reads the same
 * query, so its trees total exactly what these figures publish (lib/liabilities/take-liability-snapshot.ts).
 */
export const LIVE_LEDGER_TOTALS_SQL = `
  SELECT metric AS kind, currency, SUM(amount)::text AS total FROM (
    SELECT metric, currency, amount FROM "LedgerTotal" WHERE livemode = true AND metric IN ('wallet', 'reserve', 'balance')
    UNION ALL
    SELECT metric, currency, amount FROM "LedgerTotalDelta" WHERE livemode = true AND metric IN ('wallet', 'reserve', 'balance')
  ) totals
  GROUP BY metric, currency`;

export function liveLedgerTotals(db: Db) {
  return db.$queryRawUnsafe<{ kind: string; currency: string; total: string }[]>(LIVE_LEDGER_TOTALS_SQL);
}

export async function computeTreasuryStats(db: Db, now = new Date()): Promise<TreasuryStats> {
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
  const [totals, verification, overdrawn] = await Promise.all([
    readLedgerTotals(db, true, since),
    lastVerification(db, true),
    overdrawnWallets(db),
  ]);

  const byCurrency = new Map<string, Figures>();
  const figures = (currency: string): Figures => {
    let entry = byCurrency.get(currency);
    if (!entry) {
      entry = {
        wallets: 0,
        activeCards: 0,
        liabilities: 0n,
        reserves: 0n,
        volume: 0n,
        overdrawnWallets: 0,
        overdrawn: 0n,
      };
      byCurrency.set(currency, entry);
    }
    return entry;
  };
  for (const { metric, currency, total } of totals) {
    // A count that went back to zero lists no currency, as counting no rows would not; an account
    // lists its currency even before its first entry.
    if (metric === "wallets") {
      if (total !== 0n) figures(currency).wallets = Number(total);
    } else if (metric === "active_cards") {
      if (total !== 0n) figures(currency).activeCards = Number(total);
    } else if (metric === "wallet" || metric === "balance") figures(currency).liabilities += total;
    else if (metric === "reserve") figures(currency).reserves -= total;
    else if (metric === "card_volume" && total !== 0n) figures(currency).volume = total;
  }

  for (const row of overdrawn) {
    figures(row.currency).overdrawnWallets = row.count;
    figures(row.currency).overdrawn = BigInt(row.total);
  }

  const currencies: TreasuryCurrency[] = [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, f]) => ({
      currency,
      wallets: f.wallets,
      active_cards: f.activeCards,
      liabilities: toMajor(f.liabilities, currency),
      reserves: toMajor(f.reserves, currency),
      coverage_ratio: coverageRatio(f.reserves, f.liabilities),
      card_volume_30d: toMajor(f.volume, currency),
      overdrawn_wallets: f.overdrawnWallets,
      overdrawn_amount: toMajor(f.overdrawn, currency),
    }));
  return {
    as_of: now.toISOString(),
    livemode: true,
    // Nothing found wrong yet counts as balanced; ledger_checked_at says whether anything was checked.
    ledger_balanced: verification?.balanced ?? true,
    ledger_checked_at: verification ? verification.checkedAt.toISOString() : null,
    currencies,
  };
}
