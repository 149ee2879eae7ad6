// Starts a card details session: a one-time link, good for 10 minutes, to a page of ours showing the
// card's number, expiry and CVC, which only `origin` may frame. The API answers the link, never the
// details (docs/decisions/wallets-and-cards.md, "Card details").
import type { Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { CardDetailsSessionRecord, CreateCardDetailsSessionBody } from "@/lib/schemas/card-details";
import type { Tenant } from "@/lib/tenant";
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
  // A card without a number gets it now, so the page never has to write, and a live card without
  // one is refused here rather than by a link that could never work.
  await cardDetails(tx, card);
  const token = mintDetailsToken();
  const now = new Date();
  const session = await tx.cardDetailsSession.create({
    data: {
      id: newId("cds"),
      cardId: card.id,
      tokenHash: hashDetailsToken(token),
      origin: input.origin,
      expiresAt: new Date(now.getTime() + DETAILS_SESSION_MINUTES * 60_000),
    },
  });
  return {
    id: session.id,
    object: "card_details_session",
    cardId: card.id,
    url: detailsPageUrl(options.baseUrl, token),
    expiresAt: session.expiresAt.toISOString(),
    livemode: tenant.livemode,
  };
}
