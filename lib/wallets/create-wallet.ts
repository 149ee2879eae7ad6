// Provisions a wallet with its ledger account and records wallet.provisioned in the same transaction.
import type { LedgerAccount, Prisma, Wallet } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
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
  for (let attempt = 0; attempt < ACCOUNT_NUMBER_ATTEMPTS; attempt++) {
    // Timestamps come from here, not from a column default that would follow the server's time zone.
    const now = new Date();
    // One statement inserts the wallet and its ledger account and returns both. ON CONFLICT DO
    // NOTHING rather than catching the unique violation: an error would abort the transaction, and
    // a clash of the random account number must be retried here, not reported to the merchant (at a
    // million wallets one new number in a thousand is already taken).
    const [row] = await tx.$queryRaw<(Wallet & Pick<LedgerAccount, "postedMinor" | "heldMinor">)[]>`
      WITH wallet AS (
        INSERT INTO "Wallet"
          ("id", "applicationId", "livemode", "externalUserId", "email", "name", "address", "currency", "accountNumber",
           "createdAt")
        VALUES (${newId("wal")}, ${tenant.applicationId}, ${tenant.livemode}, ${input.externalUserId}, ${input.email},
          ${input.name ?? null}, ${input.address ? JSON.stringify(input.address) : null}::jsonb, ${input.currency},
          ${newAccountNumber()}, ${now})
        ON CONFLICT DO NOTHING
        RETURNING *
      ), account AS (
        INSERT INTO "LedgerAccount" ("id", "applicationId", "livemode", "kind", "currency", "walletId", "createdAt")
        SELECT ${newId("lacct")}, wallet."applicationId", wallet."livemode", 'wallet', wallet."currency", wallet."id",
          wallet."createdAt"
        FROM wallet
        RETURNING "postedMinor", "heldMinor"
      )
      SELECT wallet.*, account."postedMinor", account."heldMinor" FROM wallet, account`;
    if (!row) {
      // Nothing inserted: this externalUserId is taken (by a racing request too: its commit is
      // visible to this next statement), or the account number was, and another one is drawn.
      if (await findExisting()) throw walletExists(input.externalUserId);
      continue;
    }
    const record = walletRecord(row, row, NOTHING_SPENT);
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
