// A statement's period read from the ledger at a cost set by the period alone, not by the wallet's
// history (docs/decisions/statement-costs.md): the opening balance is the stored running balance
// of the last entry before the period (one index read), and the period's entries come with their
// transfers in one query.
import { storedBalance } from "@/lib/ledger/balances";
import type { Db } from "@/lib/db/client";
import { Prisma, type LedgerEntry, type LedgerTransfer } from "@/lib/generated/prisma/client";
import { transactionRecord, type WalletRef } from "@/lib/ledger/transaction-record";
import type { TransactionRecord } from "@/lib/schemas/transaction";

export type StatementPeriod = {
  openingMinor: bigint;
  closingMinor: bigint;
  /** Oldest first. */
  transactions: TransactionRecord[];
};

type PeriodRow = Pick<LedgerEntry, "id" | "amount" | "currency" | "balanceAfter" | "createdAt"> &
  Pick<LedgerTransfer, "kind" | "authorizationId" | "description"> & { transferId: string };

/** The account's last entry before `from`, newest first along (accountId, createdAt): one index read. */
export function lastEntryBeforeQuery(accountId: string, from: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT "id", "balanceAfter" FROM "LedgerEntry"
    WHERE "accountId" = ${accountId} AND "createdAt" < ${from}
    ORDER BY "createdAt" DESC, "id" DESC LIMIT 1`;
}

/**
 * The account's entries of the period with the transfer columns a record shows. Each transfer by
 * its primary key (OFFSET 0 keeps the lateral subquery a per-row lookup): a hash join would read
 * every transfer ever written to find the period's. Ordered by (createdAt, id), the order the
 * account's (accountId, createdAt) index reads the period in (the same order as id alone, see
 * readStatementPeriod): ordered by id, the planner may walk (accountId, id) through the account's
 * whole history and filter, when it overestimates the period's share of the account (it did for
 * the growth benchmark's busy wallet at 4 M entries: 212 ms against 75 ms at 0.4 M).
 */
export function periodEntriesQuery(accountId: string, from: Date, to: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT e."id", e."transferId", e."currency", e."amount", e."balanceAfter", e."createdAt",
      t."kind", t."authorizationId", t."description"
    FROM "LedgerEntry" e
    CROSS JOIN LATERAL (
      SELECT "kind", "authorizationId", "description" FROM "LedgerTransfer" WHERE "id" = e."transferId" OFFSET 0
    ) t
    WHERE e."accountId" = ${accountId} AND e."createdAt" >= ${from} AND e."createdAt" < ${to}
    ORDER BY e."createdAt", e."id"`;
}

/**
 * The wallet account's entries with `from <= createdAt < to`, oldest first, and the posted balance
 * before and after them. A wallet's entries are written under its account lock with the instant
 * taken after the lock, so createdAt order and id order agree and "before `from`" is one place.
 */
export async function readStatementPeriod(
  db: Db,
  wallet: WalletRef,
  accountId: string | null,
  from: Date,
  to: Date,
): Promise<StatementPeriod> {
  if (!accountId) return { openingMinor: 0n, closingMinor: 0n, transactions: [] };
  const [before] = await db.$queryRaw<{ id: bigint; balanceAfter: bigint | null }[]>(
    lastEntryBeforeQuery(accountId, from),
  );
  const openingMinor = before ? storedBalance(before) : 0n;
  const rows = await db.$queryRaw<PeriodRow[]>(periodEntriesQuery(accountId, from, to));
  // Only the columns a record shows: at thousands of lines, each column read is a visible cost.
  const transactions = rows.map((row) =>
    transactionRecord(
      wallet,
      {
        amount: row.amount,
        currency: row.currency,
        createdAt: row.createdAt,
        transfer: {
          id: row.transferId,
          kind: row.kind,
          authorizationId: row.authorizationId,
          description: row.description,
        },
      },
      storedBalance(row),
    ),
  );
  const last = rows.at(-1);
  return { openingMinor, closingMinor: last ? storedBalance(last) : openingMinor, transactions };
}
