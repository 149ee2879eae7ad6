// The wallet record as the API and webhooks return it.
import type { LedgerAccount, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { WalletRecord } from "@/lib/schemas/wallet";
import { addressSchema } from "@/lib/schemas/wallet";

export function walletRecord(
  wallet: Wallet,
  account: Pick<LedgerAccount, "postedMinor" | "heldMinor"> | null,
): WalletRecord {
  const posted = account?.postedMinor ?? 0n;
  const held = account?.heldMinor ?? 0n;
  const address = addressSchema.safeParse(wallet.address);
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
    livemode: wallet.livemode,
    createdAt: wallet.createdAt.toISOString(),
  };
}
