// A wallet's transactions from its ledger entries, newest first, with cursor pagination; and
// the transactions of a period with opening and closing balances, for statements.
import type { Db } from "@/lib/db/client";
import { findCursor, toPage, type ListPage, type ListQuery } from "@/lib/schemas/pagination";
import type { TransactionRecord } from "@/lib/schemas/transaction";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { walletBalanceAt } from "./balances";
import { recordsNewestFirst, transactionRecord } from "./transaction-record";

export async function listWalletTransactions(
  db: Db,
  tenant: Tenant,
  externalUserId: string,
  query: ListQuery,
): Promise<ListPage<TransactionRecord>> {
  const wallet = await findWallet(db, tenant, externalUserId);
  const accountId = wallet.ledgerAccount?.id;
  if (!accountId) return toPage([], query.limit);

  // A transaction's id is its transfer's; the wallet's entry in that transfer marks the place.
  const cursor = await findCursor(query.starting_after, "a transaction of this wallet", (transferId) =>
    db.ledgerEntry.findFirst({ where: { transferId, accountId }, select: { id: true } }),
  );
  const entries = await db.ledgerEntry.findMany({
    where: { accountId, ...(cursor ? { id: { lt: cursor.id } } : {}) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
    include: { transfer: true },
  });
  const newest = entries[0];
  if (!newest) return toPage([], query.limit);
  return toPage(recordsNewestFirst(wallet, entries, await balanceAfterEntry(db, accountId, newest.id)), query.limit);
}

/**
 * The posted balance right after entry `entryId`: the account's stored balance less the entries
 * since, so the first page reads no history and a later page only the entries newer than it,
 * however long the wallet's past (docs/decisions/console-read-costs.md). One statement, one
 * snapshot: an entry committed meanwhile is in both the balance and the sum. A wallet's entries are
 * written under its account lock, so ids follow the order they took effect.
 */
async function balanceAfterEntry(db: Db, accountId: string, entryId: bigint): Promise<bigint> {
  const [row] = await db.$queryRaw<{ balance: bigint }[]>`
    SELECT a."postedMinor" - coalesce((
      SELECT sum(e."amount") FROM "LedgerEntry" e WHERE e."accountId" = a."id" AND e."id" > ${entryId}
    ), 0)::bigint AS "balance"
    FROM "LedgerAccount" a WHERE a."id" = ${accountId}`;
  return row?.balance ?? 0n;
}

export type PeriodTransactions = {
  openingMinor: bigint;
  closingMinor: bigint;
  /** Oldest first. */
  transactions: TransactionRecord[];
};

/** Transactions with `from <= createdAt < to`, and the posted balance before and after them. */
export async function walletTransactionsBetween(
  db: Db,
  walletId: string,
  from: Date,
  to: Date,
): Promise<PeriodTransactions> {
  const wallet = await db.wallet.findUniqueOrThrow({ where: { id: walletId }, include: { ledgerAccount: true } });
  const accountId = wallet.ledgerAccount?.id;
  if (!accountId) return { openingMinor: 0n, closingMinor: 0n, transactions: [] };
  const openingMinor = await walletBalanceAt(db, accountId, from);
  const entries = await db.ledgerEntry.findMany({
    where: { accountId, createdAt: { gte: from, lt: to } },
    orderBy: { id: "asc" },
    include: { transfer: true },
  });
  let balance = openingMinor;
  const transactions = entries.map((entry) => {
    balance += entry.amount;
    return transactionRecord(wallet, entry, balance);
  });
  return { openingMinor, closingMinor: balance, transactions };
}
