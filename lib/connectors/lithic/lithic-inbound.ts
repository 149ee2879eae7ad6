// What Lithic sends us, handled: its Authorization Stream Access requests (answered inside Lithic's
// window, by the stand-in when we cannot decide in time) and its card_transaction.updated events
// (every event of the transaction applied through the lifecycle, each once), both verified with
// Lithic's signature scheme first and kept in ProcessorMessage once per Lithic message id
// (docs/decisions/card-processors.md, "Lithic's messages"); its payment_transaction events move the
// payouts it carries (docs/decisions/money-movement.md, "Lithic's ACH payments").
import type { NetworkMessage, NetworkResult } from "@/lib/card-network/network-message";
import { parseConfig } from "@/lib/config";
import { prisma, type Db } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { errorField, logger } from "@/lib/logging/logger";
import type { RailReportHandler } from "@/lib/payouts/rail-report";
import type { Tenant } from "@/lib/tenant";
import {
  asaRequestSchema,
  asaRequestToMessage,
  cardTransactionSchema,
  REFUSED_RESULT,
  toAsaResponse,
  transactionToMessages,
  type AsaResponse,
  type EventMapping,
} from "./lithic-network-mapping";
import { isPaymentEventKind, paymentToReport, paymentTransactionSchema } from "./lithic-payment-mapping";
import { verifyLithicSignature } from "./verify-lithic-signature";

/** The lifecycle's one entry (lib/card-network/handle-network-message.ts), passed in by the route. */
export type NetworkMessageHandler = (message: NetworkMessage, options: { tenant?: Tenant }) => Promise<NetworkResult>;

export const ASA_KIND = "card_authorization.approval_request";

/** How much of the budget is kept back from the lifecycle, for our own bookkeeping and the answer. */
const ANSWER_MARGIN_MS = 150;

function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new DomainError("invalid_json", "The body is not valid JSON.");
  }
}

function malformed(what: string, error: { issues: { path: PropertyKey[]; message: string }[] }): DomainError {
  const issue = error.issues[0];
  return new DomainError(
    "validation_failed",
    `The ${what} does not match Lithic's schema: ${issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "invalid"}.`,
  );
}

async function lithicCard(db: Db, cardToken: string) {
  return db.card.findUnique({
    where: { processorCardToken: cardToken },
    select: { id: true, processor: true },
  });
}

