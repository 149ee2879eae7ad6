// Puts money into the application's balance from the platform's reserve: a test top-up at the
// application's word, or a live bank deposit the operator records under the bank's reference (once).
import type { Db } from "@/lib/db/client";
import { recordAudit } from "@/lib/audit/record-audit";
import { DomainError } from "@/lib/errors";
import type { TopUp } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { ensureReserveAccount } from "@/lib/ledger/accounts";
import { postTransfer } from "@/lib/ledger/post-transfer";
import { toMajor, toMinor } from "@/lib/money/amount";
import type { TopUpRecord } from "@/lib/schemas/money-movement";
import type { Tenant } from "@/lib/tenant";
import { recordEvent } from "@/lib/events/record-event";
import { ensureBalanceAccount, lockAccounts } from "./balance-account";

export type TopUpInput = {
  /** Major units, validated against the currency's exponent here. */
  amount: number;
  currency: string;
  description?: string;
  /** The bank's reference of a live deposit; refused a second time. */
  reference?: string;
};

export function topUpRecord(topUp: TopUp, balanceAfterMinor: bigint): TopUpRecord {
  return {
    id: topUp.id,
    object: "top_up",
    amount: toMajor(topUp.amount, topUp.currency),
    currency: topUp.currency,
    reference: topUp.reference,
    description: topUp.description,
    balanceAfter: toMajor(balanceAfterMinor, topUp.currency),
    livemode: topUp.livemode,
    createdAt: topUp.createdAt.toISOString(),
  };
}

/** Credits the balance in the caller's transaction and records `top_up.created` in the application's stream. */
export async function topUpBalance(tx: Db, tenant: Tenant, input: TopUpInput): Promise<TopUpRecord> {
  const amount = toMinor(input.amount, input.currency);
  const reserve = await ensureReserveAccount(tx, tenant.livemode, input.currency);
  const balance = await ensureBalanceAccount(tx, tenant, input.currency);
  const locked = await lockAccounts(tx, [balance.id]);
  const before = locked.get(balance.id)?.postedMinor ?? 0n;
  if (input.reference !== undefined) {
    const seen = await tx.topUp.findFirst({
      where: { applicationId: tenant.applicationId, livemode: tenant.livemode, reference: input.reference },
      select: { id: true },
    });
    if (seen) {
      throw new DomainError(
        "top_up_reference_exists",
        `A top-up with reference ${input.reference} was already recorded (${seen.id}).`,
        {
          param: "reference",
        },
      );
    }
  }
  const { transfer } = await postTransfer(tx, {
    applicationId: tenant.applicationId,
    livemode: tenant.livemode,
    kind: "top_up",
    description: input.description ?? (tenant.livemode ? "Bank deposit" : "Test top-up"),
    legs: [
      { account: reserve, amount: -amount },
      { account: balance, amount },
    ],
  });
  const topUp = await tx.topUp.create({
    data: {
      id: newId("tu"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      currency: input.currency,
      amount,
      reference: input.reference ?? null,
      description: input.description ?? null,
      ledgerTransferId: transfer.id,
      createdAt: transfer.createdAt,
    },
  });
  const record = topUpRecord(topUp, before + amount);
  await recordEvent(tx, tenant, "top_up.created", record);
  return record;
}

/** The operator's record of a live bank deposit, audited as the service's own action. */
export async function recordLiveTopUp(
  tx: Db,
  applicationId: string,
  input: TopUpInput & { reference: string },
): Promise<TopUpRecord> {
  const record = await topUpBalance(tx, { applicationId, livemode: true }, input);
  await recordAudit(
    tx,
    { merchantId: null, ipAddress: null },
    { applicationId, action: "top_up.recorded", detail: { topUpId: record.id, reference: input.reference } },
  );
  return record;
}
