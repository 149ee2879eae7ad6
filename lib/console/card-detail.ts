// One card of the application's current mode, with its wallet's id for the link back, for the
// console's card page. Another merchant's or another mode's card behaves as one that does not exist.
import { cardRecord } from "@/lib/cards/card-record";
import type { Db } from "@/lib/db/client";
import { readTotals } from "@/lib/spending-controls/totals";
import { NOTHING_SPENT } from "@/lib/spending-controls/usage";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

export async function cardDetail(db: Db, merchantId: string, applicationId: string, cardId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const card = await db.card.findFirst({
    where: { id: cardId, ...tenant },
    include: { wallet: { select: { id: true, externalUserId: true } } },
  });
  if (!card) throw ConsoleError.notFound("Card");
  const now = new Date();
  const totals = await readTotals(db, [card.id], now);
  return {
    card: cardRecord(card, card.wallet.externalUserId, totals.get(card.id) ?? NOTHING_SPENT, now),
    walletId: card.wallet.id,
  };
}
