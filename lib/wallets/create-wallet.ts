// Provisions a wallet with its ledger account and records wallet.provisioned in the same transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { isUniqueViolation } from "@/lib/db/unique-violation";
import { recordEvent } from "@/lib/events/record-event";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import type { CreateWalletBody, WalletRecord } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { newAccountNumber } from "./account-number";
import { walletRecord } from "./wallet-record";

export async function createWallet(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  input: CreateWalletBody,
): Promise<WalletRecord> {
  requireExponent(input.currency);
  const existing = await tx.wallet.findUnique({
    where: {
      applicationId_livemode_externalUserId: {
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        externalUserId: input.externalUserId,
      },
    },
    select: { id: true },
  });
  if (existing) throw walletExists(input.externalUserId);

  const walletId = newId("wal");
  try {
    const wallet = await tx.wallet.create({
      data: {
        id: walletId,
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        externalUserId: input.externalUserId,
        email: input.email,
        name: input.name ?? null,
        address: input.address ?? undefined,
        currency: input.currency,
        // A clash among 900 million numbers is rare; the unique index catches it and the client retries.
        accountNumber: newAccountNumber(),
        ledgerAccount: {
          create: {
            id: newId("lacct"),
            applicationId: tenant.applicationId,
            livemode: tenant.livemode,
            kind: "wallet",
            currency: input.currency,
          },
        },
      },
      include: { ledgerAccount: true },
    });
    const record = walletRecord(wallet, wallet.ledgerAccount);
    await recordEvent(tx, tenant, "wallet.provisioned", record);
    return record;
  } catch (error) {
    // Two requests raced past the check above; the unique index let only one through.
    if (isUniqueViolation(error)) throw walletExists(input.externalUserId);
    throw error;
  }
}

function walletExists(externalUserId: string): ApiError {
  return new ApiError("wallet_exists", `A wallet for externalUserId ${externalUserId} already exists.`, {
    param: "externalUserId",
  });
}
