// Pure translations between what Lithic sends (an ASA request, a card_transaction.updated event)
// and the card network's messages as our lifecycle sees them (lib/card-network/network-message.ts),
// and from the lifecycle's outcome back to Lithic's ASA response. No I/O: the inbound handlers
// (lithic-inbound.ts) look up the card and the transaction, and these decide the rest
// (docs/decisions/card-processors.md, "Lithic's messages").
import countries from "i18n-iso-countries";
import { z } from "zod";
import type {
  NetworkMerchant,
  NetworkMessage,
  NetworkOutcome,
  NetworkRejection,
} from "@/lib/card-network/network-message";
import type { DeclineCode } from "@/lib/schemas/authorization";

// ---- What we read of Lithic's payloads (its OpenAPI document's `authorization` and
// `card_transaction` schemas); everything else passes through unread.

const lithicMerchantSchema = z
  .object({ descriptor: z.string(), mcc: z.string(), country: z.string() })
  .partial()
  .loose();

const amountSchema = z.object({ amount: z.number().int(), currency: z.string() }).loose();

export const asaRequestSchema = z
  .object({
    event_type: z.literal("card_authorization.approval_request"),
    /** The transaction's token: the same for every message of one transaction. */
    token: z.string().min(1),
    /** The message's own token (for programs in Lithic's beta); else the webhook-id names it. */
    event_token: z.string().min(1).optional(),
    status: z.enum([
      "AUTHORIZATION",
      "CREDIT_AUTHORIZATION",
      "FINANCIAL_AUTHORIZATION",
      "FINANCIAL_CREDIT_AUTHORIZATION",
      "BALANCE_INQUIRY",
    ]),
    card: z.object({ token: z.string().min(1) }).loose(),
    amounts: z.object({ cardholder: amountSchema }).loose(),
    merchant: lithicMerchantSchema.optional(),
    pos: z
      .object({ terminal: z.object({ partial_approval_capable: z.boolean() }).partial().loose() })
      .partial()
      .loose()
      .optional(),
  })
  .loose();

export type AsaRequest = z.output<typeof asaRequestSchema>;

export const LITHIC_EVENT_TYPES = [
  "AUTHORIZATION",
  "AUTHORIZATION_ADVICE",
  "AUTHORIZATION_EXPIRY",
  "AUTHORIZATION_REVERSAL",
  "BALANCE_INQUIRY",
  "CLEARING",
  "CORRECTION_CREDIT",
  "CORRECTION_DEBIT",
  "CREDIT_AUTHORIZATION",
  "CREDIT_AUTHORIZATION_ADVICE",
  "FINANCIAL_AUTHORIZATION",
  "FINANCIAL_CREDIT_AUTHORIZATION",
  "RETURN",
  "RETURN_REVERSAL",
] as const;

const transactionEventSchema = z
  .object({
    token: z.string().min(1),
    // A type Lithic adds later reads as one we do not act on, never as a refusal of the whole event.
    type: z.string(),
    result: z.string(),
    created: z.string(),
    amounts: z.object({ cardholder: amountSchema }).loose(),
  })
  .loose();

export const cardTransactionSchema = z
  .object({
    event_type: z.literal("card_transaction.updated"),
    token: z.string().min(1),
    card_token: z.string().min(1),
    status: z.string(),
    merchant: lithicMerchantSchema.optional(),
    events: z.array(transactionEventSchema).default([]),
  })
  .loose();

export type CardTransaction = z.output<typeof cardTransactionSchema>;

/** Lithic's ASA response (its `asa-response` schema), the fields we send. */
export type AsaResponse = {
  result:
    | "APPROVED"
    | "CARD_PAUSED"
    | "INSUFFICIENT_FUNDS"
    | "UNAUTHORIZED_MERCHANT"
    | "VELOCITY_EXCEEDED"
    | "SUSPECTED_FRAUD";
  token: string;
  approved_amount?: number;
  balance?: { amount: number | null; available: number | null };
};

// ---- Shared pieces

/** Lithic's merchant: the descriptor as name, the MCC as category, its ISO alpha-3 country as alpha-2. */
export function toNetworkMerchant(
  merchant: z.output<typeof lithicMerchantSchema> | undefined,
): NetworkMerchant | undefined {
  if (!merchant) return undefined;
  const country = merchant.country ? countries.alpha3ToAlpha2(merchant.country.toUpperCase()) : undefined;
  return {
    name: merchant.descriptor?.trim() || "Unknown merchant",
    ...(merchant.mcc ? { category: merchant.mcc } : {}),
    // QZZ (Kosovo) and ANT (Netherlands Antilles) have no alpha-2 the library knows: left out.
    ...(country ? { country } : {}),
  };
}

