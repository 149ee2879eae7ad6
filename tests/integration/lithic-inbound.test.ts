// Lithic's ASA requests and card_transaction.updated events, built from Lithic's document and
// signed as Lithic signs them, through the connector's handlers against the real database: verified
// first (a bad signature, a replay of an old message or no secret: refused, nothing changed), then
// mapped for the lifecycle (here a recording stand-in for lib/card-network's entry), answered inside
// the budget even when the lifecycle or our database hangs or fails, stored once per message id.
import { randomUUID } from "node:crypto";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { POST as createWalletRoute } from "@/app/api/public/sdk/v1/wallets/route";
import { POST as issueCardRoute } from "@/app/api/public/sdk/v1/cards/route";
import type { NetworkMessage, NetworkResult } from "@/lib/card-network/network-message";
import {
  answerLithicAsa,
  receiveLithicEvent,
  type NetworkMessageHandler,
} from "@/lib/connectors/lithic/lithic-inbound";
import { prisma, type Db } from "@/lib/db/client";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import {
  asaRequest,
  cardTransactionUpdated,
  lithicSecret,
  signedByLithic,
  webhookBodyErrors,
} from "../helpers/lithic-payloads";

const ASA_SECRET = lithicSecret();
const WEBHOOK_SECRET = lithicSecret();
const BUDGET_MS = 400;
const saved = { ...process.env };

beforeEach(() => {
  process.env.LITHIC_ASA_SECRET = ASA_SECRET;
  process.env.LITHIC_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.LITHIC_ASA_BUDGET_MS = String(BUDGET_MS);
});

afterAll(() => {
  process.env = saved;
});

/** The lifecycle's entry, recorded: answers `answer(message)` and keeps what it was given. */
function recordingLifecycle(answer: (message: NetworkMessage) => Promise<NetworkResult> | NetworkResult) {
  const received: NetworkMessage[] = [];
  const handle: NetworkMessageHandler = async (message) => {
    received.push(message);
    return answer(message);
  };
  return { received, handle };
}

const approveAll = (message: NetworkMessage): NetworkResult => ({
  ok: true,
  outcome:
    message.kind === "authorization" || message.kind === "increment"
      ? { result: "approved", authorizationId: "auth_1", approvedAmount: message.amount, replayed: false }
      : { result: "applied", authorizationId: "auth_1", replayed: false },
});

