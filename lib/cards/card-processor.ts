// The card processor port: what lib/cards asks of whoever manages a card at the card network (the
// built-in simulator, or Lithic), whichever it is. Each implementation lives in its own connector
// (lib/connectors/simulator/, lib/connectors/lithic/) and is picked per card by its `processor`
// (docs/decisions/card-processors.md). Calls may wait on the network: lib/cards makes them outside
// any database transaction, and a failed one changes nothing on our side.
import type { ProcessorName } from "@/lib/card-network/network-message";
import { DomainError } from "@/lib/errors";
import type { CardDetails } from "./card-number";

export type CardState = "active" | "frozen" | "canceled";

/** What a processor answers for a new card. */
export type PlacedCard = {
  processor: ProcessorName;
  /** The processor's id of the card (Lithic's card token); null for the simulator's. */
  processorCardToken: string | null;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The number and CVC, when they live with us (the simulator; null in live mode without a BIN). */
  details: CardDetails | null;
};

export type CreateCardInput = {
  /** Our id of the card-to-be, which the processor keeps as its memo. */
  cardId: string;
  livemode: boolean;
  /**
   * Makes a repeated create (after a timeout) answer the card the first made instead of a second
   * card: a UUID named by our card id, or by the client's Idempotency-Key when it sent one.
   */
  idempotencyKey: string;
};

/** How the holder sees a card's number and CVC. */
export type DetailsView =
  /** Ours: the sealed number, shown once by our details page (lib/cards/open-details-session.ts). */
  | { kind: "sealed" }
  /** The processor's own page (Lithic's embedded card), signed and good until `expiresAt`. */
  | { kind: "embed"; url: string; expiresAt: Date };

export type ProcessorCardRef = { id: string; processorCardToken: string | null };

export interface CardProcessor {
  readonly name: ProcessorName;
  createCard(input: CreateCardInput): Promise<PlacedCard>;
  /** Sets the card's state at the processor (OPEN, PAUSED, CLOSED at Lithic). */
  setCardState(card: ProcessorCardRef, state: CardState): Promise<void>;
  /** Local work only (a signature), so it may run inside a transaction. */
  detailsView(card: ProcessorCardRef, input: { origin: string; now: Date }): DetailsView;
}

/**
 * A processor call that failed: `unavailable` (it may work later: 503 with Retry-After; also when we
 * cannot tell whether the processor acted) or `refused` (it refused this request as it is: 502).
 * Nothing on our side changed.
 */
export class CardProcessorError extends Error {
  constructor(
    readonly failure: "unavailable" | "refused",
    readonly processor: ProcessorName,
    message: string,
  ) {
    super(message);
    this.name = "CardProcessorError";
  }
}

/** How long a client should wait before retrying after the processor was unavailable. */
export const PROCESSOR_RETRY_AFTER_SECONDS = 5;

/** The refusal the API answers for a failed processor call (lib/http maps the codes to 502 and 503). */
export function processorRefusal(error: CardProcessorError): DomainError {
  return error.failure === "unavailable"
    ? new DomainError(
        "processor_unavailable",
        `The card processor (${error.processor}) could not be reached or did not answer in time; nothing changed. Retry shortly.`,
        { retryAfterSeconds: PROCESSOR_RETRY_AFTER_SECONDS },
      )
    : new DomainError(
        "processor_error",
        `The card processor (${error.processor}) refused the change; nothing changed: ${error.message}`,
      );
}

/** Runs a processor call, turning its failure into the API's refusal. */
export async function callProcessor<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CardProcessorError) throw processorRefusal(error);
    throw error;
  }
}
