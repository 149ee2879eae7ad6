// The transfer record: one move of money between the application's balance and its wallets, as the API returns it.
import { z } from "zod";
import type { Transfer, Wallet } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { TransferRecord } from "@/lib/schemas/money-movement";

export type TransferWithWallets = Transfer & {
  fromWallet: Pick<Wallet, "id" | "externalUserId"> | null;
  toWallet: Pick<Wallet, "id" | "externalUserId"> | null;
};

export const TRANSFER_WALLETS = {
  fromWallet: { select: { id: true, externalUserId: true } },
  toWallet: { select: { id: true, externalUserId: true } },
} as const;

// Written only from a validated body (lib/schemas/money-movement.ts).
const storedMetadata = z.record(z.string(), z.string());

function party(wallet: Pick<Wallet, "id" | "externalUserId"> | null): TransferRecord["from"] {
  return wallet
    ? { type: "wallet", walletId: wallet.id, externalUserId: wallet.externalUserId }
    : { type: "balance", walletId: null, externalUserId: null };
}

export function transferRecord(transfer: TransferWithWallets): TransferRecord {
  return {
    id: transfer.id,
    object: "transfer",
    from: party(transfer.fromWallet),
    to: party(transfer.toWallet),
    amount: toMajor(transfer.amount, transfer.currency),
    currency: transfer.currency,
    description: transfer.description,
    metadata: storedMetadata.parse(transfer.metadata ?? {}),
    livemode: transfer.livemode,
    createdAt: transfer.createdAt.toISOString(),
  };
}
