// A wallet's events are numbered 1, 2, 3… with no gap and no repeat however its writers race and
// whatever they roll back, the counter on the wallet ends at the last number, and the number is
// what the events API and the documentation say it is.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { expireHold } from "@/lib/authorizations/expire-hold";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { spendCard } from "@/lib/authorizations/spend-card";
import { issueCard } from "@/lib/cards/issue-card";
import { prisma, transaction } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { eventData, eventType } from "@/lib/events/event-record";
import { EVENT_TYPES, walletIdOf } from "@/lib/events/record-event";
import type { Event } from "@/lib/generated/prisma/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { openApiDocument } from "@/lib/openapi/document";
import { EXAMPLE_EVENT_SEQUENCES } from "@/lib/schemas/event";
import type { Tenant } from "@/lib/tenant";
import { createWallet } from "@/lib/wallets/create-wallet";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, createMerchantApp, setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

class RolledBack extends Error {}

/**
 * A real spend in a transaction that then fails, the way any write that records its event and
 * breaks afterwards (a constraint, a crash) ends. Approved, it took the wallet's next number before
 * the rollback; returns whether it was.
 */
async function spendThenRollBack(tenant: Tenant, cardId: string, amount: number): Promise<boolean> {
  let approved = false;
  const work = transaction(async (tx) => {
    approved = (await spendCard(tx, tenant, cardId, { amount, merchant }, "sdk")).approved;
    throw new RolledBack();
  });
  await expect(work).rejects.toBeInstanceOf(RolledBack);
  return approved;
}

/** What an event is about: the wallet, card or authorization its data is the record of. */
const subjectOf = (event: Event) => eventData(event).id;

