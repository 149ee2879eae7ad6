// Posts one transfer: its entries must sum to zero per currency; wallet accounts' cached posted
// balances move in the same transaction. Nothing here ever updates or deletes ledger rows.
import type { Db } from "@/lib/db/client";
import type { LedgerEntry, LedgerTransfer } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { LedgerAccountRef } from "./accounts";

export type TransferKind = "funding" | "capture" | "refund";

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

/** Returns the transfer and its entries as written, so callers need not read them back. */
export async function postTransfer(
  db: Db,
  input: TransferInput,
): Promise<{ transfer: LedgerTransfer; entries: LedgerEntry[] }> {
  assertBalanced(input.legs);
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
  for (const leg of input.legs) {
    // Only wallet accounts keep a cached balance; the reserve's is derived (see schema.prisma).
    if (leg.account.kind === "wallet") {
      await db.ledgerAccount.update({
        where: { id: leg.account.id },
        data: { postedMinor: { increment: leg.amount } },
      });
    }
  }
  return { transfer, entries };
}
