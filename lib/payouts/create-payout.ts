// Pays out of a wallet or the application's balance to a bank account: the amount is held at once
// (available drops, posted stays until it is paid), the payout is pending, and its submission to the
// rail is queued in the same transaction (lib/payouts/submit-payout.ts), so a payout is never lost
// between the two and the rail is never called inside a transaction.
import type { Db } from "@/lib/db/client";
import { ensureBalanceAccount, lockAccounts } from "@/lib/balance/balance-account";
import { payoutRailFor } from "@/lib/connectors/payout-rails";
import { DomainError } from "@/lib/errors";
import { recordEvent } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { availableMinor } from "@/lib/ledger/accounts";
import { requireExponent, toMajor, toMinor } from "@/lib/money/amount";
import type { CreatePayoutBody, PayoutRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { PAYOUT_WALLET, payoutRecord } from "./payout-record";
import { queuePayoutSubmission } from "./submit-payout";

export async function createPayout(tx: Db, tenant: Tenant, input: CreatePayoutBody): Promise<PayoutRecord> {
  const rail = payoutRailFor(tenant.livemode);
  if (!rail) {
    throw new DomainError(
      "payouts_not_configured",
      "Live payouts need a payout rail connector, and none is configured on this deployment.",
    );
  }
  requireExponent(input.currency);
  const amount = toMinor(input.amount, input.currency);
  const wallet = input.from.type === "wallet" ? await findWallet(tx, tenant, input.from.externalUserId) : null;
  const bankAccount = await tx.bankAccount.findFirst({
    where: { id: input.bankAccountId, applicationId: tenant.applicationId, livemode: tenant.livemode },
  });
  if (!bankAccount) {
    throw new DomainError("bank_account_not_found", `No bank account ${input.bankAccountId}.`, {
      param: "bankAccountId",
    });
  }
  if (bankAccount.walletId !== (wallet?.id ?? null)) {
    throw new DomainError(
      "validation_failed",
      wallet
        ? `Bank account ${bankAccount.id} is not the wallet ${wallet.externalUserId}'s: a wallet pays out only to its own.`
        : `Bank account ${bankAccount.id} is a wallet's: the balance pays out only to the application's own bank accounts.`,
      { param: "bankAccountId" },
    );
  }
  for (const [what, currency] of [
    ["bank account", bankAccount.currency],
    ...(wallet ? [["wallet", wallet.currency] as const] : []),
  ] as const) {
    if (currency !== input.currency) {
      throw new DomainError(
        "currency_mismatch",
        `The payout is in ${input.currency} but the ${what} is in ${currency}.`,
        {
          param: "currency",
        },
      );
    }
  }
  // Before anything is held: a rail that cannot reach such an account would only fail the payout later.
  const refused = rail.refusal({
    country: bankAccount.country,
    currency: bankAccount.currency,
    scheme: bankAccount.scheme,
  });
  if (refused) throw new DomainError("validation_failed", refused, { param: "bankAccountId" });
  const holdAccountId = wallet
    ? (wallet.ledgerAccount?.id ?? "")
    : (await ensureBalanceAccount(tx, tenant, input.currency)).id;
  const account = (await lockAccounts(tx, [holdAccountId])).get(holdAccountId);
  if (!account) throw new Error(`account ${holdAccountId} was not locked`);
  if (wallet && wallet.status !== "active") {
    throw new DomainError(
      "wallet_not_active",
      `The wallet ${wallet.externalUserId} is ${wallet.status} and cannot pay out.`,
      {
        param: "from",
      },
    );
  }
  const available = availableMinor(account);
  if (available < amount) {
    throw new DomainError(
      "insufficient_funds",
      `The ${wallet ? `wallet ${wallet.externalUserId}` : "balance"} has ${toMajor(available, input.currency)} ${input.currency} available, less than ${input.amount}.`,
      { param: "amount" },
    );
  }
  await tx.ledgerAccount.update({ where: { id: holdAccountId }, data: { heldMinor: { increment: amount } } });
  const payout = await tx.payout.create({
    data: {
      id: newId("po"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet?.id ?? null,
      bankAccountId: bankAccount.id,
      holdAccountId,
      amount,
      currency: input.currency,
      description: input.description ?? null,
      status: "pending",
      rail: rail.name,
    },
    include: PAYOUT_WALLET,
  });
  const record = payoutRecord(payout);
  await recordEvent(tx, tenant, "payout.created", record);
  await queuePayoutSubmission(tx, payout.id);
  return record;
}
