// The ledger's running totals per mode and currency (docs/decisions/running-totals.md): entry sums
// per account kind, wallet and active-card counts, and card volume per minute and per hour. Writers
// only append LedgerTotalDelta rows (database triggers, in the writer's transaction); the ledger
// verification folds them into LedgerTotal after checking them (verify-ledger.ts). A read sums both
// in one statement, so it sees each delta exactly once: either still pending or already folded in.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

export const ENTRY_METRICS = ["wallet", "reserve", "balance"] as const;
export const COUNT_METRICS = ["wallets", "active_cards"] as const;
export type TotalMetric = (typeof ENTRY_METRICS)[number] | (typeof COUNT_METRICS)[number] | "card_volume";

/** The window of card_volume (docs/decisions/running-totals.md); folded buckets older than this are pruned. */
export const VOLUME_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export type TotalRow = { metric: TotalMetric; currency: string; total: bigint };

/**
 * Where the card volume from `volumeSince` comes from: `wholeFrom` is the first minute boundary at
 * or after it, `hourFrom` the first hour boundary at or after that. Hour buckets cover
 * [hourFrom, now), minute buckets [wholeFrom, hourFrom), and the transfers themselves the part of
 * `volumeSince`'s minute after it.
 */
export function volumeBoundaries(volumeSince: Date): { wholeFrom: Date; hourFrom: Date } {
  const wholeFrom = Math.ceil(volumeSince.getTime() / MINUTE_MS) * MINUTE_MS;
  return { wholeFrom: new Date(wholeFrom), hourFrom: new Date(Math.ceil(wholeFrom / HOUR_MS) * HOUR_MS) };
}

/**
 * The totals of one mode, card volume counted from `volumeSince`, equal to the full computation's
 * to the millisecond: whole hours from the hour buckets (at most 720 for 30 days), the window's
 * first partial hour from at most 59 minute buckets, and the part of `volumeSince`'s minute after
 * it from that minute's transfers (the index on LedgerTransfer (livemode, kind, createdAt) bounds it
 * to one minute of captures). Pending deltas are still minutes, at most a few minutes' worth.
 */
export async function readLedgerTotals(db: Db, livemode: boolean, volumeSince: Date): Promise<TotalRow[]> {
  const rows = await db.$queryRaw<{ metric: TotalMetric; currency: string; total: string }[]>(
    ledgerTotalsQuery(livemode, volumeSince),
  );
  return rows.map((row) => ({ metric: row.metric, currency: row.currency, total: BigInt(row.total) }));
}

/** readLedgerTotals' statement, for its EXPLAIN test. */
export function ledgerTotalsQuery(livemode: boolean, volumeSince: Date): Prisma.Sql {
  const { wholeFrom, hourFrom } = volumeBoundaries(volumeSince);
  return Prisma.sql`
    SELECT metric, currency, SUM(amount)::text AS total FROM (
      SELECT metric, currency, amount FROM "LedgerTotal"
      WHERE livemode = ${livemode} AND metric IN ('wallet', 'reserve', 'balance', 'wallets', 'active_cards')
      UNION ALL
      SELECT 'card_volume', currency, amount FROM "LedgerTotal"
      WHERE livemode = ${livemode} AND metric = 'card_volume_hour' AND bucket >= ${hourFrom}
      UNION ALL
      SELECT metric, currency, amount FROM "LedgerTotal"
      WHERE livemode = ${livemode} AND metric = 'card_volume' AND bucket >= ${wholeFrom} AND bucket < ${hourFrom}
      UNION ALL
      SELECT metric, currency, amount FROM "LedgerTotalDelta"
      WHERE livemode = ${livemode} AND (metric <> 'card_volume' OR bucket >= ${wholeFrom})
      UNION ALL
      SELECT 'card_volume', e.currency, -e.amount
      FROM "LedgerTransfer" t
      JOIN "LedgerEntry" e ON e."transferId" = t.id
      JOIN "LedgerAccount" a ON a.id = e."accountId" AND a.kind = 'wallet'
      WHERE t.livemode = ${livemode} AND t.kind IN ('capture', 'refund')
        AND t."createdAt" >= ${volumeSince} AND t."createdAt" < ${wholeFrom}
    ) totals
    GROUP BY metric, currency
    ORDER BY metric, currency`;
}

/**
 * The same totals computed from every row (the ledger before running totals): for the full
 * verification and the tests, never for a request.
 */
export async function recomputeLedgerTotals(db: Db, livemode: boolean, volumeSince: Date): Promise<TotalRow[]> {
  const rows = await db.$queryRaw<{ metric: TotalMetric; currency: string; total: string }[]>`
    SELECT metric, currency, total::text AS total FROM (
      SELECT a.kind::text AS metric, a.currency, COALESCE(SUM(e.amount), 0) AS total
      FROM "LedgerAccount" a LEFT JOIN "LedgerEntry" e ON e."accountId" = a.id
      WHERE a.livemode = ${livemode}
      GROUP BY a.kind, a.currency
      UNION ALL
      SELECT 'wallets', currency, COUNT(*) FROM "Wallet" WHERE livemode = ${livemode} GROUP BY currency
      UNION ALL
      SELECT 'active_cards', currency, COUNT(*) FROM "Card"
      WHERE livemode = ${livemode} AND status = 'active' GROUP BY currency
      UNION ALL
      SELECT 'card_volume', e.currency, -SUM(e.amount)
      FROM "LedgerTransfer" t
      JOIN "LedgerEntry" e ON e."transferId" = t.id
      JOIN "LedgerAccount" a ON a.id = e."accountId" AND a.kind = 'wallet'
      WHERE t.livemode = ${livemode} AND t.kind IN ('capture', 'refund') AND t."createdAt" >= ${volumeSince}
      GROUP BY e.currency
    ) totals
    ORDER BY metric, currency`;
  return rows.map((row) => ({ metric: row.metric, currency: row.currency, total: BigInt(row.total) }));
}

/**
 * Totals as a comparable map, leaving out zero counts and volumes (a group that is there with 0 in
 * one and absent in the other means the same); entry sums stay even at 0, since an account's
 * existence lists its currency.
 */
export function totalsByKey(rows: TotalRow[]): Map<string, bigint> {
  const map = new Map<string, bigint>();
  for (const row of rows) {
    if (row.total === 0n && !(ENTRY_METRICS as readonly string[]).includes(row.metric)) continue;
    map.set(`${row.metric}:${row.currency}`, row.total);
  }
  return map;
}
