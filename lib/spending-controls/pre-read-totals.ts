// The running totals a spend needs, read in the spend's locking statement (lib/cards/find-card.ts
// findCardToSpend) instead of a statement of their own, when that is exact. In READ COMMITTED a
// locking read returns the newest version of the rows it locks, but every other table as of the
// statement's start: a spend that waited for the wallet's account lock would read the totals from
// before the spend it waited for. Every change of totals also writes the wallet's account row in the
// same transaction (a hold placed or released, and controls set: update-card.ts, update-wallet.ts),
// so when the locked account row is the very version the statement's snapshot sees, nothing changed
// the totals after that snapshot and they are current. Otherwise the column is null and the check
// reads them afresh (check-spend.ts). Measured in bench/findings/2026-11-26-spending-controls.md.
import { Prisma } from "@/lib/generated/prisma/client";
import { WINDOW_INTERVALS } from "@/lib/schemas/spending-controls";
import type { Totals } from "./totals";
import { windowStart } from "./windows";

/** Totals read at `at` (their windows are the ones containing it). */
export type PreReadTotals = { at: Date; totals: Totals };

/**
 * The select-list column: null when neither card nor wallet has controls (nothing to read) or when
 * the account row changed after the statement's snapshot; else [[subjectId, limitKey, spent], …].
 * Uses the aliases c (Card), w (Wallet) and a (LedgerAccount).
 */
export function preReadTotalsColumn(at: Date): Prisma.Sql {
  const intervals = [...WINDOW_INTERVALS];
  const starts = WINDOW_INTERVALS.map((interval) => windowStart(interval, at));
  return Prisma.sql`CASE
      WHEN (c."spendingControls" IS NOT NULL OR w."spendingControls" IS NOT NULL)
        AND a.xmin = (SELECT s.xmin FROM "LedgerAccount" s WHERE s."id" = a."id")
      THEN (SELECT COALESCE(json_agg(json_build_array(t."subjectId", t."limitKey", t."spent"::text)), '[]'::json)
        FROM unnest(${intervals}::"SpendingInterval"[], ${starts}::timestamp(3)[]) AS cw("interval", "start")
        JOIN "SpendingTotal" t ON t."windowStart" = cw."start" AND t."interval" = cw."interval"
        WHERE t."subjectId" IN (c."id", c."walletId"))
    END AS "spendingTotals"`;
}

/** The column's value as totals for `subjectIds`, or null when it was not read or not current. */
export function parsePreReadTotals(value: unknown, subjectIds: readonly string[], at: Date): PreReadTotals | null {
  if (!Array.isArray(value)) return null;
  const totals: Totals = new Map(subjectIds.map((id) => [id, new Map<string, bigint>()]));
  for (const entry of value) {
    if (!Array.isArray(entry) || entry.length !== 3) return null;
    const [subjectId, key, spent] = entry as unknown[];
    if (typeof subjectId !== "string" || typeof key !== "string" || typeof spent !== "string") return null;
    totals.get(subjectId)?.set(key, BigInt(spent));
  }
  return { at, totals };
}
