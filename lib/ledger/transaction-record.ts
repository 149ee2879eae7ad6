// The transaction record: one wallet entry of a ledger transfer, as the API returns it.
import type { LedgerEntry, LedgerTransfer, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import { TRANSACTION_TYPES, type TransactionRecord } from "@/lib/schemas/transaction";

export type WalletRef = Pick<Wallet, "id" | "externalUserId" | "livemode">;

/** What a record reads of an entry and its transfer (a statement reads only these columns). */
export type EntryWithTransfer = Pick<LedgerEntry, "amount" | "currency" | "createdAt"> & {
  transfer: Pick<LedgerTransfer, "id" | "kind" | "authorizationId" | "description">;
};

export function transactionRecord(
  wallet: WalletRef,
  entry: EntryWithTransfer,
  balanceAfterMinor: bigint,
): TransactionRecord {
  const type = TRANSACTION_TYPES.find((t) => t === entry.transfer.kind);
  if (!type) throw new Error(`unknown ledger transfer kind ${entry.transfer.kind}`);
  return {
    id: entry.transfer.id,
    object: "transaction",
    walletId: wallet.id,
    externalUserId: wallet.externalUserId,
    type,
    amount: toMajor(entry.amount, entry.currency),
    currency: entry.currency,
    authorizationId: entry.transfer.authorizationId,
    description: entry.transfer.description,
    balanceAfter: toMajor(balanceAfterMinor, entry.currency),
    livemode: wallet.livemode,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** Records for entries read newest first, given the balance right after the newest of them. */
export function recordsNewestFirst(
  wallet: WalletRef,
  entries: (LedgerEntry & { transfer: LedgerTransfer })[],
  balanceAfterNewest: bigint,
): TransactionRecord[] {
  let balance = balanceAfterNewest;
  return entries.map((entry) => {
    const record = transactionRecord(wallet, entry, balance);
    balance -= entry.amount;
    return record;
  });
}
