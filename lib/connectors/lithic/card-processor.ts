// Lithic's side of the card processor port (lib/cards/card-processor.ts): cards are created, paused,
// reopened and closed at Lithic through its SDK, and their number and CVC stay there, shown to the
// holder by Lithic's embedded card page (`/v1/embed/card`, HMAC-signed with the API key as Lithic's
// spec says). Failures are classified once (lithic-errors.ts) into the port's two kinds.
import type Lithic from "lithic";
import {
  CardProcessorError,
  type CardProcessor,
  type CardState,
  type DetailsView,
  type PlacedCard,
  type ProcessorCardRef,
} from "@/lib/cards/card-processor";
import { cardExpiry } from "@/lib/connectors/simulator/card-processor";
import { lithicClient } from "./client";
import { classifyLithicError } from "./lithic-errors";

/** Lithic's state for each of our card statuses. */
export const LITHIC_CARD_STATE: Record<CardState, "OPEN" | "PAUSED" | "CLOSED"> = {
  active: "OPEN",
  frozen: "PAUSED",
  canceled: "CLOSED",
};

/**
 * How long a signed embed link works. Lithic's embed cannot be limited to one opening, so the link
 * is short-lived instead (Lithic's own default is one minute): the page must be framed at once.
 */
export const LITHIC_EMBED_SECONDS = 60;

/** The port's error for a failed call: only a final refusal is `refused`; the rest may work later. */
function processorError(error: unknown, action: string): CardProcessorError {
  const failure = classifyLithicError(error);
  const reference = failure.debuggingRequestId ? ` (Lithic request ${failure.debuggingRequestId})` : "";
  return new CardProcessorError(
    failure.class === "final" ? "refused" : "unavailable",
    "lithic",
    `${action}: ${failure.status ? `${failure.status} ` : ""}${failure.message}${reference}`,
  );
}

function requireToken(card: ProcessorCardRef): string {
  if (!card.processorCardToken) throw new Error(`Card ${card.id} is Lithic's but has no Lithic card token`);
  return card.processorCardToken;
}

/** Lithic's MM and yyyy strings, or our own three years when the answer leaves them out. */
function expiryOf(card: Lithic.Card): { expMonth: number; expYear: number } {
  const month = Number(card.exp_month);
  const year = Number(card.exp_year);
  return Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(year) && year >= 2000
    ? { expMonth: month, expYear: year }
    : cardExpiry();
}

export const lithicCardProcessor: CardProcessor = {
  name: "lithic",

  async createCard({ cardId, idempotencyKey }): Promise<PlacedCard> {
    let card: Lithic.Card;
    try {
      card = await lithicClient().cards.create({
        type: "VIRTUAL",
        state: "OPEN",
        // Our id, so Lithic's dashboard and events lead back to the card.
        memo: cardId,
        "Idempotency-Key": idempotencyKey,
      });
    } catch (error) {
      throw processorError(error, "Creating the card at Lithic failed");
    }
    return {
      processor: "lithic",
      processorCardToken: card.token,
      last4: card.last_four,
      ...expiryOf(card),
      details: null,
    };
  },

  async setCardState(card, state) {
    try {
      await lithicClient().cards.update(requireToken(card), { state: LITHIC_CARD_STATE[state] });
    } catch (error) {
      throw processorError(error, `Setting the card to ${LITHIC_CARD_STATE[state]} at Lithic failed`);
    }
  },

  detailsView(card, { origin, now }): DetailsView {
    const expiresAt = new Date(now.getTime() + LITHIC_EMBED_SECONDS * 1000);
    const url = lithicClient().cards.getEmbedURL({
      token: requireToken(card),
      expiration: expiresAt.toISOString(),
      // Lithic posts the holder's clicks (copy) to this origin only; framing itself it does not restrict.
      target_origin: origin,
    });
    return { kind: "embed", url, expiresAt };
  },
};
