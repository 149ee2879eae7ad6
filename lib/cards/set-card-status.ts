// Freezes, unfreezes or cancels a card. Setting the status a card already has is a no-op, and a
// canceled card stays canceled (409 card_not_active). Canceling keeps open holds capturable, as a
// merchant may still settle a payment the card approved before. A card a processor manages (Lithic)
// changes there first (prepareCardStatus, outside any transaction), then here; a processor that
// fails leaves the card as it was on both sides (docs/decisions/card-processors.md).
import type { Db } from "@/lib/db/client";
import { cardProcessor } from "@/lib/connectors/card-processors";
import { DomainError } from "@/lib/errors";
import { recordEvent, type EventType } from "@/lib/events/record-event";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { callProcessor } from "./card-processor";
import { cardRecord } from "./card-record";
import { findCard, type FoundCard } from "./find-card";

type CardStatus = CardRecord["status"];

/** How each target status reads in the refusal for a canceled card. */
const VERB: Record<CardStatus, string> = { frozen: "frozen", active: "unfrozen", canceled: "canceled" };

/** The event a change to each status fires (none when the card already had it). */
const EVENT: Record<CardStatus, EventType> = {
  frozen: "card.frozen",
  active: "card.unfrozen",
  canceled: "card.canceled",
};

function refuseIfCanceled(card: FoundCard, status: CardStatus): void {
  if (card.status === "canceled" && status !== "canceled")
    throw new DomainError("card_not_active", `A canceled card cannot be ${VERB[status]}.`);
}

/** What the processor was told, for setCardStatus to record. */
export type PreparedCardStatus = { processorState: CardStatus };

/**
 * Sets the status at the card's processor, outside any transaction, after the checks the write makes
 * (so a refused change never reaches the processor). The simulator's cards answer at once.
 */
export async function prepareCardStatus(
  db: Db,
  tenant: Tenant,
  cardId: string,
  status: CardStatus,
): Promise<PreparedCardStatus> {
  const card = await findCard(db, tenant, cardId);
  refuseIfCanceled(card, status);
  if (card.status !== status) await callProcessor(() => cardProcessor(card.processor).setCardState(card, status));
  return { processorState: status };
}

export async function setCardStatus(
  tx: Db,
  tenant: Tenant,
  cardId: string,
  status: CardStatus,
  prepared?: PreparedCardStatus,
): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  refuseIfCanceled(card, status);
  if (card.status !== status && card.processor !== "simulator" && prepared?.processorState !== status) {
    // Only the simulator's cards change without a call; the API's routes prepare the others.
    throw new Error(
      `Card ${card.id} is managed by ${card.processor}: its status changes there first (prepareCardStatus)`,
    );
  }
  const updated = card.status === status ? card : await tx.card.update({ where: { id: card.id }, data: { status } });
  const now = new Date();
  const totals = await readTotals(tx, [card.id], now);
  const record = cardRecord(updated, card.wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now);
  if (card.status !== status) await recordEvent(tx, tenant, EVENT[status], record);
  return record;
}