/** The wallet's events in number order, and its counter. */
async function walletEvents(walletId: string) {
  const events = await prisma().event.findMany({ where: { walletId }, orderBy: { sequence: "asc" } });
  const { eventSequence } = await prisma().wallet.findUniqueOrThrow({ where: { id: walletId } });
  return { events, counter: eventSequence };
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** Every event stored about the wallet is numbered, in order, 1..N with N its counter. */
async function expectGapless(walletId: string, expectedCount: number) {
  const { events, counter } = await walletEvents(walletId);
  expect(events).toHaveLength(expectedCount);
  expect(events.map((e) => e.sequence)).toEqual(oneTo(expectedCount));
  expect(counter).toBe(expectedCount);
  // The column agrees with what the event's data says it is about.
  for (const e of events) expect(walletIdOf(eventType(e.type), eventData(e))).toBe(walletId);
  return events;
}

describe("event sequence under concurrent spends", () => {
  it("numbers a wallet's events 1..N with no gap or repeat when 50 spends race, some declined, some rolled back", async () => {
    const app = await setupApp();
    const tenant: Tenant = { applicationId: app.appId, livemode: false };
    // 30.08 for 50 spends of 1.00: 30 approved, 20 declined for insufficient funds; the 0.08 left
    // lets each 0.01 spend that is rolled back be approved first, whenever it runs.
    const { userId, walletId, cardId } = await walletWithCard(app.key, { fund: 30.08 });
    const second = await api.issueCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    const cards = [cardId, second.data!.id];
    // A key of its own, so the 50 spends stay under the per-key rate limit with the setup calls.
    const { secret: spendKey } = await createKey(app.appId);

    const [spends, rolledBack] = await Promise.all([
      Promise.all(Array.from({ length: 50 }, (_, i) => api.spend(spendKey, cards[i % 2]!, { amount: 1, merchant }))),
      // Racing the spends: approved holds that take a number, then roll back and give it back.
      Promise.all(Array.from({ length: 8 }, (_, i) => spendThenRollBack(tenant, cards[i % 2]!, 0.01))),
    ]);

    const approved = spends.filter((r) => r.response.status === 201).map((r) => r.data!.id);
    const declined = spends.filter((r) => r.response.status === 402);
    expect(approved).toHaveLength(30);
    expect(rolledBack).toEqual(Array.from({ length: 8 }, () => true));
    expect(declined).toHaveLength(20);
    expect(new Set(declined.map((r) => r.error?.error.code))).toEqual(new Set(["insufficient_funds"]));

    // wallet.provisioned, two card.issued, then one card.authorized per approved spend and one
    // card.declined per declined spend, nothing else.
    const events = await expectGapless(walletId, 3 + approved.length + declined.length);
    expect(events.slice(0, 3).map((e) => e.type)).toEqual(["wallet.provisioned", "card.issued", "card.issued"]);
    const authorized = events.slice(3).filter((e) => e.type === "card.authorized");
    expect(authorized.map(subjectOf).sort()).toEqual([...approved].sort());
    expect(events.slice(3).filter((e) => e.type === "card.declined")).toHaveLength(declined.length);
  }, 60_000);
});

describe("event sequence and rolled-back work", () => {
  it("gives a rolled-back spend's number to the next event, and a declined spend takes one", async () => {
    const app = await setupApp();
    const tenant: Tenant = { applicationId: app.appId, livemode: false };
    const { walletId, cardId } = await walletWithCard(app.key, { fund: 10 });

    const first = await api.spend(app.key, cardId, { amount: 4, merchant });
    expect(first.response.status).toBe(201);
    // Refused for insufficient funds: the declined authorization commits, with its card.declined.
    const refused = await api.spend(app.key, cardId, { amount: 100, merchant });
    expect(refused.response.status).toBe(402);
    expect(refused.error?.error.code).toBe("insufficient_funds");
    expect(await spendThenRollBack(tenant, cardId, 1)).toBe(true);
    // A capture refused for asking more than the hold fails before any event.
    const overCapture = await api.capture(app.key, first.data!.id, { amount: 5 });
    expect(overCapture.response.status).toBe(409);
    const next = await api.spend(app.key, cardId, { amount: 4, merchant });
    expect(next.response.status).toBe(201);

    const events = await expectGapless(walletId, 5);
    expect(events.map((e) => [e.sequence, e.type, subjectOf(e)])).toEqual([
      [1, "wallet.provisioned", walletId],
      [2, "card.issued", cardId],
      [3, "card.authorized", first.data!.id],
      [4, "card.declined", refused.error!.error.authorization!.id],
      [5, "card.authorized", next.data!.id],
    ]);
  });

  it("numbers each wallet on its own", async () => {
    const app = await setupApp();
    const a = await walletWithCard(app.key, { fund: 5 });
    const b = await walletWithCard(app.key, { fund: 5 });
    await Promise.all([
      api.spend(app.key, a.cardId, { amount: 1, merchant }),
      api.spend(app.key, b.cardId, { amount: 1, merchant }),
      api.spend(app.key, a.cardId, { amount: 1, merchant }),
    ]);
    await expectGapless(a.walletId, 4);
    await expectGapless(b.walletId, 3);
  });
});

describe("the events API", () => {
  it("lists one wallet's events with ?wallet=, so a receiver can fill a gap in its sequence", async () => {
    const app = await setupApp();
    const a = await walletWithCard(app.key, { fund: 5 });
    const b = await walletWithCard(app.key, { fund: 5 });
    await api.spend(app.key, a.cardId, { amount: 1, merchant });
    await api.spend(app.key, b.cardId, { amount: 1, merchant });
    const list = await testClient(app.key).GET("/api/public/sdk/v1/events", {
      params: { query: { wallet: a.walletId, limit: 10 } },
    });
    expect(list.response.status).toBe(200);
    expect(list.data?.data.map((e) => e.sequence)).toEqual([3, 2, 1]);
    const other = await setupApp();
    const foreign = await testClient(other.key).GET("/api/public/sdk/v1/events", {
      params: { query: { wallet: a.walletId } },
    });
    // Another application's wallet: nothing, never its events.
    expect(foreign.data?.data).toEqual([]);
  });

  it("returns each event's sequence, the same as stored, in the list and one by one", async () => {
    const app = await setupApp();
    const { walletId, cardId } = await walletWithCard(app.key, { fund: 10 });
    const spend = await api.spend(app.key, cardId, { amount: 2, merchant });
    await api.capture(app.key, spend.data!.id);
    await api.refund(app.key, spend.data!.id);
    const stored = await expectGapless(walletId, 5);

    const list = await testClient(app.key).GET("/api/public/sdk/v1/events", { params: { query: { limit: 10 } } });
    expect(list.response.status).toBe(200);
    // Newest first: the refund is the wallet's fifth event, its provisioning the first.
    expect(list.data?.data.map((e) => [e.type, e.sequence])).toEqual([
      ["card.refunded", 5],
      ["card.captured", 4],
      ["card.authorized", 3],
      ["card.issued", 2],
      ["wallet.provisioned", 1],
    ]);
    for (const event of stored) {
      const one = await testClient(app.key).GET("/api/public/sdk/v1/events/{id}", {
        params: { path: { id: event.id } },
      });
      expect(one.data).toMatchObject({ id: event.id, type: event.type, sequence: event.sequence });
    }
  });

  it("documents sequence, required and from 1, in every webhook envelope and in the event", () => {
    const doc = JSON.parse(JSON.stringify(openApiDocument()));
    const schemas = doc.components.schemas;
    const webhooks: Record<
      string,
      { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
    > = doc.webhooks;
    // The decision endpoint's request is documented beside them but is not an event: it has no sequence.
    const envelopes = Object.entries(webhooks)
      .filter(([name]) => name !== "card.authorization.request")
      .map(([, item]) =>
        String(item.post.requestBody.content["application/json"]?.schema.$ref).replace("#/components/schemas/", ""),
      );
    expect(envelopes).toHaveLength(EVENT_TYPES.length);
    for (const name of [...envelopes, "Event"]) {
      expect(schemas[name].required, name).toContain("sequence");
      expect(schemas[name].properties.sequence, name).toMatchObject({ type: "integer", minimum: 1 });
      expect(schemas[name].properties.sequence.description, name).toBe(
        "This event's place among the events about its wallet (or, for an event about no wallet, among the application's events about no wallet in its mode): 1 for the first, then 2, 3… with no gaps, in commit order. A receiver that sees n+2 before n+1 knows one is late or missing.",
      );
    }
    // The examples tell one story: its first five events are the wallet's first five, in order; the
    // declined spend the sixth; the hotel's hold, reversed, is the eighth (its card.authorized took
    // the seventh); the changes after the story follow, then the card network's steps on later
    // spends, the transfer and the payouts.
    expect(
      Object.fromEntries(envelopes.map((name) => [schemas[name].example.event, schemas[name].example.sequence])),
    ).toEqual({
      "wallet.provisioned": 1,
      "card.issued": 2,
      "card.authorized": 3,
      "card.captured": 4,
      "card.refunded": 5,
      "card.declined": 6,
      "card.reversed": 8,
      "card.updated": 9,
      "card.frozen": 10,
      "card.unfrozen": 11,
      "wallet.updated": 12,
      "card.canceled": 13,
      "card.incremented": 14,
      "card.advised": 15,
      "card.force_posted": 16,
      "card.return_reversed": 17,
      // Ada's wallet then paid from the application's balance, whose own first event is the top-up.
      "transfer.created": 18,
      "top_up.created": 1,
      "payout.created": 19,
      "payout.in_transit": 20,
      "payout.paid": 21,
      "payout.failed": 22,
      "payout.returned": 23,
      "payout.canceled": 24,
      // Later: a lapsed hold, the wallet frozen, unfrozen and closed; the application's own events.
      "card.expired": 25,
      "wallet.frozen": 26,
      "wallet.unfrozen": 27,
      "wallet.closed": 28,
      "webhook_endpoint.disabled": 2,
      "decision_endpoint.failing": 3,
      "webhook_secret.rotated": 4,
    });
    // And the table the examples are drawn from says the same.
    expect(
      Object.fromEntries(envelopes.map((name) => [schemas[name].example.event, schemas[name].example.sequence])),
    ).toEqual(EXAMPLE_EVENT_SEQUENCES);
  });
});

// Random work on one wallet, each command in its own transaction (or, for a burst, several racing):
// afterwards the wallet's events, in number order, are exactly the committed changes in commit order.
type Command =
  | { kind: "spend"; amount: number; rollBack: boolean }
  | { kind: "burst"; amounts: number[] }
  | { kind: "capture"; auth: number }
  | { kind: "refund"; auth: number }
  | { kind: "reverse"; auth: number }
  | { kind: "expire"; auth: number }
  | { kind: "issue" };

const amount = fc.integer({ min: 1, max: 40 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant("spend" as const), amount, rollBack: fc.boolean() }),
  fc.record({ kind: fc.constant("burst" as const), amounts: fc.array(amount, { minLength: 2, maxLength: 6 }) }),
  fc.record({ kind: fc.constant("capture" as const), auth: fc.nat(10) }),
  fc.record({ kind: fc.constant("refund" as const), auth: fc.nat(10) }),
  fc.record({ kind: fc.constant("reverse" as const), auth: fc.nat(10) }),
  fc.record({ kind: fc.constant("expire" as const), auth: fc.nat(10) }),
  fc.record({ kind: fc.constant("issue" as const) }),
);

/** The domain error's code, or null when the work committed. */
async function outcomeOf(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
}

describe("event sequence, property", () => {
  it("matches the committed changes one for one, in commit order, for any mix of work", async () => {
    const { application } = await createMerchantApp("event sequence property");
    const tenant: Tenant = { applicationId: application.id, livemode: false };

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands) => {
        const externalUserId = uniqueUserId();
        const wallet = await transaction((tx) =>
          createWallet(tx, tenant, { externalUserId, currency: "USD", email: "p@example.com" }),
        );
        const card = await transaction((tx) =>
          issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" }),
        );
        await transaction((tx) => fundWallet(tx, tenant, externalUserId, { amount: 100 }));
        // What committed, in commit order; a burst's events commit in an order only the database knows.
        const expected: (string | Set<string>)[] = [wallet.id, card.id];
        const cards = [card.id];
        const auths: { id: string; status: "pending" | "captured" | "refunded" | "ended" }[] = [];
        const spend = (cardId: string, value: number) =>
          transaction((tx) => spendCard(tx, tenant, cardId, { amount: value, merchant }, "sdk"));

        for (const [index, cmd] of commands.entries()) {
          const cardId = cards[index % cards.length]!;
          if (cmd.kind === "spend" && cmd.rollBack) {
            await spendThenRollBack(tenant, cardId, cmd.amount);
          } else if (cmd.kind === "spend") {
            const outcome = await spend(cardId, cmd.amount);
            // A decline is an event too (card.declined), about the declined authorization.
            expected.push(outcome.authorization.id);
            if (outcome.approved) auths.push({ id: outcome.authorization.id, status: "pending" });
          } else if (cmd.kind === "burst") {
            const outcomes = await Promise.all(cmd.amounts.map((value, i) => spend(cards[i % cards.length]!, value)));
            const approved = outcomes.flatMap((o) => (o.approved ? [o.authorization.id] : []));
            expected.push(new Set(outcomes.map((o) => o.authorization.id)));
            for (const id of approved) auths.push({ id, status: "pending" });
          } else if (cmd.kind === "reverse" || cmd.kind === "expire") {
            const auth = auths[cmd.auth % Math.max(auths.length, 1)];
            if (!auth) continue;
            // The expiry job's own path (its row lock and no-op) for "expire"; the API's for "reverse".
            const ended =
              cmd.kind === "reverse"
                ? (await outcomeOf(() => transaction((tx) => reverseAuthorization(tx, tenant, auth.id)))) === null
                : (await expireHold(prisma(), auth.id)) !== null;
            expect(ended).toBe(auth.status === "pending");
            if (ended) {
              expected.push(auth.id);
              auth.status = "ended";
            }
          } else if (cmd.kind === "capture" || cmd.kind === "refund") {
            const auth = auths[cmd.auth % Math.max(auths.length, 1)];
            if (!auth) continue;
            const code = await outcomeOf(() =>
              transaction((tx) =>
                cmd.kind === "capture"
                  ? captureAuthorization(tx, tenant, auth.id, {})
                  : refundAuthorization(tx, tenant, auth.id, {}),
              ),
            );
            const allowed = cmd.kind === "capture" ? auth.status === "pending" : auth.status === "captured";
            expect(code === null).toBe(allowed);
            if (code === null) {
              expected.push(auth.id);
              auth.status = cmd.kind === "capture" ? "captured" : "refunded";
            }
          } else {
            const issued = await transaction((tx) =>
              issueCard(tx, tenant, { externalUserId, kind: "virtual", currency: "USD" }),
            );
            cards.push(issued.id);
            expected.push(issued.id);
          }
        }

        const count = expected.reduce((n, step) => n + (typeof step === "string" ? 1 : step.size), 0);
        const events = await expectGapless(wallet.id, count);
        let at = 0;
        for (const step of expected) {
          const width = typeof step === "string" ? 1 : step.size;
          const ids = events.slice(at, at + width).map(subjectOf);
          if (typeof step === "string") expect(ids).toEqual([step]);
          else expect(new Set(ids)).toEqual(step);
          at += width;
        }
      }),
      { numRuns: 20 },
    );
  }, 240_000);
});
