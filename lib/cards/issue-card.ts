// Issues a virtual card on a wallet and records card.issued in the same transaction.
import { randomInt } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { requireExponent, toMinor } from "@/lib/money/amount";
import type { CardRecord, IssueCardBody } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { findWallet } from "@/lib/wallets/get-wallet";
import { cardRecord } from "./card-record";

const CARD_LIFETIME_YEARS = 3;

export async function issueCard(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  input: IssueCardBody,
): Promise<CardRecord> {
  requireExponent(input.currency);
  const spendLimit = input.spendLimit === undefined ? null : toMinor(input.spendLimit, input.currency, "spendLimit");
  const wallet = await findWallet(tx, tenant, input.externalUserId);
  if (wallet.currency !== input.currency) {
    throw new DomainError(
      "currency_mismatch",
      `The card's currency (${input.currency}) must equal the wallet's currency (${wallet.currency}).`,
      { param: "currency" },
    );
  }
  if (wallet.status !== "active") {
    throw new DomainError("wallet_not_active", `Cards cannot be issued on a ${wallet.status} wallet.`);
  }
  const now = new Date();
  const card = await tx.card.create({
    data: {
      id: newId("card"),
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet.id,
      kind: input.kind,
      currency: input.currency,
      spendLimit,
      status: "active",
      // Only the last four digits of a number our card processor would hold ever exist here.
      last4: String(randomInt(10_000)).padStart(4, "0"),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS,
    },
  });
  const record = cardRecord(card, wallet.externalUserId);
  await recordEvent(tx, tenant, "card.issued", record);
  return record;
}
