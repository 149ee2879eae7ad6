// Unfreezes a frozen card so it can spend again. Unfreezing an active card is a no-op; a
// canceled card stays canceled (409 card_not_active).
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

export async function unfreezeCard(tx: Db, tenant: Tenant, cardId: string): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  if (card.status === "canceled") throw new ApiError("card_not_active", "A canceled card cannot be unfrozen.");
  const updated =
    card.status === "active" ? card : await tx.card.update({ where: { id: card.id }, data: { status: "active" } });
  return cardRecord(updated, card.wallet.externalUserId);
}
