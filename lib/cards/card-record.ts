// The card record as the API and webhooks return it.
import type { Card } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { CardRecord } from "@/lib/schemas/card";

export function cardRecord(card: Card, externalUserId: string): CardRecord {
  return {
    id: card.id,
    object: "card",
    walletId: card.walletId,
    externalUserId,
    kind: card.kind,
    currency: card.currency,
    spendLimit: card.spendLimit === null ? null : toMajor(card.spendLimit, card.currency),
    status: card.status,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    livemode: card.livemode,
    createdAt: card.createdAt.toISOString(),
  };
}
