// Seeds the running totals of window limits a change of controls adds, so that a limit set during a
// window counts the window's earlier spending (docs/decisions/spending-controls.md). It runs once per
// change, not per spend: the one SUM over past authorizations the design allows.
import type { Db } from "@/lib/db/client";
import { Prisma, type LedgerAccount } from "@/lib/generated/prisma/client";
import { windowLimits, type SpendingControls } from "./controls";
import { windowStart } from "./windows";

export type ControlledKind = "card" | "wallet";

/**
 * For each window limit in `next` whose interval and categories `previous` lacked, sets the total
 * of the current window to what the card's (or wallet's) authorizations approved in it still count:
 * a pending one its amount, a captured one what was captured, a released or declined one nothing;
 * and for a wallet's limit that counts transfers, the window's outgoing transfers too.
 * The caller holds the wallet's ledger account lock, so no spend of the wallet runs meanwhile.
 */
export async function seedNewLimits(
  tx: Db,
  kind: ControlledKind,
  subjectId: string,
  previous: SpendingControls,
  next: SpendingControls,
  at: Date,
): Promise<void> {
  const had = new Set(windowLimits(previous).map((l) => l.key));
  const column = kind === "card" ? Prisma.raw(`"cardId"`) : Prisma.raw(`"walletId"`);
  for (const limit of windowLimits(next)) {
    if (had.has(limit.key)) continue;
    const start = windowStart(limit.interval, at);
    const categories = [...limit.categories];
    await tx.$executeRaw`
      INSERT INTO "SpendingTotal" ("subjectId", "windowStart", "limitKey", "interval", "categories", "spent", "updatedAt")
      SELECT ${subjectId}, ${start}::timestamp(3), ${limit.key}, ${limit.interval}::"SpendingInterval", ${categories}::text[],
        COALESCE(SUM(CASE a."status"::text WHEN 'pending' THEN a."amount" ELSE a."capturedAmount" END), 0)
          ${limit.transfers && kind === "wallet" ? Prisma.sql`+ (SELECT COALESCE(SUM(tr."amount"), 0) FROM "Transfer" tr WHERE tr."fromWalletId" = ${subjectId} AND tr."createdAt" >= ${start}::timestamp(3))` : Prisma.empty},
        ${at}::timestamp(3)
      FROM "Authorization" a
      WHERE a.${column} = ${subjectId} AND a."createdAt" >= ${start}::timestamp(3)
        AND a."status"::text IN ('pending', 'closed')
        AND (cardinality(${categories}::text[]) = 0 OR a."merchant"->>'category' = ANY(${categories}::text[]))
      ON CONFLICT ("subjectId", "windowStart", "limitKey")
      DO UPDATE SET "spent" = EXCLUDED."spent", "updatedAt" = EXCLUDED."updatedAt"`;
  }
}

/**
 * Locks the wallet's ledger account as every spend of its cards does, and writes its row (a new
 * version, same values), so that a spend whose locking read waited for this change sees the
 * account row change and reads the seeded totals afresh (pre-read-totals.ts).
 */
export async function lockAccountForControls(tx: Db, walletId: string): Promise<LedgerAccount> {
  const [account] = await tx.$queryRaw<LedgerAccount[]>`
    UPDATE "LedgerAccount" SET "heldMinor" = "heldMinor" WHERE "walletId" = ${walletId} RETURNING *`;
  if (!account) throw new Error(`wallet ${walletId} has no ledger account`);
  return account;
}
