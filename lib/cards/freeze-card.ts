// Freezes an active card: it declines every spend until unfrozen. Freezing a frozen card is a no-op.
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/errors";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

export async function freezeCard(tx: Db, tenant: Tenant, cardId: string): Promise<CardRecord> {
  const card = await findCard(tx, tenant, cardId, "update");
  if (card.status === "canceled") throw new ApiError("card_not_active", "A canceled card cannot be frozen.");
  const updated =
    card.status === "frozen" ? card : await tx.card.update({ where: { id: card.id }, data: { status: "frozen" } });
  return cardRecord(updated, card.wallet.externalUserId);
}
