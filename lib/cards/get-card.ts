// Reads one card of the caller's application and mode.
import type { Db } from "@/lib/db/client";
import type { CardRecord } from "@/lib/schemas/card";
import type { Tenant } from "@/lib/tenant";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { cardRecord } from "./card-record";
import { findCard } from "./find-card";

export async function getCard(db: Db, tenant: Tenant, cardId: string): Promise<CardRecord> {
  const card = await findCard(db, tenant, cardId);
  const now = new Date();
  const totals = await readTotals(db, [card.id], now);
  return cardRecord(card, card.wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now);
}
