// Credits a wallet from the platform's reserve: the test-mode helper and the operator's live
// funding command both come here, so both are recorded the same way.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { toMinor } from "@/lib/money/amount";
import type { FundWalletBody, TransactionRecord } from "@/lib/schemas/transaction";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { ensureReserveAccount, lockWalletAccount } from "./accounts";
import { currentWalletStatus } from "@/lib/wallets/current-status";
import { postTransfer } from "./post-transfer";
import { transactionRecord } from "./transaction-record";

export async function fundWallet(
  tx: Db,
  tenant: Tenant,
  externalUserId: string,
  input: FundWalletBody,
): Promise<TransactionRecord> {
  const wallet = await findWallet(tx, tenant, externalUserId);
  const amount = toMinor(input.amount, wallet.currency);
  if (wallet.status === "closed") {
    throw new DomainError("wallet_not_active", "A closed wallet cannot be funded.");
  }
  const reserve = await ensureReserveAccount(tx, tenant.livemode, wallet.currency);
  const account = await lockWalletAccount(tx, wallet.id);
  // Read again under the account's lock: a close that committed while this waited counts.
  if ((await currentWalletStatus(tx, wallet.id)) === "closed") {
    throw new DomainError("wallet_not_active", "A closed wallet cannot be funded.");
  }
  const { transfer, entries } = await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind: "funding",
    description: input.description ?? (tenant.livemode ? "Funding" : "Test funding"),
    legs: [
      { account: reserve, amount: -amount },
      { account, amount },
    ],
  });
  const entry = entries.find((e) => e.accountId === account.id);
  if (!entry) throw new Error(`transfer ${transfer.id} has no entry for account ${account.id}`);
  return transactionRecord(wallet, { ...entry, transfer }, account.postedMinor + amount);
}