/** A live card made Lithic's (as issuing at Lithic would), with a Lithic token of its own. */
async function lithicCard(): Promise<{ cardId: string; token: string }> {
  const app = await setupApp();
  const live = await createKey(app.appId, { mode: "live" });
  const userId = uniqueUserId();
  expect(
    (
      await callRoute(createWalletRoute, {
        method: "POST",
        path: "/api/public/sdk/v1/wallets",
        key: live.secret,
        body: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
      })
    ).status,
  ).toBe(201);
  const card = await callRoute(issueCardRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/cards",
    key: live.secret,
    body: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  const token = randomUUID();
  await prisma().card.update({
    where: { id: card.json.id },
    data: { processor: "lithic", processorCardToken: token, sealedDetails: null },
  });
  return { cardId: card.json.id, token };
}

const storedMessages = (messageId: string) =>
  prisma().processorMessage.count({ where: { processor: "lithic", messageId } });

async function refusal(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error("the call was not refused");
}

describe("ASA requests", () => {
  it("verifies, maps and answers an approval in Lithic's shape, and answers a redelivery as the first", async () => {
    const { cardId, token } = await lithicCard();
    const lifecycle = recordingLifecycle(approveAll);
    const payload = asaRequest({ cardToken: token, amount: 2599 });
    expect(await webhookBodyErrors("card_authorization.approval_request", payload)).toEqual([]);
    const { body, headers } = signedByLithic(payload, ASA_SECRET);
    const answer = await answerLithicAsa(body, new Headers(headers), lifecycle.handle);
    expect(answer).toEqual({ response: { result: "APPROVED", token: payload.token }, standIn: false });
    expect(lifecycle.received).toHaveLength(1);
    expect(lifecycle.received[0]).toMatchObject({
      kind: "authorization",
      cardId,
      amount: 2599n,
      currency: "USD",
      networkId: headers["webhook-id"],
      transactionRef: payload.token,
    });
    const budget = (lifecycle.received[0] as { budgetMs: number }).budgetMs;
    expect(budget).toBeGreaterThan(0);
    expect(budget).toBeLessThan(BUDGET_MS);

    const again = await answerLithicAsa(body, new Headers(headers), lifecycle.handle);
    expect(again.response).toEqual(answer.response);
    expect(lifecycle.received).toHaveLength(1);
    expect(await storedMessages(headers["webhook-id"]!)).toBe(1);
  });

  it("sends a later request of an approved transaction as an increment of it", async () => {
    const { token } = await lithicCard();
    const lifecycle = recordingLifecycle(approveAll);
    const first = asaRequest({ cardToken: token, amount: 10_000 });
    const signedFirst = signedByLithic(first, ASA_SECRET);
    await answerLithicAsa(signedFirst.body, new Headers(signedFirst.headers), lifecycle.handle);
    const more = asaRequest({ cardToken: token, amount: 2_500, token: String(first.token) });
    const signedMore = signedByLithic(more, ASA_SECRET);
    const answer = await answerLithicAsa(signedMore.body, new Headers(signedMore.headers), lifecycle.handle);
    expect(answer.response.result).toBe("APPROVED");
    expect(lifecycle.received[1]).toMatchObject({
      kind: "increment",
      amount: 2500n,
      authorization: { networkId: first.token },
    });
  });

  it("answers the lifecycle's decline and partial approval as Lithic's result and approved_amount", async () => {
    const { token } = await lithicCard();
    const declining = recordingLifecycle(() => ({
      ok: true,
      outcome: {
        result: "declined",
        authorizationId: "a",
        decline: "insufficient_funds",
        message: "",
        replayed: false,
      },
    }));
    const declined = signedByLithic(asaRequest({ cardToken: token, amount: 900 }), ASA_SECRET);
    expect(
      (await answerLithicAsa(declined.body, new Headers(declined.headers), declining.handle)).response.result,
    ).toBe("INSUFFICIENT_FUNDS");
    const partly = recordingLifecycle(() => ({
      ok: true,
      outcome: { result: "approved", authorizationId: "a", approvedAmount: 400n, replayed: false },
    }));
    const partial = signedByLithic(asaRequest({ cardToken: token, amount: 900 }), ASA_SECRET);
    expect((await answerLithicAsa(partial.body, new Headers(partial.headers), partly.handle)).response).toMatchObject({
      result: "APPROVED",
      approved_amount: 400,
    });
  });

  it("declines a card it does not know without asking the lifecycle", async () => {
    const lifecycle = recordingLifecycle(approveAll);
    const { body, headers } = signedByLithic(asaRequest({ cardToken: randomUUID(), amount: 100 }), ASA_SECRET);
    const answer = await answerLithicAsa(body, new Headers(headers), lifecycle.handle);
    expect(answer.response.result).toBe("SUSPECTED_FRAUD");
    expect(lifecycle.received).toHaveLength(0);
    expect(await storedMessages(headers["webhook-id"]!)).toBe(0);
  });

  it("refuses a bad signature, an old message (replay) and a missing secret, changing nothing", async () => {
    const { token } = await lithicCard();
    const lifecycle = recordingLifecycle(approveAll);
    const payload = asaRequest({ cardToken: token, amount: 100 });
    const forged = signedByLithic(payload, lithicSecret());
    expect(await refusal(answerLithicAsa(forged.body, new Headers(forged.headers), lifecycle.handle))).toMatchObject({
      code: "invalid_signature",
    });
    const signed = signedByLithic(payload, ASA_SECRET);
    const altered = signed.body.replace('"amount":100', '"amount":1');
    expect(await refusal(answerLithicAsa(altered, new Headers(signed.headers), lifecycle.handle))).toMatchObject({
      code: "invalid_signature",
    });
    const old = signedByLithic(payload, ASA_SECRET, { timestampSeconds: Math.floor(Date.now() / 1000) - 600 });
    expect(await refusal(answerLithicAsa(old.body, new Headers(old.headers), lifecycle.handle))).toMatchObject({
      code: "invalid_signature",
    });
    delete process.env.LITHIC_ASA_SECRET;
    expect(await refusal(answerLithicAsa(signed.body, new Headers(signed.headers), lifecycle.handle))).toMatchObject({
      code: "invalid_signature",
    });
    expect(lifecycle.received).toHaveLength(0);
    for (const message of [forged, signed, old]) expect(await storedMessages(message.headers["webhook-id"]!)).toBe(0);
  });

  it("refuses a signed body that is not Lithic's ASA request (400), asking nothing", async () => {
    const lifecycle = recordingLifecycle(approveAll);
    const { body, headers } = signedByLithic({ event_type: "card_authorization.approval_request" }, ASA_SECRET);
    expect(await refusal(answerLithicAsa(body, new Headers(headers), lifecycle.handle))).toMatchObject({
      code: "validation_failed",
    });
    expect(lifecycle.received).toHaveLength(0);
  });

  it("answers the stand-in within the budget when the lifecycle hangs", async () => {
    const { token } = await lithicCard();
    const hanging = recordingLifecycle(() => new Promise<NetworkResult>(() => undefined));
    const payload = asaRequest({ cardToken: token, amount: 100 });
    const { body, headers } = signedByLithic(payload, ASA_SECRET);
    const started = performance.now();
    const answer = await answerLithicAsa(body, new Headers(headers), hanging.handle, { receivedAt: started });
    const elapsed = performance.now() - started;
    expect(answer).toEqual({ response: { result: "SUSPECTED_FRAUD", token: payload.token }, standIn: true });
    expect(elapsed).toBeGreaterThanOrEqual(BUDGET_MS - 5);
    expect(elapsed).toBeLessThan(BUDGET_MS + 250);
  });

  it("answers the stand-in at once when our database fails, and within the budget when it hangs", async () => {
    const { token } = await lithicCard();
    const lifecycle = recordingLifecycle(approveAll);
    const down = new Error("connect ECONNREFUSED 127.0.0.1:5432");
    const failing = {
      processorMessage: { findUnique: () => Promise.reject(down) },
    } as unknown as Db;
    const hanging = {
      processorMessage: { findUnique: () => new Promise(() => undefined) },
    } as unknown as Db;
    const { body, headers } = signedByLithic(asaRequest({ cardToken: token, amount: 100 }), ASA_SECRET);
    let started = performance.now();
    const failed = await answerLithicAsa(body, new Headers(headers), lifecycle.handle, { db: failing });
    expect(failed.standIn).toBe(true);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS);
    started = performance.now();
    const hung = await answerLithicAsa(body, new Headers(headers), lifecycle.handle, {
      db: hanging,
      receivedAt: started,
    });
    expect(hung.standIn).toBe(true);
    expect(performance.now() - started).toBeLessThan(BUDGET_MS + 250);
    expect(lifecycle.received).toHaveLength(0);
  });
});

