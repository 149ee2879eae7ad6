// The card record as the API and webhooks return it.
import type { Card } from "@/lib/generated/prisma/client";
import { toMajor } from "@/lib/money/amount";
import type { CardRecord } from "@/lib/schemas/card";
import { controlsRecord, readControls } from "@/lib/spending-controls/controls";
import { spendingUsage, type SubjectTotals } from "@/lib/spending-controls/usage";

/** `totals`: the card's running totals in the windows containing `at` (readTotals), for `spending`. */
export function cardRecord(card: Card, externalUserId: string, totals: SubjectTotals, at = new Date()): CardRecord {
  const controls = readControls(card.spendingControls, card.spendLimit);
  return {
    id: card.id,
    object: "card",
    walletId: card.walletId,
    externalUserId,
    kind: card.kind,
    currency: card.currency,
    spendLimit: card.spendLimit === null ? null : toMajor(card.spendLimit, card.currency),
    spendingControls: controlsRecord(controls, card.currency),
    spending: spendingUsage(controls, totals, card.currency, at),
    status: card.status,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    livemode: card.livemode,
    processor: card.processor,
    createdAt: card.createdAt.toISOString(),
  };
}
