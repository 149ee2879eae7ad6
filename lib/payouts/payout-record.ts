// The payout record, as the API returns it and its events carry it.
import type { Payout, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { PayoutRecord } from "@/lib/schemas/money-movement";

export type PayoutWithWallet = Payout & { wallet: Pick<Wallet, "id" | "externalUserId"> | null };

export const PAYOUT_WALLET = { wallet: { select: { id: true, externalUserId: true } } } as const;

export function payoutRecord(payout: PayoutWithWallet): PayoutRecord {
  return {
    id: payout.id,
    object: "payout",
    from: payout.wallet
      ? { type: "wallet", walletId: payout.wallet.id, externalUserId: payout.wallet.externalUserId }
      : { type: "balance", walletId: null, externalUserId: null },
    bankAccountId: payout.bankAccountId,
    amount: toMajor(payout.amount, payout.currency),
    currency: payout.currency,
    description: payout.description,
    status: payout.status,
    failureReason: payout.failureReason,
    rail: payout.rail,
    livemode: payout.livemode,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
  };
}
