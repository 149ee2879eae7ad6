// One card of the application's current mode, with its wallet's id for the link back, for the
// console's card page. Another merchant's or another mode's card behaves as one that does not exist.
import { cardRecord } from "@/lib/cards/card-record";
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

export async function cardDetail(db: Db, merchantId: string, applicationId: string, cardId: string) {
  const tenant = consoleTenant(await requireApplication(db, merchantId, applicationId));
  const card = await db.card.findFirst({
    where: { id: cardId, ...tenant },
    include: { wallet: { select: { id: true, externalUserId: true } } },
  });
  if (!card) throw ConsoleError.notFound("Card");
  return { card: cardRecord(card, card.wallet.externalUserId), walletId: card.wallet.id };
}
