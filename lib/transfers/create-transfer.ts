// Moves money between the application's balance and its wallets, or between two of its wallets, as
// one ledger transfer: both sides post in the caller's transaction or neither does
// (docs/decisions/money-movement.md).
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { availableMinor, type LedgerAccountRef } from "@/lib/ledger/accounts";
import { postTransfer } from "@/lib/ledger/post-transfer";
import { requireExponent, toMajor, toMinor } from "@/lib/money/amount";
import type { CreateTransferBody, TransferRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";
import { currentWalletStatus } from "@/lib/wallets/current-status";
import { findWallet, type FoundWallet } from "@/lib/wallets/get-wallet";
import { ensureBalanceAccount, lockAccounts } from "@/lib/balance/balance-account";
import { countTransferAgainstLimits } from "@/lib/spending-controls/check-transfer";
import { TRANSFER_WALLETS, transferRecord } from "./transfer-record";

type Side = { wallet: FoundWallet | null; account: LedgerAccountRef };

async function resolveSide(
  tx: Db,
  tenant: Tenant,
  party: CreateTransferBody["from"],
  currency: string,
  param: "from" | "to",
): Promise<Side> {
  if (party.type === "balance") return { wallet: null, account: await ensureBalanceAccount(tx, tenant, currency) };
  const wallet = await findWallet(tx, tenant, party.externalUserId);
  if (wallet.currency !== currency) {
    throw new DomainError(
      "currency_mismatch",
      `The transfer is in ${currency} but the ${param} wallet holds ${wallet.currency}; a transfer moves one currency.`,
      { param: "currency" },
    );
  }
  if (!wallet.ledgerAccount) throw new Error(`wallet ${wallet.id} has no ledger account`);
  return { wallet, account: { id: wallet.ledgerAccount.id, kind: "wallet", currency } };
}

export async function createTransfer(tx: Db, tenant: Tenant, input: CreateTransferBody): Promise<TransferRecord> {
  const { from, to, currency } = input;
  if (from.type === "balance" && to.type === "balance") {
    throw new DomainError("validation_failed", "A transfer needs a wallet on at least one side.", { param: "to" });
  }
  if (from.type === "wallet" && to.type === "wallet" && from.externalUserId === to.externalUserId) {
    throw new DomainError("validation_failed", "A transfer cannot go from a wallet to itself.", { param: "to" });
  }
  requireExponent(currency);
  const amount = toMinor(input.amount, currency);
  const source = await resolveSide(tx, tenant, from, currency, "from");
  const destination = await resolveSide(tx, tenant, to, currency, "to");

  // Both accounts locked in id order before anything is read to decide: racing transfers out of one
  // wallet see each other's debit, and two wallets paying each other at once never deadlock.
  const locked = await lockAccounts(tx, [source.account.id, destination.account.id]);
  const sourceAccount = locked.get(source.account.id);
  if (!sourceAccount) throw new Error(`account ${source.account.id} was not locked`);
  // Read again under the locks: a freeze or close that committed while this waited counts.
  const sourceStatus = source.wallet ? await currentWalletStatus(tx, source.wallet.id) : null;
  const destinationStatus = destination.wallet ? await currentWalletStatus(tx, destination.wallet.id) : null;
  if (source.wallet && sourceStatus !== "active") {
    throw new DomainError(
      "wallet_not_active",
      `The wallet ${source.wallet.externalUserId} is ${sourceStatus} and cannot send.`,
      {
        param: "from",
      },
    );
  }
  if (destination.wallet && destinationStatus === "closed") {
    throw new DomainError(
      "wallet_not_active",
      `The wallet ${destination.wallet.externalUserId} is closed and cannot receive.`,
      {
        param: "to",
      },
    );
  }
  const available = availableMinor(sourceAccount);
  if (available < amount) {
    throw new DomainError(
      "insufficient_funds",
      `The ${source.wallet ? `wallet ${source.wallet.externalUserId}` : "balance"} has ${toMajor(available, currency)} ${currency} available, less than ${input.amount}.`,
      { param: "amount" },
    );
  }
  // Limits the application set to count transfers (`transfers: true`); under the wallet's account lock.
  if (source.wallet) await countTransferAgainstLimits(tx, source.wallet, amount, currency, new Date());

  const { transfer: ledgerTransfer } = await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind: "transfer",
    description: input.description ?? "Transfer",
    legs: [
      { account: source.account, amount: -amount },
      { account: destination.account, amount },
    ],
  });
  const created = await tx.transfer.create({
    data: {
      id: newId("tr"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      currency,
      amount,
      fromWalletId: source.wallet?.id ?? null,
      toWalletId: destination.wallet?.id ?? null,
      description: input.description ?? null,
      metadata: input.metadata ?? {},
      ledgerTransferId: ledgerTransfer.id,
      createdAt: ledgerTransfer.createdAt,
    },
    include: TRANSFER_WALLETS,
  });
  const record = transferRecord(created);
  // One transfer.created in the sequence of each wallet it touches, so each wallet's stream shows
  // every move of its money (docs/decisions/money-movement.md).
  for (const wallet of [source.wallet, destination.wallet]) {
    if (wallet) await recordEvent(tx, tenant, "transfer.created", { ...record, walletId: wallet.id });
  }
  return record;
}
