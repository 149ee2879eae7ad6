// Shows a test-mode card's number, expiry and CVC to the merchant in the console, after the same
// re-authentication as revealing a secret, and audits that they were seen (the card's id, never its
// number). Only roles that see test keys may (roles.ts, "reveal_test_cards"); live cards are their
// holders' alone: no role sees more than their last four digits here.
import { recordAudit, type AuditContext } from "@/lib/audit/record-audit";
import { cardDetails } from "@/lib/cards/card-details";
import type { Db } from "@/lib/db/client";
import { ConsoleError } from "./errors";
import { consoleTenant, requireApplication } from "./require-application";

export type RevealedCard = { number: string; cvc: string; expMonth: number; expYear: number };

export async function revealCardDetails(
  db: Db,
  context: AuditContext,
  applicationId: string,
  cardId: string,
): Promise<RevealedCard> {
  const tenant = consoleTenant(await requireApplication(db, context.merchantId, applicationId, "reveal_test_cards"));
  const card = await db.card.findFirst({ where: { id: cardId, ...tenant } });
  if (!card) throw ConsoleError.notFound("Card");
  if (card.livemode) throw ConsoleError.refused("Live cards show only their last four digits here.");
  if (card.status === "canceled") throw ConsoleError.refused("The card is canceled; its details are no longer shown.");
  const { number, cvc } = await cardDetails(db, card);
  await recordAudit(db, context, { applicationId, action: "card_details.revealed", detail: { cardId } });
  return { number, cvc, expMonth: card.expMonth, expYear: card.expYear };
}
