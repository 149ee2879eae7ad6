// Card controls and declines: freeze, unfreeze, cancel, reads and lists, the 402 card_error
// declines (recorded, with no hold and no event), scopes and tenant isolation.
import { describe, expect, it } from "vitest";
import { POST as spendRoute } from "@/app/api/public/sdk/v1/cards/[id]/authorizations/route";
import { prisma } from "@/lib/db/client";
import { callRoute } from "../helpers/call-route";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";

async function expectDeclined(res: Awaited<ReturnType<typeof api.spend>>, code: string) {
  expect(res.response.status).toBe(402);
  expect(res.error?.error).toMatchObject({ type: "card_error", code });
  const declined = res.error?.error.authorization;
  expect(declined).toMatchObject({
    object: "authorization",
    status: "declined",
    declineCode: code,
  });
  const stored = await prisma().authorization.findUniqueOrThrow({ where: { id: declined!.id } });
  expect(stored).toMatchObject({ status: "declined", declineCode: code });
}

describe("card controls", () => {
  it("freezes, unfreezes and cancels a card; a canceled card cannot come back", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const frozen = await api.freeze(app.key, cardId);
    expect(frozen.response.status).toBe(200);
    expect(frozen.data).toMatchObject({ object: "card", id: cardId, status: "frozen", idempotent_replay: false });
    expect((await api.freeze(app.key, cardId)).data?.status).toBe("frozen");
    expect((await api.unfreeze(app.key, cardId)).data?.status).toBe("active");
    expect((await api.unfreeze(app.key, cardId)).data?.status).toBe("active");
    expect((await api.cancel(app.key, cardId)).data?.status).toBe("canceled");
    expect((await api.cancel(app.key, cardId)).data?.status).toBe("canceled");
    const unfreeze = await api.unfreeze(app.key, cardId);
    expect(unfreeze.response.status).toBe(409);
    expect(unfreeze.error?.error).toMatchObject({ type: "conflict_error", code: "card_not_active" });
    expect((await api.freeze(app.key, cardId)).response.status).toBe(409);
    const read = await api.card(app.key, cardId);
    expect(read.response.status).toBe(200);
    expect(read.data).toMatchObject({ id: cardId, status: "canceled" });
  });

  it("declines spends on frozen and canceled cards with 402 card_inactive, recorded without a hold or event", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    await api.freeze(app.key, cardId);
    await expectDeclined(await api.spend(app.key, cardId, { amount: 5, merchant }), "card_inactive");
    await api.unfreeze(app.key, cardId);
    expect((await api.spend(app.key, cardId, { amount: 5, merchant })).response.status).toBe(201);
    await api.cancel(app.key, cardId);
    await expectDeclined(await api.spend(app.key, cardId, { amount: 5, merchant }), "card_inactive");
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 95, posted: 100 });
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "card.authorized" } })).toBe(1);
  });

  it("declines above the card's spendLimit with spend_limit_exceeded, and at the limit approves", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 100, spendLimit: 25 });
    await expectDeclined(await api.spend(app.key, cardId, { amount: 25.01, merchant }), "spend_limit_exceeded");
    expect((await api.spend(app.key, cardId, { amount: 25, merchant })).response.status).toBe(201);
  });

  it("declines beyond available funds with insufficient_funds, counting open holds", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    expect((await api.spend(app.key, cardId, { amount: 6, merchant })).response.status).toBe(201);
    await expectDeclined(await api.spend(app.key, cardId, { amount: 4.01, merchant }), "insufficient_funds");
    expect((await api.spend(app.key, cardId, { amount: 4, merchant })).response.status).toBe(201);
  });

  it("declines a spend in another currency than the card's with card_currency_mismatch", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    const res = await api.spend(app.key, cardId, { amount: 5, currency: "eur", merchant });
    await expectDeclined(res, "card_currency_mismatch");
    expect(res.error?.error.authorization).toMatchObject({ currency: "EUR", amount: 5 });
    expect((await api.spend(app.key, cardId, { amount: 5, currency: "USD", merchant })).response.status).toBe(201);
  });

  it("replays a declined spend under its Idempotency-Key with the same 402", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 1 });
    // Compared byte for byte, so sent raw: the client hands back parsed JSON.
    const spend = () =>
      callRoute(spendRoute, {
        method: "POST",
        path: `/api/public/sdk/v1/cards/${cardId}/authorizations`,
        key: app.key,
        body: { amount: 5, merchant },
        params: { id: cardId },
        headers: { "idempotency-key": "decline-1" },
      });
    const first = await spend();
    const again = await spend();
    expect(again.status).toBe(402);
    expect(again.text).toBe(first.text);
    expect(await prisma().authorization.count({ where: { cardId } })).toBe(1);
  });

  it("simulates a tap in test mode through the same spend path", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    const tap = await api.tap(app.key, cardId, { amount: 3, merchant: { name: "Bus" } });
    expect(tap.response.status).toBe(201);
    expect(tap.data).toMatchObject({
      source: "tap",
      status: "pending",
      merchant: { name: "Bus", category: null, country: null },
    });
    const declined = await api.tap(app.key, cardId, { amount: 30, merchant: { name: "Bus" } });
    expect(declined.response.status).toBe(402);
    expect(declined.error?.error.authorization?.source).toBe("tap");
  });

  it("lists a wallet's cards newest first across pages", async () => {
    const app = await setupApp();
    const { userId, cardId: first } = await walletWithCard(app.key);
    const ids = [first];
    for (let i = 0; i < 4; i++) {
      ids.push((await api.issueCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" })).data!.id);
    }
    const page1 = await api.cards(app.key, userId, { limit: 2 });
    expect(page1.response.status).toBe(200);
    expect(page1.data).toMatchObject({ object: "list", has_more: true });
    const page2 = await api.cards(app.key, userId, { limit: 2, starting_after: page1.data!.next_cursor! });
    const page3 = await api.cards(app.key, userId, { limit: 2, starting_after: page2.data!.next_cursor! });
    expect(page3.data).toMatchObject({ has_more: false, next_cursor: null });
    const seen = [...page1.data!.data, ...page2.data!.data, ...page3.data!.data].map((c) => c.id);
    expect(seen).toEqual([...ids].reverse());
    expect((await api.cards(app.key, userId, { limit: 0 })).error?.error.param).toBe("limit");
    expect((await api.cards(app.key, userId, { starting_after: "card_nope" })).error?.error.param).toBe(
      "starting_after",
    );
  });

  it("requires cards:read, cards:write and transactions:write for reads, controls and spends", async () => {
    const app = await setupApp();
    const { cardId, userId } = await walletWithCard(app.key, { fund: 10 });
    const readOnly = await createKey(app.appId, { scopes: ["wallets:read"] });
    expect((await api.card(readOnly.secret, cardId)).error?.error.code).toBe("scope_missing");
    expect((await api.cards(readOnly.secret, userId)).response.status).toBe(403);
    expect((await api.freeze(readOnly.secret, cardId)).response.status).toBe(403);
    expect((await api.spend(readOnly.secret, cardId, { amount: 1, merchant })).response.status).toBe(403);
    expect((await api.fund(readOnly.secret, userId, { amount: 1 })).response.status).toBe(403);
    const cardsOnly = await createKey(app.appId, { scopes: ["cards:read", "cards:write"] });
    expect((await api.card(cardsOnly.secret, cardId)).response.status).toBe(200);
    expect((await api.freeze(cardsOnly.secret, cardId)).response.status).toBe(200);
    expect((await api.spend(cardsOnly.secret, cardId, { amount: 1, merchant })).response.status).toBe(403);
  });

  it("keeps cards and authorizations apart between applications and modes: 404 elsewhere", async () => {
    const app = await setupApp();
    const other = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    const auth = (await api.spend(app.key, cardId, { amount: 1, merchant })).data!;
    for (const key of [other.key, live.secret]) {
      expect((await api.card(key, cardId)).error?.error).toMatchObject({
        type: "not_found_error",
        code: "card_not_found",
      });
      expect((await api.freeze(key, cardId)).response.status).toBe(404);
      expect((await api.spend(key, cardId, { amount: 1, merchant })).error?.error.code).toBe("card_not_found");
      expect((await api.authorization(key, auth.id)).error?.error.code).toBe("authorization_not_found");
      expect((await api.capture(key, auth.id)).response.status).toBe(404);
      expect((await api.refund(key, auth.id)).response.status).toBe(404);
    }
    expect((await api.card(app.key, cardId)).data?.status).toBe("active");
    expect((await api.authorization(app.key, auth.id)).data?.status).toBe("pending");
  });
});

describe("test helpers", () => {
  it("refuse live keys with 403 test_mode_only", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const { userId, cardId } = await walletWithCard(live.secret);
    const fund = await api.fund(live.secret, userId, { amount: 10 });
    expect(fund.response.status).toBe(403);
    expect(fund.error?.error).toMatchObject({ type: "permission_error", code: "test_mode_only" });
    const tap = await api.tap(live.secret, cardId, { amount: 1, merchant });
    expect(tap.response.status).toBe(403);
    expect(tap.error?.error.code).toBe("test_mode_only");
    expect((await api.wallet(live.secret, userId)).data?.balance).toEqual({ available: 0, posted: 0 });
  });
});
