// Live-mode treasury figures per currency, in four grouped queries plus the ledger invariant:
// wallets, active cards, liabilities (wallet entry sums), reserves (minus the reserve accounts'
// entry sums) and 30-day card volume (captures net of refunds, from the wallets' ledger entries).
import type { Db } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { toMajor } from "@/lib/money/amount";
import type { TreasuryCurrency, TreasuryStats } from "@/lib/schemas/treasury";

const VOLUME_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

type Figures = { wallets: number; activeCards: number; liabilities: bigint; reserves: bigint; volume: bigint };

/** reserves / liabilities to 4 decimal places, computed in integers; null without liabilities. */
export function coverageRatio(reserves: bigint, liabilities: bigint): number | null {
  if (liabilities === 0n) return null;
  const scaled = (reserves * 10_000n * 2n + liabilities) / (liabilities * 2n); // rounded half up
  return Number(scaled) / 10_000;
}

/**
 * The live ledger's entry sums per account kind and currency: wallets' are the liabilities,
 * minus the reserve's the reserves. The liability snapshot reads the same query, so its trees
 * total exactly what these figures publish (lib/liabilities/take-liability-snapshot.ts).
 */
export const LIVE_LEDGER_TOTALS_SQL = `
  SELECT a.kind, a.currency, COALESCE(SUM(e.amount), 0)::text AS total
  FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
  WHERE a.livemode = true
  GROUP BY a.kind, a.currency`;

export function liveLedgerTotals(db: Db) {
  return db.$queryRawUnsafe<{ kind: string; currency: string; total: string }[]>(LIVE_LEDGER_TOTALS_SQL);
}

export async function computeTreasuryStats(db: Db, now = new Date()): Promise<TreasuryStats> {
  const since = new Date(now.getTime() - VOLUME_WINDOW_MS);
  const [wallets, cards, balances, volume, invariant] = await Promise.all([
    db.$queryRaw<{ currency: string; count: bigint }[]>`
      SELECT currency, COUNT(*) AS count FROM "Wallet" WHERE livemode = true GROUP BY currency`,
    db.$queryRaw<{ currency: string; count: bigint }[]>`
      SELECT currency, COUNT(*) AS count FROM "Card" WHERE livemode = true AND status = 'active' GROUP BY currency`,
    liveLedgerTotals(db),
    // A capture debits the wallet and a refund credits it back, so minus the wallets' side is the net volume.
    db.$queryRaw<{ currency: string; total: string }[]>`
      SELECT e.currency, (-SUM(e.amount))::text AS total
      FROM "LedgerTransfer" t
      JOIN "LedgerEntry" e ON e."transferId" = t.id
      JOIN "LedgerAccount" a ON a.id = e."accountId" AND a.kind = 'wallet'
      WHERE t.livemode = true AND t.kind IN ('capture', 'refund') AND t."createdAt" >= ${since}
      GROUP BY e.currency`,
    checkLedgerInvariant(db, { livemode: true }),
  ]);

  const byCurrency = new Map<string, Figures>();
  const figures = (currency: string): Figures => {
    let entry = byCurrency.get(currency);
    if (!entry) {
      entry = { wallets: 0, activeCards: 0, liabilities: 0n, reserves: 0n, volume: 0n };
      byCurrency.set(currency, entry);
    }
    return entry;
  };
  for (const row of wallets) figures(row.currency).wallets = Number(row.count);
  for (const row of cards) figures(row.currency).activeCards = Number(row.count);
  for (const row of balances) {
    if (row.kind === "wallet") figures(row.currency).liabilities += BigInt(row.total);
    else if (row.kind === "reserve") figures(row.currency).reserves -= BigInt(row.total);
  }
  for (const row of volume) figures(row.currency).volume = BigInt(row.total);

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
    }));
  return { as_of: now.toISOString(), livemode: true, ledger_balanced: invariant.balanced, currencies };
}
