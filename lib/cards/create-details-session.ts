// Starts a card details session: a one-time link, good for 10 minutes, to a page of ours showing the
// card's number, expiry and CVC, which only `origin` may frame. The API answers the link, never the
// details (docs/decisions/wallets-and-cards.md, "Card details"). A card whose number lives at its
// processor (Lithic) answers the processor's signed page instead, short-lived since it cannot be
// limited to one opening (docs/decisions/card-processors.md).
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CardDetailsSessionRecord, CreateCardDetailsSessionBody } from "@/lib/schemas/card-details";
import type { Tenant } from "@/lib/tenant";
import { cardProcessor } from "@/lib/connectors/card-processors";
import { cardDetails } from "./card-details";
import { detailsPageUrl, hashDetailsToken, mintDetailsToken } from "./details-session-token";
import { findCard } from "./find-card";

export const DETAILS_SESSION_MINUTES = 10;

/** Live pages are framed only over https; test mode also allows a developer's http://localhost. */
function requireOriginForMode(origin: string, livemode: boolean): void {
  const { protocol, hostname } = new URL(origin);
  if (protocol === "https:") return;
  if (!livemode && hostname === "localhost") return;
  throw new DomainError(
    "validation_failed",
    livemode
      ? "origin must use https in live mode."
      : "origin must use https, or be http://localhost with any port in test mode.",
    { param: "origin" },
  );
}

export async function createDetailsSession(
  tx: Db,
  tenant: Tenant,
  cardId: string,
  input: CreateCardDetailsSessionBody,
  options: { baseUrl: string },
): Promise<CardDetailsSessionRecord> {
  const card = await findCard(tx, tenant, cardId);
  requireOriginForMode(input.origin, tenant.livemode);
  if (card.status === "canceled") {
    throw new DomainError("card_canceled", "The card is canceled; its details are no longer shown.");
  }
  const now = new Date();
  const view = cardProcessor(card.processor).detailsView(card, { origin: input.origin, now });
  // A card without a number gets it now, so the page never has to write, and a live card without
  // one is refused here rather than by a link that could never work.
  if (view.kind === "sealed") await cardDetails(tx, card);
  const token = mintDetailsToken();
  const session = await tx.cardDetailsSession.create({
    data: {
      id: newId("cds"),
      cardId: card.id,
      tokenHash: hashDetailsToken(token),
      origin: input.origin,
      expiresAt: view.kind === "embed" ? view.expiresAt : new Date(now.getTime() + DETAILS_SESSION_MINUTES * 60_000),
      // The processor's page is the link; ours is never opened for this card, so it is spent at once.
      usedAt: view.kind === "embed" ? now : null,
    },
  });
  return {
    id: session.id,
    object: "card_details_session",
    cardId: card.id,
    url: view.kind === "embed" ? view.url : detailsPageUrl(options.baseUrl, token),
    expiresAt: session.expiresAt.toISOString(),
    livemode: tenant.livemode,
  };
}
