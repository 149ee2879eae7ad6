// The ledger's invariant, checked from the database: every transfer sums to zero per currency,
// entries share their account's currency, wallet caches equal what the entries and open holds
// say (an application's balance: its entries), and no wallet's or balance's available balance is negative
// but a wallet's by a card network's overdraft. Each check is one SQL statement, so each
// sees one consistent snapshot even while other writes commit.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

export type AccountMismatch = {
  accountId: string;
  postedMinor: bigint;
  entrySum: bigint;
  heldMinor: bigint;
  pendingSum: bigint;
};

export type LedgerInvariantReport = {
  balanced: boolean;
  unbalancedTransfers: string[];
  currencyMismatchedEntries: string[];
  mismatchedAccounts: AccountMismatch[];
  negativeAvailableAccounts: string[];
  /** Wallet accounts below zero by a card network's advice, clearing or force post: allowed, reported. */
  overdrawnAccounts: string[];
};

const SAMPLE = 100;

export type InvariantScope = {
  livemode?: boolean;
  /** Only this application's wallets and transfers (the shared reserve accounts are then skipped). */
  applicationId?: string;
};

/** Checks every account and transfer, or those of one mode and/or application. */
export async function checkLedgerInvariant(db: Db, scope: InvariantScope = {}): Promise<LedgerInvariantReport> {
  const mode = (table: "t" | "a") => {
    const parts: Prisma.Sql[] = [];
    if (scope.livemode !== undefined) parts.push(Prisma.sql`AND ${Prisma.raw(table)}.livemode = ${scope.livemode}`);
    if (scope.applicationId !== undefined)
      parts.push(Prisma.sql`AND ${Prisma.raw(table)}."applicationId" = ${scope.applicationId}`);
    return parts.length ? Prisma.join(parts, " ") : Prisma.empty;
  };

  const unbalanced = await db.$queryRaw<{ transferId: string }[]>`
    SELECT DISTINCT e."transferId"
    FROM "LedgerEntry" e JOIN "LedgerTransfer" t ON t.id = e."transferId"
    WHERE TRUE ${mode("t")}
    GROUP BY e."transferId", e.currency
    HAVING SUM(e.amount) <> 0
    LIMIT ${SAMPLE}`;

  const wrongCurrency = await db.$queryRaw<{ id: string }[]>`
    SELECT e.id::text AS id
    FROM "LedgerEntry" e JOIN "LedgerAccount" a ON a.id = e."accountId"
    WHERE e.currency <> a.currency ${mode("a")}
    LIMIT ${SAMPLE}`;

  const accounts = await db.$queryRaw<
    { accountId: string; postedMinor: string; entrySum: string; heldMinor: string; pendingSum: string }[]
  >`
    SELECT a.id AS "accountId",
           a."postedMinor"::text AS "postedMinor", COALESCE(e.total, 0)::text AS "entrySum",
           a."heldMinor"::text AS "heldMinor", (COALESCE(h.total, 0) + COALESCE(p.total, 0))::text AS "pendingSum"
    FROM "LedgerAccount" a
    LEFT JOIN (SELECT "accountId", SUM(amount) AS total FROM "LedgerEntry" GROUP BY "accountId") e ON e."accountId" = a.id
    LEFT JOIN (SELECT "walletId", SUM("heldAmount") AS total FROM "Authorization" WHERE status = 'pending' GROUP BY "walletId") h
      ON a.kind = 'wallet' AND h."walletId" = a."walletId"
    LEFT JOIN (SELECT "holdAccountId", SUM(amount) AS total FROM "Payout" WHERE status IN ('pending', 'in_transit')
               GROUP BY "holdAccountId") p ON p."holdAccountId" = a.id
    WHERE TRUE ${mode("a")}
      AND (
        (a.kind = 'wallet' AND (a."postedMinor" <> COALESCE(e.total, 0)
          OR a."heldMinor" <> COALESCE(h.total, 0) + COALESCE(p.total, 0)))
        OR (a.kind = 'balance' AND (a."postedMinor" <> COALESCE(e.total, 0) OR a."heldMinor" <> COALESCE(p.total, 0)))
        OR (a.kind = 'reserve' AND (a."postedMinor" <> 0 OR a."heldMinor" <> 0))
      )
    LIMIT ${SAMPLE}`;

  // Below zero only through a card network step recorded as overdrawing (docs/decisions/card-network.md):
  // those are reported as overdrawn, every other negative balance (an application's balance's too)
  // breaks the invariant.
  const negative = await db.$queryRaw<{ id: string; overdrawn: boolean }[]>`
    SELECT a.id, (a.kind = 'wallet' AND EXISTS (
             SELECT 1 FROM "NetworkStep" s WHERE s."walletId" = a."walletId" AND s.overdrew)) AS overdrawn
    FROM "LedgerAccount" a
    WHERE a.kind IN ('wallet', 'balance') AND a."postedMinor" - a."heldMinor" < 0 ${mode("a")}
    LIMIT ${SAMPLE}`;

  const mismatchedAccounts = accounts.map((row) => ({
    accountId: row.accountId,
    postedMinor: BigInt(row.postedMinor),
    entrySum: BigInt(row.entrySum),
    heldMinor: BigInt(row.heldMinor),
    pendingSum: BigInt(row.pendingSum),
  }));
  return {
    balanced:
      unbalanced.length === 0 &&
      wrongCurrency.length === 0 &&
      mismatchedAccounts.length === 0 &&
      negative.every((r) => r.overdrawn),
    unbalancedTransfers: unbalanced.map((r) => r.transferId),
    currencyMismatchedEntries: wrongCurrency.map((r) => r.id),
    mismatchedAccounts,
    negativeAvailableAccounts: negative.filter((r) => !r.overdrawn).map((r) => r.id),
    overdrawnAccounts: negative.filter((r) => r.overdrawn).map((r) => r.id),
  };
}
