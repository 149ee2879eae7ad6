// Ledger accounts: the per-mode, per-currency reserve (created on first use) and the wallet
// account row lock that serializes every balance change of one wallet.
import type { Db } from "@/lib/db/client";
import type { LedgerAccount } from "@/lib/generated/prisma/client";

export type LedgerAccountRef = Pick<LedgerAccount, "id" | "kind" | "currency">;

export function reserveAccountId(livemode: boolean, currency: string): string {
  return `lacct_reserve_${livemode ? "live" : "test"}_${currency}`;
}

/** The platform's reserve account for a mode and currency; racing first uses both succeed. */
export async function ensureReserveAccount(db: Db, livemode: boolean, currency: string): Promise<LedgerAccountRef> {
  const id = reserveAccountId(livemode, currency);
  await db.ledgerAccount.createMany({
    data: [{ id, applicationId: null, livemode, kind: "reserve", currency }],
    skipDuplicates: true,
  });
  return { id, kind: "reserve", currency };
}

/**
 * Locks a wallet's ledger account row for the rest of the transaction and returns it fresh.
 * Every write that reads a balance to decide something (a spend checking available funds) or
 * changes the cached balance takes this lock first, so two racing spends see each other's hold.
 */
export async function lockWalletAccount(db: Db, walletId: string): Promise<LedgerAccount> {
  // A locking read returns the newest committed version of the row it waited for, so lock and
  // fresh read are one round trip. Every column, so the row is a whole LedgerAccount.
  const [account] = await db.$queryRaw<LedgerAccount[]>`
    SELECT * FROM "LedgerAccount" WHERE "walletId" = ${walletId} FOR UPDATE`;
  if (!account) throw new Error(`wallet ${walletId} has no ledger account`);
  return account;
}

export function availableMinor(account: Pick<LedgerAccount, "postedMinor" | "heldMinor">): bigint {
  return account.postedMinor - account.heldMinor;
}