/** Stores a handled message once; a concurrent redelivery that stored it first wins, quietly. */
async function storeMessage(
  db: Db,
  data: {
    messageId: string;
    kind: string;
    transactionRef?: string;
    payload: unknown;
    outcome: string;
    answer?: unknown;
  },
): Promise<void> {
  try {
    await db.processorMessage.create({
      data: {
        id: newId("pmsg"),
        processor: "lithic",
        messageId: data.messageId,
        kind: data.kind,
        transactionRef: data.transactionRef ?? null,
        payload: data.payload as Prisma.InputJsonValue,
        outcome: data.outcome,
        ...(data.answer === undefined ? {} : { answer: data.answer as Prisma.InputJsonValue }),
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return;
    throw error;
  }
}

// ---- ASA

export type AsaAnswer = {
  response: AsaResponse;
  /** True when the stand-in answered: our budget ran out or our database could not be reached. */
  standIn: boolean;
};

/**
 * Answers one ASA request inside `budgetMs` (LITHIC_ASA_BUDGET_MS from receipt): verified, mapped,
 * decided by the lifecycle. Past the budget, or when anything after the signature fails (our
 * database down), the stand-in declines instead of hanging: Lithic must have its answer in time.
 */
export async function answerLithicAsa(
  rawBody: string,
  headers: Headers,
  handle: NetworkMessageHandler,
  { receivedAt = performance.now(), db = prisma() }: { receivedAt?: number; db?: Db } = {},
): Promise<AsaAnswer> {
  const { LITHIC_ASA_SECRET, LITHIC_ASA_BUDGET_MS } = parseConfig(process.env);
  verifyLithicSignature(rawBody, headers, LITHIC_ASA_SECRET, "ASA");
  const parsed = asaRequestSchema.safeParse(parseJson(rawBody));
  if (!parsed.success) throw malformed("ASA request", parsed.error);
  const request = parsed.data;
  const standIn: AsaAnswer = { response: { result: REFUSED_RESULT, token: request.token }, standIn: true };
  const deadline = receivedAt + LITHIC_ASA_BUDGET_MS;

  let timer: NodeJS.Timeout | undefined;
  const outOfTime = new Promise<AsaAnswer>((resolve) => {
    timer = setTimeout(() => resolve(standIn), Math.max(0, deadline - performance.now()));
  });
  const decided = decideAsa(request, headers, handle, db, deadline).catch((error: unknown) => {
    logger("lithic").error({ ...errorField(error), transaction: request.token }, "ASA answered by the stand-in");
    return standIn;
  });
  try {
    const answer = await Promise.race([decided, outOfTime]);
    if (answer.standIn) logger("lithic").warn({ transaction: request.token }, "ASA answered by the stand-in");
    return answer;
  } finally {
    clearTimeout(timer);
  }
}

async function decideAsa(
  request: ReturnType<typeof asaRequestSchema.parse>,
  headers: Headers,
  handle: NetworkMessageHandler,
  db: Db,
  deadline: number,
): Promise<AsaAnswer> {
  const messageId = request.event_token ?? headers.get("webhook-id") ?? request.token;
  // Lithic repeats a request once after a 5xx: the first answer stands.
  const seen = await db.processorMessage.findUnique({
    where: { processor_messageId: { processor: "lithic", messageId } },
    select: { answer: true },
  });
  if (seen?.answer) return { response: seen.answer as AsaResponse, standIn: false };

  const card = await lithicCard(db, request.card.token);
  if (!card || card.processor !== "lithic") {
    return { response: toAsaResponse(request, { result: "rejected", rejection: "unknown_card" }), standIn: false };
  }
  const transactionKnown =
    (await db.processorMessage.count({
      where: { processor: "lithic", kind: ASA_KIND, transactionRef: request.token, outcome: "approved" },
    })) > 0;
  const mapped = asaRequestToMessage(request, {
    cardId: card.id,
    messageId,
    budgetMs: Math.max(0, Math.floor(deadline - performance.now() - ANSWER_MARGIN_MS)),
    transactionKnown,
  });
  if (mapped.ok === "credit") return { response: toAsaResponse(request, { result: "credit" }), standIn: false };
  if (!mapped.ok) {
    return { response: toAsaResponse(request, { result: "rejected", rejection: "amount_invalid" }), standIn: false };
  }
  const result = await handle(mapped.message, {});
  if (!result.ok) {
    // Nothing changed: nothing stored, so a repeat is decided again.
    return { response: toAsaResponse(request, { result: "rejected", rejection: result.rejection }), standIn: false };
  }
  const response = toAsaResponse(request, result.outcome);
  await storeMessage(db, {
    messageId,
    kind: ASA_KIND,
    transactionRef: request.token,
    payload: request,
    outcome: result.outcome.result,
    answer: response,
  });
  return { response, standIn: false };
}

// ---- Events

/** Lithic's code for each rejection, as our API answers it: a clear 4xx, nothing changed. */
const REJECTION_ERROR = {
  unknown_card: "card_not_found",
  unknown_authorization: "authorization_not_found",
  currency_mismatch: "currency_mismatch",
  amount_invalid: "validation_failed",
  message_conflict: "idempotency_key_reused",
} as const;

export type EventAnswer = {
  received: true;
  /** The event was delivered before: nothing was done again. */
  replayed: boolean;
  /** What each of the transaction's events came to (none for an event kind we do not act on). */
  events: { token: string; type: string; result: string }[];
};

/**
 * Handles one event delivery. Every verified event is acknowledged once handled: one of a kind we do
 * not act on is stored as `ignored`; a card_transaction.updated applies each of its events through
 * the lifecycle. A message the lifecycle rejects (a card or authorization we do not know, another
 * currency, a bad amount) answers a 4xx and is not stored, so Lithic's retry is applied anew; the
 * events before it that did apply are not applied twice (their networkIds).
 */
export async function receiveLithicEvent(
  rawBody: string,
  headers: Headers,
  handle: NetworkMessageHandler,
  { db = prisma(), reportPayout }: { db?: Db; reportPayout?: RailReportHandler } = {},
): Promise<EventAnswer> {
  const { LITHIC_WEBHOOK_SECRET } = parseConfig(process.env);
  verifyLithicSignature(rawBody, headers, LITHIC_WEBHOOK_SECRET, "event");
  const body = parseJson(rawBody);
  const eventType =
    typeof body === "object" && body !== null && "event_type" in body && typeof body.event_type === "string"
      ? body.event_type
      : null;
  if (eventType === null) throw new DomainError("validation_failed", "The event has no event_type.");
  // The signature's own id: Lithic sends a redelivery with the same one.
  const messageId = headers.get("webhook-id") ?? "";
  const seen = await db.processorMessage.findUnique({
    where: { processor_messageId: { processor: "lithic", messageId } },
    select: { answer: true },
  });
  if (seen)
    return { ...((seen.answer ?? { events: [] }) as Omit<EventAnswer, "replayed">), received: true, replayed: true };

  if (isPaymentEventKind(eventType) && reportPayout) {
    const parsed = paymentTransactionSchema.safeParse(body);
    if (!parsed.success) throw malformed("payment transaction", parsed.error);
    const payment = parsed.data;
    const report = paymentToReport(payment);
    const outcome = report ? await reportPayout(report) : null;
    if (outcome?.result === "conflict")
      logger("lithic").error({ payment: payment.token, payout: outcome.payoutId }, outcome.message);
    const result =
      outcome === null ? "not_a_payout" : outcome.result === "applied" ? `applied:${outcome.status}` : outcome.result;
    const events = [{ token: payment.token, type: payment.status, result }];
    await storeMessage(db, {
      messageId,
      kind: eventType,
      transactionRef: payment.token,
      payload: body,
      outcome: outcome === null || outcome.result === "unknown_payout" ? "ignored" : "handled",
      answer: { events },
    });
    return { received: true, replayed: false, events };
  }
  if (eventType !== "card_transaction.updated") {
    await storeMessage(db, { messageId, kind: eventType, payload: body, outcome: "ignored", answer: { events: [] } });
    return { received: true, replayed: false, events: [] };
  }
  const parsed = cardTransactionSchema.safeParse(body);
  if (!parsed.success) throw malformed("card transaction", parsed.error);
  const transaction = parsed.data;
  const card = await lithicCard(db, transaction.card_token);
  if (!card || card.processor !== "lithic")
    throw new DomainError("card_not_found", `No Lithic card ${transaction.card_token} is known here.`);

  const events: EventAnswer["events"] = [];
  for (const mapping of transactionToMessages(transaction, card.id)) {
    events.push({ token: mapping.eventToken, type: mapping.type, result: await applyEvent(mapping, handle) });
  }
  await storeMessage(db, {
    messageId,
    kind: eventType,
    transactionRef: transaction.token,
    payload: body,
    outcome: "handled",
    answer: { events },
  });
  return { received: true, replayed: false, events };
}

async function applyEvent(mapping: EventMapping, handle: NetworkMessageHandler): Promise<string> {
  if ("skipped" in mapping) return `skipped:${mapping.skipped}`;
  const result = await handle(mapping.message, {});
  if (!result.ok) {
    throw new DomainError(
      REJECTION_ERROR[result.rejection],
      `Lithic's ${mapping.type} event ${mapping.eventToken} was not applied (${result.rejection}): ${result.message}`,
    );
  }
  return result.outcome.replayed ? `replayed:${result.outcome.result}` : result.outcome.result;
}