describe("events", () => {
  it("stores and acknowledges an event kind it does not act on, and a redelivery as replayed", async () => {
    const lifecycle = recordingLifecycle(approveAll);
    const { body, headers } = signedByLithic(
      { event_type: "account_holder.created", token: randomUUID(), account_token: randomUUID() },
      WEBHOOK_SECRET,
    );
    expect(await receiveLithicEvent(body, new Headers(headers), lifecycle.handle)).toEqual({
      received: true,
      replayed: false,
      events: [],
    });
    expect(await receiveLithicEvent(body, new Headers(headers), lifecycle.handle)).toMatchObject({ replayed: true });
    const stored = await prisma().processorMessage.findUniqueOrThrow({
      where: { processor_messageId: { processor: "lithic", messageId: headers["webhook-id"]! } },
    });
    expect(stored).toMatchObject({ kind: "account_holder.created", outcome: "ignored" });
    expect(lifecycle.received).toHaveLength(0);
  });

  it("applies a transaction's events through the lifecycle, each with its own id, and stores the delivery once", async () => {
    const { cardId, token } = await lithicCard();
    const lifecycle = recordingLifecycle(approveAll);
    const payload = await cardTransactionUpdated({
      cardToken: token,
      status: "SETTLED",
      events: [
        { type: "AUTHORIZATION", amount: 5000 },
        { type: "AUTHORIZATION_REVERSAL", amount: -1000 },
        { type: "CLEARING", amount: 4000 },
      ],
    });
    expect(await webhookBodyErrors("card_transaction.updated", payload)).toEqual([]);
    const { body, headers } = signedByLithic(payload, WEBHOOK_SECRET);
    const answer = await receiveLithicEvent(body, new Headers(headers), lifecycle.handle);
    expect(answer.events.map((e) => e.result)).toEqual(["skipped:answered_by_asa", "applied", "applied"]);
    expect(lifecycle.received.map((m) => [m.kind, m.amount, m.cardId])).toEqual([
      ["reversal", 1000n, cardId],
      ["clearing", 4000n, cardId],
    ]);
    expect(lifecycle.received[1]).toMatchObject({ final: true, authorization: { networkId: payload.token } });
    await receiveLithicEvent(body, new Headers(headers), lifecycle.handle);
    expect(lifecycle.received).toHaveLength(2);
    expect(await storedMessages(headers["webhook-id"]!)).toBe(1);
  });

  it("answers a 4xx for what the lifecycle rejects, stores nothing, and applies Lithic's retry once it can", async () => {
    const { token } = await lithicCard();
    let known = false;
    const lifecycle = recordingLifecycle((message) =>
      known
        ? approveAll(message)
        : { ok: false, rejection: "unknown_authorization", message: "No authorization for that transaction." },
    );
    const payload = await cardTransactionUpdated({
      cardToken: token,
      events: [{ type: "AUTHORIZATION_REVERSAL", amount: -300 }],
    });
    const { body, headers } = signedByLithic(payload, WEBHOOK_SECRET);
    expect(await refusal(receiveLithicEvent(body, new Headers(headers), lifecycle.handle))).toMatchObject({
      code: "authorization_not_found",
    });
    expect(await storedMessages(headers["webhook-id"]!)).toBe(0);
    known = true;
    const retried = await receiveLithicEvent(body, new Headers(headers), lifecycle.handle);
    expect(retried.events[0]?.result).toBe("applied");
  });

  it("refuses an event for a card it does not know (404) and a bad or old signature (401), changing nothing", async () => {
    const lifecycle = recordingLifecycle(approveAll);
    const payload = await cardTransactionUpdated({
      cardToken: randomUUID(),
      events: [{ type: "CLEARING", amount: 100 }],
    });
    const unknown = signedByLithic(payload, WEBHOOK_SECRET);
    expect(
      await refusal(receiveLithicEvent(unknown.body, new Headers(unknown.headers), lifecycle.handle)),
    ).toMatchObject({
      code: "card_not_found",
    });
    const forged = signedByLithic(payload, ASA_SECRET);
    expect(await refusal(receiveLithicEvent(forged.body, new Headers(forged.headers), lifecycle.handle))).toMatchObject(
      {
        code: "invalid_signature",
      },
    );
    const old = signedByLithic(payload, WEBHOOK_SECRET, { timestampSeconds: Math.floor(Date.now() / 1000) - 3600 });
    expect(await refusal(receiveLithicEvent(old.body, new Headers(old.headers), lifecycle.handle))).toMatchObject({
      code: "invalid_signature",
    });
    expect(lifecycle.received).toHaveLength(0);
    for (const m of [unknown, forged, old]) expect(await storedMessages(m.headers["webhook-id"]!)).toBe(0);
  });
});
