// Provisions a wallet with its ledger account and records wallet.provisioned in the same transaction.
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import type { CreateWalletBody, WalletRecord } from "@/lib/schemas/wallet";
import type { Tenant } from "@/lib/tenant";
import { newAccountNumber } from "./account-number";
import { walletRecord } from "./wallet-record";

// Each draw clashes with probability (wallets / 900 million); five in a row is out of reach.
const ACCOUNT_NUMBER_ATTEMPTS = 5;

export async function createWallet(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  input: CreateWalletBody,
): Promise<WalletRecord> {
  requireExponent(input.currency);
  const findExisting = () =>
    tx.wallet.findUnique({
      where: {
        applicationId_livemode_externalUserId: {
          applicationId: tenant.applicationId,
          livemode: tenant.livemode,
          externalUserId: input.externalUserId,
        },
      },
      select: { id: true },
    });
  if (await findExisting()) throw walletExists(input.externalUserId);

  const walletId = newId("wal");
  for (let attempt = 0; attempt < ACCOUNT_NUMBER_ATTEMPTS; attempt++) {
    // ON CONFLICT DO NOTHING rather than catching the unique violation: an error would abort the
    // transaction, and a clash of the random account number must be retried here, not reported to
    // the merchant (at a million wallets one new number in a thousand is already taken).
    const [wallet] = await tx.wallet.createManyAndReturn({
      data: {
        id: walletId,
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        externalUserId: input.externalUserId,
        email: input.email,
        name: input.name ?? null,
        address: input.address ?? undefined,
        currency: input.currency,
        accountNumber: newAccountNumber(),
      },
      skipDuplicates: true,
    });
    if (!wallet) {
      // Nothing inserted: a racing request took this externalUserId (its commit is visible to this
      // next statement), or the account number was taken and another one is drawn.
      if (await findExisting()) throw walletExists(input.externalUserId);
      continue;
    }
    // A plain insert rather than a nested create with include, which costs Prisma two more round
    // trips to read back rows the inserts already return.
    const ledgerAccount = await tx.ledgerAccount.create({
      data: {
        id: newId("lacct"),
        applicationId: tenant.applicationId,
        livemode: tenant.livemode,
        kind: "wallet",
        currency: input.currency,
        walletId,
      },
    });
    const record = walletRecord(wallet, ledgerAccount);
    await recordEvent(tx, tenant, "wallet.provisioned", record);
    return record;
  }
  throw new Error(`no free account number after ${ACCOUNT_NUMBER_ATTEMPTS} draws`);
}

function walletExists(externalUserId: string): DomainError {
  return new DomainError("wallet_exists", `A wallet for externalUserId ${externalUserId} already exists.`, {
    param: "externalUserId",
  });
}
