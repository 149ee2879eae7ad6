// Posts one transfer: its entries must sum to zero per currency; wallet accounts' cached posted
// balances move in the same transaction, never past what the ledger holds (lib/money/bounds.ts).
// Nothing here ever updates or deletes ledger rows. The database checks the same at commit.
import type { Db } from "@/lib/db/client";
import type { LedgerEntry, LedgerTransfer } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { MAX_BALANCE_MINOR } from "@/lib/money/bounds";
import type { LedgerAccountRef } from "./accounts";
import { balanceLimitExceeded, isValueOutOfRange } from "./balance-limit";

export type TransferKind = "funding" | "capture" | "refund" | "top_up" | "transfer" | "payout" | "payout_return";

export type TransferLeg = { account: LedgerAccountRef; amount: bigint };

export type TransferInput = {
  applicationId: string | null;
  livemode: boolean;
  kind: TransferKind;
  authorizationId?: string | null;
  description?: string | null;
  legs: TransferLeg[];
};

export class UnbalancedTransferError extends Error {}

export function assertBalanced(legs: TransferLeg[]): void {
  if (legs.length < 2) throw new UnbalancedTransferError("a transfer needs at least two entries");
  const sums = new Map<string, bigint>();
  for (const leg of legs) {
    if (leg.amount === 0n) throw new UnbalancedTransferError("a ledger entry cannot be zero");
    sums.set(leg.account.currency, (sums.get(leg.account.currency) ?? 0n) + leg.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new UnbalancedTransferError(`entries in ${currency} sum to ${sum}, not zero`);
  }
}

/**
 * Returns the transfer and its entries as written, so callers need not read them back. A credit
 * that would take a wallet's balance past MAX_BALANCE_MINOR throws balance_limit_exceeded before
 * anything is written.
 */
export async function postTransfer(
  db: Db,
  input: TransferInput,
): Promise<{ transfer: LedgerTransfer; entries: LedgerEntry[] }> {
  assertBalanced(input.legs);
  try {
    // Wallet and balance accounts keep a cached balance; the reserve's is derived (see schema.prisma).
    for (const leg of input.legs) if (leg.account.kind !== "reserve") await moveWalletBalance(db, leg);
    return await writeTransfer(db, input);
  } catch (error) {
    // The check above keeps every value in range; this is the database saying otherwise anyway.
    if (isValueOutOfRange(error)) throw balanceLimitExceeded(input.legs[0]?.account.currency ?? "");
    throw error;
  }
}

/** Moves a wallet account's cached posted balance; a credit only while the result stays in bounds. */
async function moveWalletBalance(db: Db, leg: TransferLeg): Promise<void> {
  const { account, amount } = leg;
  if (amount > MAX_BALANCE_MINOR) throw balanceLimitExceeded(account.currency);
  // The caller holds the account's row lock, so the guard and the increment see the same balance.
  const guard = amount > 0n ? { postedMinor: { lte: MAX_BALANCE_MINOR - amount } } : {};
  const { count } = await db.ledgerAccount.updateMany({
    where: { id: account.id, ...guard },
    data: { postedMinor: { increment: amount } },
  });
  if (count === 1) return;
  const exists = await db.ledgerAccount.count({ where: { id: account.id } });
  if (exists === 0) throw new Error(`ledger account ${account.id} does not exist`);
  throw balanceLimitExceeded(account.currency);
}

async function writeTransfer(
  db: Db,
  input: TransferInput,
): Promise<{ transfer: LedgerTransfer; entries: LedgerEntry[] }> {
  // One instant for the transfer and all its entries.
  const at = new Date();
  const transferId = newId("ltr");
  const transfer = await db.ledgerTransfer.create({
    data: {
      id: transferId,
      applicationId: input.applicationId,
      livemode: input.livemode,
      kind: input.kind,
      authorizationId: input.authorizationId ?? null,
      description: input.description ?? null,
      createdAt: at,
    },
  });
  const entries = await db.ledgerEntry.createManyAndReturn({
    data: input.legs.map((leg) => ({
      transferId,
      accountId: leg.account.id,
      currency: leg.account.currency,
      amount: leg.amount,
      createdAt: at,
    })),
  });
  return { transfer, entries };
}
