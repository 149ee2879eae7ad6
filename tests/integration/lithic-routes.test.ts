// Lithic's endpoints end to end: signed ASA requests and card_transaction.updated events, built from
// Lithic's document, through the real routes and the real card network lifecycle into the ledger.
// A hold is placed by ASA and settled by the clearing; a redelivery, a later update repeating the
// same events, or a delivery whose record was lost (a crash between posting and storing) posts
// nothing twice; unknown kinds are acknowledged; bad signatures are 401 with the envelope.
// The card is a funded test-mode card made Lithic's in the database: test mode's funding helper is
// the one way to give a wallet money here, and the lifecycle treats any card's mode alike.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as asaRoute } from "@/app/api/processors/lithic/asa/route";
import { POST as eventsRoute } from "@/app/api/processors/lithic/events/route";
import { prisma } from "@/lib/db/client";
import { api, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { asaRequest, cardTransactionUpdated, lithicSecret, signedByLithic } from "../helpers/lithic-payloads";

const ASA_SECRET = lithicSecret();
const WEBHOOK_SECRET = lithicSecret();
const saved = { ...process.env };

beforeAll(() => {
  process.env.LITHIC_ASA_SECRET = ASA_SECRET;
  process.env.LITHIC_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.LITHIC_ASA_BUDGET_MS = "1500";
});

afterAll(() => {
  process.env = saved;
});

async function post(
  route: (request: Request) => Promise<Response>,
  path: string,
  signed: { body: string; headers: Record<string, string> },
) {
  const response = await route(
    new Request(`http://localhost${path}`, { method: "POST", headers: signed.headers, body: signed.body }),
  );
  return { status: response.status, headers: response.headers, json: await response.json() };
}

const asa = (payload: unknown) => post(asaRoute, "/api/processors/lithic/asa", signedByLithic(payload, ASA_SECRET));

async function fundedLithicCard(fund: number) {
  const { key } = await setupApp();
  const { userId, cardId } = await walletWithCard(key, { fund });
  const token = randomUUID();
  await prisma().card.update({
    where: { id: cardId },
    data: { processor: "lithic", processorCardToken: token, sealedDetails: null },
  });
  const balance = async () => {
    const wallet = await api.wallet(key, userId);
    return wallet.data!.balance;
  };
  return { token, balance };
}

describe("Lithic's endpoints through the lifecycle", () => {
  it("holds on ASA approval, settles on the clearing, and posts once however often it arrives", async () => {
    const card = await fundedLithicCard(100);
    const request = asaRequest({ cardToken: card.token, amount: 2500 });
    const approved = await asa(request);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ result: "APPROVED", token: request.token });
    expect(await card.balance()).toEqual({ available: 75, posted: 100 });

    const authorizationEvent = { type: "AUTHORIZATION", amount: 2500, token: randomUUID() };
    const clearingEvent = { type: "CLEARING", amount: 2500, token: randomUUID() };
    const transaction = await cardTransactionUpdated({
      cardToken: card.token,
      token: String(request.token),
      status: "SETTLED",
      events: [authorizationEvent, clearingEvent],
    });
    const delivery = signedByLithic(transaction, WEBHOOK_SECRET);
    const first = await post(eventsRoute, "/api/processors/lithic/events", delivery);
    expect(first.status).toBe(200);
    expect(first.json.events.map((e: { result: string }) => e.result)).toEqual(["skipped:answered_by_asa", "applied"]);
    expect(await card.balance()).toEqual({ available: 75, posted: 75 });

    // The same delivery again; then as if we crashed after posting but before storing it (Lithic
    // redelivers, and no record says it was handled); then a later update repeating the events.
    expect((await post(eventsRoute, "/api/processors/lithic/events", delivery)).json.replayed).toBe(true);
    await prisma().processorMessage.deleteMany({ where: { messageId: delivery.headers["webhook-id"] } });
    expect((await post(eventsRoute, "/api/processors/lithic/events", delivery)).status).toBe(200);
    expect(
      (await post(eventsRoute, "/api/processors/lithic/events", signedByLithic(transaction, WEBHOOK_SECRET))).status,
    ).toBe(200);
    expect(await card.balance()).toEqual({ available: 75, posted: 75 });
  });

  it("raises the hold by an incremental request of the same transaction", async () => {
    const card = await fundedLithicCard(100);
    const first = asaRequest({ cardToken: card.token, amount: 2000 });
    expect((await asa(first)).json.result).toBe("APPROVED");
    const increment = await asa(asaRequest({ cardToken: card.token, amount: 500, token: String(first.token) }));
    expect(increment.json).toMatchObject({ result: "APPROVED", token: first.token });
    expect(await card.balance()).toEqual({ available: 75, posted: 100 });
  });

  it("settles exactly whatever order and however often a transaction's updates arrive", async () => {
    await fc.assert(
      fc.asyncProperty(
        // An authorization, up to three clearings within it, and the order and repeats of the updates.
        fc.integer({ min: 100, max: 5000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
        async (authorized, shares, picks) => {
          const card = await fundedLithicCard(100);
          const request = asaRequest({ cardToken: card.token, amount: authorized });
          expect((await asa(request)).json.result).toBe("APPROVED");
          const total = shares.reduce((a, b) => a + b, 0);
          // Clearings in proportion to the shares, summing to at most the authorization.
          const clearings = shares.map((share) => Math.max(1, Math.floor((authorized * share) / total)));
          while (clearings.reduce((a, b) => a + b, 0) > authorized)
            clearings[clearings.indexOf(Math.max(...clearings))]! -= 1;
          const events = [
            { type: "AUTHORIZATION", amount: authorized, token: randomUUID() },
            ...clearings.map((amount) => ({ type: "CLEARING", amount, token: randomUUID() })),
          ];
          // Update i carries the first i+1 events, as Lithic sends the whole transaction each time;
          // the last says SETTLED. Deliver some in a random order, repeated, then the last.
          const updates = await Promise.all(
            events.map((_, i) =>
              cardTransactionUpdated({
                cardToken: card.token,
                token: String(request.token),
                status: i === events.length - 1 ? "SETTLED" : "PENDING",
                events: events.slice(0, i + 1),
              }),
            ),
          );
          const order = [...picks.map((p) => p % updates.length), updates.length - 1];
          for (const i of order) {
            const answer = await post(
              eventsRoute,
              "/api/processors/lithic/events",
              signedByLithic(updates[i], WEBHOOK_SECRET),
            );
            expect(answer.status, JSON.stringify(answer.json)).toBe(200);
          }
          const spent = clearings.reduce((a, b) => a + b, 0);
          const left = (10_000 - spent) / 100;
          expect(await card.balance()).toEqual({ available: left, posted: left });
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it("declines past the available balance in Lithic's terms, holding nothing", async () => {
    const card = await fundedLithicCard(10);
    const declined = await asa(asaRequest({ cardToken: card.token, amount: 5000 }));
    expect(declined.status).toBe(200);
    expect(declined.json.result).toBe("INSUFFICIENT_FUNDS");
    expect(await card.balance()).toEqual({ available: 10, posted: 10 });
  });

  it("approves part of the amount at a terminal that takes it, with Lithic's approved_amount", async () => {
    const card = await fundedLithicCard(10);
    const partial = await asa(asaRequest({ cardToken: card.token, amount: 5000, partialApprovalCapable: true }));
    expect(partial.json).toMatchObject({ result: "APPROVED", approved_amount: 1000 });
    expect(await card.balance()).toEqual({ available: 0, posted: 10 });
  });

  it("posts a clearing with no authorization as a force post", async () => {
    const card = await fundedLithicCard(10);
    const forced = await cardTransactionUpdated({
      cardToken: card.token,
      status: "SETTLED",
      events: [{ type: "CLEARING", amount: 1500 }],
    });
    const answer = await post(eventsRoute, "/api/processors/lithic/events", signedByLithic(forced, WEBHOOK_SECRET));
    expect(answer.status).toBe(200);
    expect(await card.balance()).toEqual({ available: -5, posted: -5 });
  });

  it("acknowledges an event kind it does not act on, and refuses a bad signature with the envelope", async () => {
    const unknown = await post(
      eventsRoute,
      "/api/processors/lithic/events",
      signedByLithic({ event_type: "digital_wallet.tokenization_updated", token: randomUUID() }, WEBHOOK_SECRET),
    );
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ received: true, events: [] });
    const forged = await post(
      asaRoute,
      "/api/processors/lithic/asa",
      signedByLithic(asaRequest({ cardToken: randomUUID(), amount: 100 }), lithicSecret()),
    );
    expect(forged.status).toBe(401);
    expect(forged.json.error).toMatchObject({ code: "invalid_signature", type: "authentication_error" });
    expect(forged.json.error.request_id).toBe(forged.headers.get("x-request-id"));
  });
});
