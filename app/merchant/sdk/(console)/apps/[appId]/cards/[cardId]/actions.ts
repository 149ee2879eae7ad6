"use server";
// Server actions of a card's page: revealing a test-mode card's details. Each checks the session;
// the lib/console operation checks ownership and the mode.
import { prisma, transaction } from "@/lib/db/client";
import { requireRecentAuthentication } from "@/lib/console/recent-authentication";
import { requireApplication } from "@/lib/console/require-application";
import { revealCardDetails, type RevealedCard } from "@/lib/console/reveal-card-details";
import { requireAuditContext } from "@/lib/console/session";
import { runAction, type ActionState } from "@/app/merchant/sdk/_lib/action-state";

export async function revealCardDetailsAction(
  applicationId: string,
  cardId: string,
): Promise<ActionState & { details?: RevealedCard }> {
  const context = await requireAuditContext();
  // Kept beside the form's state rather than in it: ActionState carries secrets as one string.
  let details: RevealedCard | undefined;
  const state = await runAction(async () => {
    // A role that may not reveal is told so before being asked for its password (revealCardDetails checks again).
    await requireApplication(prisma(), context.merchantId, applicationId, "reveal_test_cards");
    await requireRecentAuthentication(context.merchantId);
    details = await transaction((tx) => revealCardDetails(tx, context, applicationId, cardId));
  });
  return { ...state, details };
}