export type MappedMessage = { ok: true; message: NetworkMessage } | { ok: false; reason: string };

// ---- ASA request -> authorization or increment

export type AsaContext = {
  /** Our id of the card whose Lithic token the request names. */
  cardId: string;
  /** The message id: the request's event_token when sent, else the webhook-id header. */
  messageId: string;
  /** What is left of our budget for the lifecycle, ms. */
  budgetMs: number;
  /** Whether we approved an earlier request of this transaction: then this one is an increment. */
  transactionKnown: boolean;
};

/**
 * The lifecycle's message for an ASA request, or why it has none: credit authorizations (money to
 * the cardholder, credited when its RETURN arrives) are approved without a hold.
 */
export function asaRequestToMessage(request: AsaRequest, context: AsaContext): MappedMessage | { ok: "credit" } {
  if (request.status === "CREDIT_AUTHORIZATION" || request.status === "FINANCIAL_CREDIT_AUTHORIZATION")
    return { ok: "credit" };
  const { amount, currency } = request.amounts.cardholder;
  if (amount < 0) return { ok: false, reason: `a negative amount (${amount}) in an authorization request` };
  const base = {
    networkId: context.messageId,
    processor: "lithic" as const,
    cardId: context.cardId,
    amount: BigInt(amount),
    currency: currency.toUpperCase(),
    ...(request.merchant ? { merchant: toNetworkMerchant(request.merchant) } : {}),
    budgetMs: context.budgetMs,
  };
  if (request.status === "BALANCE_INQUIRY")
    return {
      ok: true,
      message: {
        ...base,
        amount: 0n,
        kind: "authorization",
        purpose: "balance_inquiry",
        transactionRef: request.token,
      },
    };
  if (context.transactionKnown && amount > 0)
    // A later request of a transaction we approved raises its hold (hotels, fuel): Lithic sends the
    // increment's amount, checked like a new authorization for that much.
    return { ok: true, message: { ...base, kind: "increment", authorization: { networkId: request.token } } };
  return {
    ok: true,
    message: {
      ...base,
      kind: "authorization",
      purpose: amount === 0 ? "account_verification" : "purchase",
      transactionRef: request.token,
      // Only a terminal that says it can take part of the amount gets a partial approval.
      partialApprovalCapable: request.pos?.terminal?.partial_approval_capable === true,
    },
  };
}

/** Lithic's closest result for each of our decline codes (its enum has no finer ones). */
const DECLINE_RESULT: Record<DeclineCode, AsaResponse["result"]> = {
  insufficient_funds: "INSUFFICIENT_FUNDS",
  spend_limit_exceeded: "VELOCITY_EXCEEDED",
  spending_limit_exceeded: "VELOCITY_EXCEEDED",
  card_inactive: "CARD_PAUSED",
  card_expired: "CARD_PAUSED",
  card_currency_mismatch: "UNAUTHORIZED_MERCHANT",
  category_blocked: "UNAUTHORIZED_MERCHANT",
  country_blocked: "UNAUTHORIZED_MERCHANT",
  declined_by_application: "UNAUTHORIZED_MERCHANT",
};

/**
 * The result for a request we cannot apply at all (a card or transaction we do not know, a currency
 * that is not the card's, a bad amount) and for the stand-in: Lithic's enum has no "issuer
 * unavailable", and declining as suspected fraud is the one that promises the merchant nothing else.
 */
export const REFUSED_RESULT: AsaResponse["result"] = "SUSPECTED_FRAUD";

function toMinorNumber(value: bigint): number {
  return Number(value);
}

/** Lithic's ASA response for the lifecycle's outcome (or rejection) of `request`. */
export function toAsaResponse(
  request: Pick<AsaRequest, "token" | "amounts">,
  outcome: NetworkOutcome | { result: "rejected"; rejection: NetworkRejection | "malformed" } | { result: "credit" },
): AsaResponse {
  const token = request.token;
  switch (outcome.result) {
    case "approved": {
      const requested = BigInt(request.amounts.cardholder.amount);
      return {
        result: "APPROVED",
        token,
        // Only a partial approval names an amount: Lithic reads its presence as "partial".
        ...(outcome.approvedAmount < requested && requested > 0n
          ? { approved_amount: toMinorNumber(outcome.approvedAmount) }
          : {}),
        ...(outcome.balanceAfter !== undefined
          ? { balance: { amount: null, available: toMinorNumber(outcome.balanceAfter) } }
          : {}),
      };
    }
    case "declined":
      return { result: DECLINE_RESULT[outcome.decline], token };
    case "applied":
    case "credit":
      return { result: "APPROVED", token };
    case "rejected":
      return { result: REFUSED_RESULT, token };
  }
}

