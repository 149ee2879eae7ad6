// Issues a virtual card on a wallet and records card.issued in the same transaction.
import { randomInt } from "node:crypto";
import type { Prisma } from "@/lib/generated/prisma/client";
import { recordEvent } from "@/lib/events/record-event";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { requireExponent } from "@/lib/money/amount";
import type { CardRecord, IssueCardBody } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { requestedCardControls } from "@/lib/spending-controls/card-controls";
import { NO_CONTROLS, toCardColumns } from "@/lib/spending-controls/controls";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { findWallet } from "@/lib/wallets/get-wallet";
import { cardRecord } from "./card-record";
import { mintCardDetails, sealCardDetails } from "./card-number";

const CARD_LIFETIME_YEARS = 3;

export async function issueCard(
  tx: Prisma.TransactionClient,
  tenant: Tenant,
  input: IssueCardBody,
): Promise<CardRecord> {
  requireExponent(input.currency);
  // A new card has spent nothing, so its window limits start at 0 with no totals to seed.
  const { spendLimit, spendingControls } = toCardColumns(requestedCardControls(NO_CONTROLS, input, input.currency));
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
  const id = newId("card");
  // Null in live mode while no live BIN is configured: such a card gets its number later (card-details.ts).
  const details = mintCardDetails(tenant.livemode);
  const card = await tx.card.create({
    data: {
      id,
      applicationId: tenant.applicationId,
      livemode: tenant.livemode,
      walletId: wallet.id,
      kind: input.kind,
      currency: input.currency,
      spendLimit,
      spendingControls,
      status: "active",
      // The number itself only ever sealed (lib/cards/card-number.ts); last4 is what the API shows.
      last4: details ? details.number.slice(-4) : String(randomInt(10_000)).padStart(4, "0"),
      sealedDetails: details ? sealCardDetails(id, details) : null,
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS,
    },
  });
  const record = cardRecord(card, wallet.externalUserId, NOTHING_SPENT);
  await recordEvent(tx, tenant, "card.issued", record);
  return record;
}
