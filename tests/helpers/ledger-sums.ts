// Balances summed from the ledger entries themselves: the long way, as oracles for the tests of
// the stored balances and running totals (the service reads those, never these sums).
import type { Db } from "@/lib/db/client";
import { reserveAccountId } from "@/lib/ledger/accounts";

/** An account's balance from all its entries. */
export async function accountEntrySum(db: Db, accountId: string): Promise<bigint> {
  const result = await db.ledgerEntry.aggregate({ where: { accountId }, _sum: { amount: true } });
  return result._sum.amount ?? 0n;
}

/** A wallet account's posted balance just before `instant` (entries strictly earlier count). */
export async function walletBalanceAt(db: Db, walletAccountId: string, instant: Date): Promise<bigint> {
  const result = await db.ledgerEntry.aggregate({
    where: { accountId: walletAccountId, createdAt: { lt: instant } },
    _sum: { amount: true },
  });
  return result._sum.amount ?? 0n;
}

/** The reserve account's balance: the negative of the reserves held for that mode and currency. */
export async function reserveBalance(db: Db, livemode: boolean, currency: string): Promise<bigint> {
  return accountEntrySum(db, reserveAccountId(livemode, currency));
}
