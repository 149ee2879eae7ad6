// The running totals of window limits (SpendingTotal): read the current windows, add an approved
// spend, take released spending off. A spend touches a handful of rows by primary key, whatever the
// card's history (docs/decisions/spending-controls.md).
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { WINDOW_INTERVALS, type WindowInterval } from "@/lib/schemas/spending-controls";
import { windowStart } from "./windows";

/** One running total a spend is counted in. */
export type TotalKey = {
  subjectId: string;
  interval: WindowInterval;
  key: string;
  categories: readonly string[];
  windowStart: Date;
};

/** subjectId → limitKey → spent (minor units) in the windows containing `at`. */
export type Totals = Map<string, Map<string, bigint>>;

/** The start of every interval's window containing `at`, as parallel arrays for unnest(). */
function currentWindows(at: Date): { intervals: WindowInterval[]; starts: Date[] } {
  return { intervals: [...WINDOW_INTERVALS], starts: WINDOW_INTERVALS.map((i) => windowStart(i, at)) };
}

export async function readTotals(db: Pick<Db, "$queryRaw">, subjectIds: readonly string[], at: Date): Promise<Totals> {
  const totals: Totals = new Map(subjectIds.map((id) => [id, new Map<string, bigint>()]));
  if (subjectIds.length === 0) return totals;
  const { intervals, starts } = currentWindows(at);
  const rows = await db.$queryRaw<{ subjectId: string; limitKey: string; spent: bigint }[]>`
    SELECT t."subjectId", t."limitKey", t."spent"
    FROM unnest(${intervals}::"SpendingInterval"[], ${starts}::timestamp(3)[]) AS w("interval", "start")
    JOIN "SpendingTotal" t ON t."windowStart" = w."start" AND t."interval" = w."interval"
    WHERE t."subjectId" = ANY(${[...subjectIds]}::text[])`;
  for (const row of rows) totals.get(row.subjectId)?.set(row.limitKey, row.spent);
  return totals;
}

/**
 * A statement (or a CTE of one: Prisma.sql without a trailing semicolon) adding `amount` to each
 * total, creating the window's row on its first spend. The caller holds the wallet's ledger
 * account lock, which every spend of the wallet's cards takes, so totals are read and added to one
 * spend at a time.
 */
export function addToTotalsSql(keys: readonly TotalKey[], amount: bigint, at: Date): Prisma.Sql {
  const rows = keys.map(
    (k) =>
      Prisma.sql`(${k.subjectId}, ${k.windowStart}::timestamp(3), ${k.key}, ${k.interval}::"SpendingInterval",
        ${[...k.categories]}::text[], ${amount}, ${at}::timestamp(3))`,
  );
  return Prisma.sql`
    INSERT INTO "SpendingTotal" ("subjectId", "windowStart", "limitKey", "interval", "categories", "spent", "updatedAt")
    VALUES ${Prisma.join(rows)}
    ON CONFLICT ("subjectId", "windowStart", "limitKey")
    DO UPDATE SET "spent" = "SpendingTotal"."spent" + EXCLUDED."spent", "updatedAt" = EXCLUDED."updatedAt"`;
}

/**
 * Takes `amount` of an authorization approved at `approvedAt` off every total of its card and
 * wallet that counted it: the windows containing approvedAt (not the current ones), limits of
 * every category or of the authorization's. A total exists only for a limit that was set, and a
 * limit set during a window is seeded with the window's earlier spending (set-spending-controls.ts),
 * so the rows found are the ones that counted it. GREATEST keeps a total at 0 should a limit have
 * been removed and set again in a later window, when spending between was not counted.
 */
export async function subtractFromTotals(
  tx: Db,
  subjectIds: readonly string[],
  category: string | null,
  amount: bigint,
  approvedAt: Date,
): Promise<void> {
  if (amount <= 0n) return;
  const { intervals, starts } = currentWindows(approvedAt);
  await tx.$executeRaw`
    UPDATE "SpendingTotal" t SET "spent" = GREATEST(t."spent" - ${amount}, 0), "updatedAt" = ${new Date()}::timestamp(3)
    FROM unnest(${intervals}::"SpendingInterval"[], ${starts}::timestamp(3)[]) AS w("interval", "start")
    WHERE t."subjectId" = ANY(${[...subjectIds]}::text[]) AND t."windowStart" = w."start" AND t."interval" = w."interval"
      AND (cardinality(t."categories") = 0 OR t."categories" @> ARRAY[${category ?? ""}]::text[])`;
}
