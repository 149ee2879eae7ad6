// Balances derived from the entries themselves, for statements, the treasury and the invariant.
import type { Db } from "@/lib/db/client";
import { reserveAccountId } from "./accounts";

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

/** The running balance stored on a wallet entry; the trigger writes one on every wallet entry. */
export function storedBalance(entry: { id: bigint; balanceAfter: bigint | null }): bigint {
  if (entry.balanceAfter === null) throw new Error(`ledger entry ${entry.id} has no balanceAfter`);
  return entry.balanceAfter;
}
