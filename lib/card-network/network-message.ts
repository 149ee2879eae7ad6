// The card network's messages as our domain sees them, whichever processor carried them: the
// built-in simulator (test mode, the embedded default) and the Lithic connector both translate what
// they receive into a NetworkMessage and hand it to the lifecycle (lib/card-network/), which answers a
// NetworkOutcome the connector turns back into its processor's answer. Nothing here knows a processor.
import type { DeclineCode } from "@/lib/schemas/authorization";

/** Which processor carried a message or manages a card. */
export type ProcessorName = "simulator" | "lithic";

/** The merchant as the network describes it (category: the MCC or a label; country: ISO 3166-1 alpha-2). */
export type NetworkMerchant = { name: string; category?: string; country?: string };

/**
 * The authorization a later message belongs to: ours (`id`, what the simulator's callers name) or
 * the processor's reference for it (`networkId`, e.g. Lithic's transaction token), either may be given.
 */
export type AuthorizationReference = { id: string } | { networkId: string };

type MessageBase = {
  /** The message's own id at the network or processor: a repeat with the same id changes nothing. */
  networkId: string;
  processor: ProcessorName;
  cardId: string;
  /** Minor units of `currency`, never negative. */
  amount: bigint;
  currency: string;
  merchant?: NetworkMerchant;
};

export type NetworkMessage =
  /**
   * Approve (all or part) or decline, inside `budgetMs` (the processor's window: Lithic's ASA,
   * Stripe's 2 s); when the decision endpoint is slow, its defaultAction answers in time.
   * `purpose` marks balance inquiries and zero-amount account verifications: answered, no hold.
   * `transactionRef` is the processor's reference for the authorization it opens (Lithic's
   * transaction token), so later messages can name it by `{ networkId }`.
   */
  | (MessageBase & {
      kind: "authorization";
      budgetMs: number;
      purpose?: "purchase" | "balance_inquiry" | "account_verification";
      transactionRef?: string;
      partialApprovalCapable?: boolean;
    })
  /** Raises the hold of `authorization` by `amount`, checked like a new authorization for that much. */
  | (MessageBase & { kind: "increment"; authorization: AuthorizationReference; budgetMs: number })
  /** Approved by the network's stand-in while we did not answer: posted as a hold, never refused. */
  | (MessageBase & { kind: "advice"; authorization?: AuthorizationReference; transactionRef?: string })
  /** Releases `amount` of the hold (full or partial). */
  | (MessageBase & { kind: "reversal"; authorization: AuthorizationReference })
  /** Settles `amount` against the authorization; `final` says no further clearing will come. */
  | (MessageBase & { kind: "clearing"; authorization: AuthorizationReference; final?: boolean })
  /** A clearing with no authorization: posted even into a negative balance. */
  | (MessageBase & { kind: "force_post"; transactionRef?: string })
  /** A merchant credit (return), with or without a prior authorization: credits the wallet. */
  | (MessageBase & { kind: "refund"; authorization?: AuthorizationReference; transactionRef?: string })
  /** Takes a refund back. */
  | (MessageBase & { kind: "return_reversal"; authorization?: AuthorizationReference; transactionRef?: string })
  /** The processor says the hold expired: what is left of it is released. */
  | (MessageBase & { kind: "expiry"; authorization: AuthorizationReference });

export type NetworkMessageKind = NetworkMessage["kind"];

/**
 * What the lifecycle did. `replayed` is true when the networkId was seen before: the outcome is the
 * first one's, and nothing changed. Every outcome names the authorization it touched or opened.
 */
export type NetworkOutcome =
  | {
      result: "approved";
      authorizationId: string;
      /** Minor units held (less than asked for a partial approval; 0 for inquiries and verifications). */
      approvedAmount: bigint;
      /** The available balance after the hold, minor units (Lithic's ASA may return it). */
      balanceAfter?: bigint;
      replayed: boolean;
    }
  | { result: "declined"; authorizationId: string; decline: DeclineCode; message: string; replayed: boolean }
  /** Every message other than an authorization request or increment: applied (or replayed). */
  | { result: "applied"; authorizationId: string; replayed: boolean };

/**
 * Why a message could not be applied at all (nothing changed): the connector answers its processor's
 * contract (the simulator: a 4xx envelope).
 */
export type NetworkRejection =
  | "unknown_card"
  | "unknown_authorization"
  | "currency_mismatch"
  | "amount_invalid"
  | "message_conflict";

/**
 * What the lifecycle's one entry (`handleNetworkMessage(message, { tenant? })` in
 * lib/card-network/handle-network-message.ts) answers: an outcome, or a rejection that changed nothing.
 * With `tenant` (the simulator's callers) the card must be that application's and mode's; without it
 * (a processor's verified message) the card's own application is the tenant.
 */
export type NetworkResult =
  | { ok: true; outcome: NetworkOutcome }
  | { ok: false; rejection: NetworkRejection; message: string };
