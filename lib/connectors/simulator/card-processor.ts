// The built-in simulator's side of the card processor port (lib/cards/card-processor.ts): the card's
// number is ours, minted and sealed (lib/cards/card-number.ts), and its state lives only in our
// database, so every call answers at once and none can fail. Test mode always uses it; a live card
// it issues reaches no card network, and says so (`processor: "simulator"`).
import { randomInt } from "node:crypto";
import type { CardProcessor, PlacedCard } from "@/lib/cards/card-processor";
import { mintCardDetails } from "@/lib/cards/card-number";

const CARD_LIFETIME_YEARS = 3;

/** The month a new card expires: this month, CARD_LIFETIME_YEARS on. */
export function cardExpiry(now = new Date()): { expMonth: number; expYear: number } {
  return { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() + CARD_LIFETIME_YEARS };
}

export const simulatorCardProcessor: CardProcessor = {
  name: "simulator",
  async createCard({ livemode }): Promise<PlacedCard> {
    return placeSimulatorCard(livemode);
  },
  async setCardState() {
    // The card's status in our database is the whole of its state.
  },
  detailsView() {
    return { kind: "sealed" };
  },
};

/** What createCard answers, synchronously (issueCard's callers that run without a prepare step). */
export function placeSimulatorCard(livemode: boolean): PlacedCard {
  // Null in live mode while no live BIN is configured: such a card gets its number later (lib/cards/card-details.ts).
  const details = mintCardDetails(livemode);
  return {
    processor: "simulator",
    processorCardToken: null,
    // The number itself only ever sealed; last4 is what the API shows.
    last4: details ? details.number.slice(-4) : String(randomInt(10_000)).padStart(4, "0"),
    ...cardExpiry(),
    details,
  };
}