// ---- card_transaction.updated -> the messages of its events

/** Events of these types were answered through ASA when they happened: nothing more to apply. */
const ANSWERED_BY_ASA = new Set([
  "AUTHORIZATION",
  "FINANCIAL_AUTHORIZATION",
  "BALANCE_INQUIRY",
  "CREDIT_AUTHORIZATION",
  "FINANCIAL_CREDIT_AUTHORIZATION",
]);

/** An event's fate: a message for the lifecycle, or why it has none. */
export type EventMapping =
  | { eventToken: string; type: string; message: NetworkMessage }
  | { eventToken: string; type: string; skipped: "answered_by_asa" | "declined" | "not_acted_on" | "bad_amount" };

/**
 * Every event of the transaction, oldest first, as the lifecycle's messages: each carries the
 * event's own token as its networkId, so a redelivered or repeated event changes nothing, and the
 * lifecycle tolerates them out of order. Whether a clearing, return or advice belongs to an
 * authorization is read from the transaction itself: one that had an authorization (or advice)
 * names it by the transaction's token; a clearing without one is a force post.
 */
export function transactionToMessages(transaction: CardTransaction, cardId: string): EventMapping[] {
  const events = [...transaction.events].sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
  const byTransaction = { networkId: transaction.token };
  const merchant = toNetworkMerchant(transaction.merchant);
  const hadAuthorization = events.some(
    (e) => e.result === "APPROVED" && ["AUTHORIZATION", "AUTHORIZATION_ADVICE"].includes(e.type),
  );
  const lastClearing = events.filter((e) => e.type === "CLEARING" && e.result === "APPROVED").at(-1);
  return events.map((event): EventMapping => {
    const head = { eventToken: event.token, type: event.type };
    if (ANSWERED_BY_ASA.has(event.type)) return { ...head, skipped: "answered_by_asa" };
    if (event.result !== "APPROVED") return { ...head, skipped: "declined" };
    const { amount, currency } = event.amounts.cardholder;
    if (!Number.isSafeInteger(amount)) return { ...head, skipped: "bad_amount" };
    const base = {
      networkId: event.token,
      processor: "lithic" as const,
      cardId,
      // Lithic signs amounts by direction (a reversal's is negative); the kind says the direction.
      amount: BigInt(Math.abs(amount)),
      currency: currency.toUpperCase(),
      ...(merchant ? { merchant } : {}),
    };
    const withTransaction = hadAuthorization ? { authorization: byTransaction } : {};
    switch (event.type) {
      case "AUTHORIZATION_ADVICE":
        return { ...head, message: { ...base, kind: "advice", transactionRef: transaction.token, ...withTransaction } };
      case "AUTHORIZATION_REVERSAL":
        return { ...head, message: { ...base, kind: "reversal", authorization: byTransaction } };
      case "AUTHORIZATION_EXPIRY":
        return { ...head, message: { ...base, kind: "expiry", authorization: byTransaction } };
      case "CLEARING":
        return hadAuthorization
          ? {
              ...head,
              message: {
                ...base,
                kind: "clearing",
                authorization: byTransaction,
                final: transaction.status === "SETTLED" && event === lastClearing,
              },
            }
          : { ...head, message: { ...base, kind: "force_post", transactionRef: transaction.token } };
      case "RETURN":
        return { ...head, message: { ...base, kind: "refund", transactionRef: transaction.token, ...withTransaction } };
      case "RETURN_REVERSAL":
        return {
          ...head,
          message: { ...base, kind: "return_reversal", transactionRef: transaction.token, ...withTransaction },
        };
      default:
        // CORRECTION_CREDIT, CORRECTION_DEBIT, CREDIT_AUTHORIZATION_ADVICE and types Lithic adds later:
        // kept with the stored event, acted on by no one yet.
        return { ...head, skipped: "not_acted_on" };
    }
  });
}
