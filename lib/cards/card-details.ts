// Opens a card's number and CVC, first giving one to a card that has none: a card issued before
// card details existed (sealing needs SECRETS_KEY, which the migration's SQL cannot hold), or a
// live card issued while no live BIN was configured. The new number ends in the card's last4, which
// its holder may already have been shown (docs/decisions/wallets-and-cards.md, "Card details").
import type { Card } from "@/lib/generated/prisma/client";
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { mintCardDetails, openCardDetails, sealCardDetails, type CardDetails } from "./card-number";

export async function cardDetails(
  db: Db,
  card: Pick<Card, "id" | "livemode" | "last4" | "sealedDetails" | "processor">,
): Promise<CardDetails> {
  if (card.processor !== "simulator") {
    // The number lives at the processor (Lithic), shown only by its own page (create-details-session.ts).
    throw new DomainError(
      "card_details_unavailable",
      `This card's number is held by its processor (${card.processor}).`,
    );
  }
  if (card.sealedDetails !== null) return openCardDetails(card.id, card.sealedDetails);
  const minted = mintCardDetails(card.livemode, card.last4);
  if (minted === null) {
    throw new DomainError(
      "card_details_unavailable",
      "This card has no number yet: live card numbers are not configured on this service.",
    );
  }
  // Only where none was set: of two first requests racing, the one that loses reads the winner's.
  const { count } = await db.card.updateMany({
    where: { id: card.id, sealedDetails: null },
    data: { sealedDetails: sealCardDetails(card.id, minted) },
  });
  if (count === 1) return minted;
  const stored = await db.card.findUniqueOrThrow({ where: { id: card.id }, select: { sealedDetails: true } });
  if (stored.sealedDetails === null) throw new Error(`Card ${card.id} lost its details while they were being set`);
  return openCardDetails(card.id, stored.sealedDetails);
}
