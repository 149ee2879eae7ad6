// Changes a card's spendLimit and spending controls (POST /cards/{id}). A window limit the change
// adds starts from what the card already spent in the current window (seedNewLimits).
import type { Db } from "@/lib/db/client";
import { recordEvent } from "@/lib/events/record-event";
import type { CardRecord, UpdateCardBody } from "@/lib/schemas/card";
import { requestedCardControls } from "@/lib/spending-controls/card-controls";
import { readControls, toCardColumns } from "@/lib/spending-controls/controls";
import { lockAccountForControls, seedNewLimits } from "@/lib/spending-controls/set-spending-controls";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import type { Tenant } from "@/lib/tenant";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

export async function updateCard(tx: Db, tenant: Tenant, cardId: string, input: UpdateCardBody): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  const previous = readControls(card.spendingControls, card.spendLimit);
  const next = requestedCardControls(previous, input, card.currency);
  // Spends of the wallet's cards hold this lock while they read and add to totals, so seeding sees
  // every approved spend and none slips in between (the card first, then the account, as spends do).
  await lockAccountForControls(tx, card.walletId);
  const now = new Date();
  await seedNewLimits(tx, "card", card.id, previous, next, now);
  // A canceled card keeps its controls as they were: nothing can spend with it any more, and its
  // history reads as it was. Changing them is harmless, so it is allowed rather than refused.
  const updated = await tx.card.update({ where: { id: card.id }, data: toCardColumns(next) });
  const totals = await readTotals(tx, [card.id], now);
  const record = cardRecord(updated, card.wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now);
  // Its controls changed (or were set again as they were: the request is the change an application hears of).
  await recordEvent(tx, tenant, "card.updated", record);
  return record;
}
