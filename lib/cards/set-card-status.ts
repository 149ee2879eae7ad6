// Freezes, unfreezes or cancels a card. Setting the status a card already has is a no-op, and a
// canceled card stays canceled (409 card_not_active). Canceling keeps open holds capturable, as a
// merchant may still settle a payment the card approved before.
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { recordEvent, type EventType } from "@/lib/events/record-event";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

type CardStatus = CardRecord["status"];

/** How each target status reads in the refusal for a canceled card. */
const VERB: Record<CardStatus, string> = { frozen: "frozen", active: "unfrozen", canceled: "canceled" };

/** The event a change to each status fires (none when the card already had it). */
const EVENT: Record<CardStatus, EventType> = { frozen: "card.frozen", active: "card.unfrozen", canceled: "card.canceled" };

export async function setCardStatus(tx: Db, tenant: Tenant, cardId: string, status: CardStatus): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  if (card.status === "canceled" && status !== "canceled")
    throw new DomainError("card_not_active", `A canceled card cannot be ${VERB[status]}.`);
  const updated = card.status === status ? card : await tx.card.update({ where: { id: card.id }, data: { status } });
  const now = new Date();
  const totals = await readTotals(tx, [card.id], now);
  const record = cardRecord(updated, card.wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now);
  if (card.status !== status) await recordEvent(tx, tenant, EVENT[status], record);
  return record;
}
