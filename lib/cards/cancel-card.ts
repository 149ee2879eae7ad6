// Cancels a card for good: it declines every later spend. Open holds stay capturable, as a
// merchant may still settle a payment the card approved before. Canceling twice is a no-op.
import type { Db } from "@/lib/db/client";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

export async function cancelCard(tx: Db, tenant: Tenant, cardId: string): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  const updated =
    card.status === "canceled" ? card : await tx.card.update({ where: { id: card.id }, data: { status: "canceled" } });
  return cardRecord(updated, card.wallet.externalUserId);
}
