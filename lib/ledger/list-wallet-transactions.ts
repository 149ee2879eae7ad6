// A wallet's transactions from its ledger entries, newest first, with cursor pagination; each
// balance from the one stored on the newest entry, so a page reads no history (statements read
// their period in lib/statements/statement-period.ts).
import type { Db } from "@/lib/db/client";
import { findCursor, toPage, type ListPage, type ListQuery } from "@/lib/schemas/pagination";
import type { TransactionRecord } from "@/lib/schemas/transaction";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { storedBalance } from "./balances";
import { recordsNewestFirst } from "./transaction-record";

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
  // The account as a range and first in the order, not `accountId = …` ordered by id: with an
  // equality the planner may walk the primary key backwards and filter, reading every entry written
  // since this wallet's newest (a quiet wallet among busy ones); a range leaves (accountId, id) the
  // only index that gives the order (docs/decisions/console-read-costs.md).
  const entries = await db.ledgerEntry.findMany({
    where: { accountId: { gte: accountId, lte: accountId }, ...(cursor ? { id: { lt: cursor.id } } : {}) },
    orderBy: [{ accountId: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    include: { transfer: true },
  });
  const newest = entries[0];
  if (!newest) return toPage([], query.limit);
  return toPage(recordsNewestFirst(wallet, entries, storedBalance(newest)), query.limit);
}
