// The wallet record as the API and webhooks return it.
import type { LedgerAccount, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { addressSchema } from "@/lib/schemas/wallet";
import { controlsRecord, readControls } from "@/lib/spending-controls/controls";
import { spendingUsage, type SubjectTotals } from "@/lib/spending-controls/usage";

/** `totals`: the wallet's running totals in the windows containing `at` (readTotals), for `spending`. */
export function walletRecord(
  wallet: Wallet,
  account: Pick<LedgerAccount, "postedMinor" | "heldMinor"> | null,
  totals: SubjectTotals,
  at = new Date(),
): WalletRecord {
  const posted = account?.postedMinor ?? 0n;
  const held = account?.heldMinor ?? 0n;
  const address = addressSchema.safeParse(wallet.address);
  const controls = readControls(wallet.spendingControls);
  return {
    id: wallet.id,
    object: "wallet",
    externalUserId: wallet.externalUserId,
    email: wallet.email,
    name: wallet.name,
    address: address.success ? address.data : null,
    currency: wallet.currency,
    accountNumber: wallet.accountNumber,
    status: wallet.status,
    balance: { available: toMajor(posted - held, wallet.currency), posted: toMajor(posted, wallet.currency) },
    spendingControls: controlsRecord(controls, wallet.currency),
    spending: spendingUsage(controls, totals, wallet.currency, at),
    livemode: wallet.livemode,
    createdAt: wallet.createdAt.toISOString(),
  };
}
