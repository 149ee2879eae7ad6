// Spending controls on cards and wallets (issue 24.2, docs/decisions/spending-controls.md): every
// control and its decline code, the read-back, malformed controls refused without a change, what
// counts against a limit (released spending off the window it was approved in), and exact limits
// under 50 concurrent spends.
import { describe, expect, it } from "vitest";
import type { Schemas } from "@/lib/client/create-service-client";
import { prisma } from "@/lib/db/client";
import { windowStart } from "@/lib/spending-controls/windows";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

type Controls = Schemas["SpendingControlsInput"];

const updateCard = (key: string, id: string, body: Schemas["UpdateCardRequest"]) =>
  testClient(key).POST("/api/public/sdk/v1/cards/{id}", { params: { path: { id } }, body });
const updateWallet = (key: string, externalUserId: string, body: Schemas["UpdateWalletRequest"]) =>
  testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}", { params: { path: { externalUserId } }, body });
/** A body the typed client would not let through, for the refusals. */
const updateCardRaw = (key: string, id: string, body: unknown) =>
  testClient(key).POST("/api/public/sdk/v1/cards/{id}", {
    params: { path: { id } },
    body: body as Schemas["UpdateCardRequest"],
  });

async function expectDeclined(res: Awaited<ReturnType<typeof api.spend>>, code: string, message?: RegExp) {
  expect(res.response.status).toBe(402);
  expect(res.error?.error).toMatchObject({ type: "card_error", code });
  if (message) expect(res.error?.error.message).toMatch(message);
  const declined = res.error?.error.authorization;
  expect(declined).toMatchObject({ status: "declined", declineCode: code });
  const stored = await prisma().authorization.findUniqueOrThrow({ where: { id: declined!.id } });
  expect(stored).toMatchObject({ status: "declined", declineCode: code });
}

async function cardWithControls(spendingControls: Controls, fund = 1000) {
  const app = await setupApp();
  const { userId, cardId, walletId } = await walletWithCard(app.key, { fund });
  const updated = await updateCard(app.key, cardId, { spendingControls });
  expect(updated.response.status).toBe(200);
  return { app, key: app.key, userId, cardId, walletId };
}

const spend = (key: string, cardId: string, amount: number, at: Partial<typeof merchant> = {}) =>
  api.spend(key, cardId, { amount, merchant: { ...merchant, ...at } });

describe("spending controls", () => {
  it("issues a card with controls and reads them back with spendLimit as the per_authorization limit", async () => {
    const app = await setupApp();
    const { userId } = await walletWithCard(app.key);
    const issued = await api.issueCard(app.key, {
      externalUserId: userId,
      kind: "virtual",
      currency: "USD",
      spendLimit: 50,
      spendingControls: {
        spendingLimits: [
          { amount: 200, interval: "daily" },
          { amount: 30, interval: "weekly", categories: ["5814", "5812", "5814"] },
        ],
        blockedCategories: ["7995"],
        allowedCountries: ["NG", "US"],
      },
    });
    expect(issued.response.status).toBe(201);
    expect(issued.data).toMatchObject({
      spendLimit: 50,
      spendingControls: {
        spendingLimits: [
          { amount: 50, interval: "per_authorization" },
          { amount: 200, interval: "daily" },
          { amount: 30, interval: "weekly", categories: ["5812", "5814"] },
        ],
        blockedCategories: ["7995"],
        allowedCountries: ["NG", "US"],
      },
    });
    const tomorrow = new Date(windowStart("daily", new Date()).getTime() + 86_400_000).toISOString();
    expect(issued.data?.spending).toEqual([
      { interval: "daily", limit: 200, spent: 0, remaining: 200, resetsAt: tomorrow },
      expect.objectContaining({ interval: "weekly", categories: ["5812", "5814"], limit: 30, spent: 0 }),
    ]);
    expect(issued.data?.spendingControls.allowedCategories).toBeUndefined();

    // spendLimit and the uncategorized per_authorization limit are one limit: they must agree.
    const clash = await api.issueCard(app.key, {
      externalUserId: userId,
      kind: "virtual",
      currency: "USD",
      spendLimit: 50,
      spendingControls: { spendingLimits: [{ amount: 60, interval: "per_authorization" }] },
    });
    expect(clash.response.status).toBe(400);
    expect(clash.error?.error).toMatchObject({ code: "validation_failed", param: "spendLimit" });
  });

  it("keeps spendLimit and spendingControls consistent through updates", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { spendLimit: 25 });
    const viaControls = await updateCard(app.key, cardId, {
      spendingControls: { spendingLimits: [{ amount: 40, interval: "per_authorization" }] },
    });
    expect(viaControls.data).toMatchObject({
      spendLimit: 40,
      spendingControls: { spendingLimits: [{ amount: 40, interval: "per_authorization" }] },
    });
    const viaSpendLimit = await updateCard(app.key, cardId, { spendLimit: 10 });
    expect(viaSpendLimit.data?.spendingControls.spendingLimits).toEqual([
      { amount: 10, interval: "per_authorization" },
    ]);
    const removed = await updateCard(app.key, cardId, { spendLimit: null });
    expect(removed.data).toMatchObject({ spendLimit: null, spendingControls: { spendingLimits: [] } });
    expect((await api.card(app.key, cardId)).data).toMatchObject({ spendLimit: null, spending: [] });
  });

  it("keeps the card's spendLimit through a spendingControls that does not name it, and shows it in the answer", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { spendLimit: 250.5, fund: 1000 });
    // The README's example: a daily limit and a blocked category, nothing said of spendLimit.
    const updated = await updateCard(app.key, cardId, {
      spendingControls: { spendingLimits: [{ amount: 100, interval: "daily" }], blockedCategories: ["7995"] },
    });
    expect(updated.data).toMatchObject({
      spendLimit: 250.5,
      spendingControls: {
        spendingLimits: [
          { amount: 250.5, interval: "per_authorization" },
          { amount: 100, interval: "daily" },
        ],
        blockedCategories: ["7995"],
      },
    });
    // The rest of the set is replaced: a later spendingControls drops the daily limit and the list.
    const replaced = await updateCard(app.key, cardId, { spendingControls: {} });
    expect(replaced.data).toMatchObject({
      spendLimit: 250.5,
      spendingControls: { spendingLimits: [{ amount: 250.5, interval: "per_authorization" }] },
      spending: [],
    });
    expect(replaced.data?.spendingControls.blockedCategories).toBeUndefined();
    // And the limit still applies.
    await expectDeclined(await spend(app.key, cardId, 250.51), "spend_limit_exceeded");
  });

  it("declines a blocked or not-allowed merchant category with category_blocked", async () => {
    const { key, cardId } = await cardWithControls({ blockedCategories: ["7995"] });
    await expectDeclined(
      await spend(key, cardId, 5, { category: "7995" }),
      "category_blocked",
      /7995 is blocked on the card/,
    );
    expect((await spend(key, cardId, 5, { category: "5814" })).response.status).toBe(201);

    const allowed = await cardWithControls({ allowedCategories: ["5814"] });
    expect((await spend(allowed.key, allowed.cardId, 5)).response.status).toBe(201);
    await expectDeclined(await spend(allowed.key, allowed.cardId, 5, { category: "5411" }), "category_blocked");
    // A merchant without a category is not among the allowed ones.
    const noCategory = await api.spend(allowed.key, allowed.cardId, { amount: 5, merchant: { name: "Somewhere" } });
    await expectDeclined(noCategory, "category_blocked", /none is not among/);
  });

  it("declines a blocked or not-allowed merchant country with country_blocked", async () => {
    const { key, cardId } = await cardWithControls({ blockedCountries: ["FR"] });
    await expectDeclined(await spend(key, cardId, 5, { country: "FR" }), "country_blocked", /FR is blocked/);
    expect((await spend(key, cardId, 5, { country: "NG" })).response.status).toBe(201);
    const allowed = await cardWithControls({ allowedCountries: ["NG"] });
    await expectDeclined(await spend(allowed.key, allowed.cardId, 5, { country: "US" }), "country_blocked");
    expect((await spend(allowed.key, allowed.cardId, 5, { country: "NG" })).response.status).toBe(201);
  });

  it("applies a wallet's controls to every card on top of the card's own", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 1000 });
    const second = await api.issueCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    const secondId = second.data!.id;
    const wallet = await updateWallet(app.key, userId, {
      spendingControls: { spendingLimits: [{ amount: 100, interval: "daily" }], blockedCountries: ["FR"] },
    });
    expect(wallet.response.status).toBe(200);
    expect(wallet.data).toMatchObject({
      spendingControls: { spendingLimits: [{ amount: 100, interval: "daily" }], blockedCountries: ["FR"] },
      spending: [{ interval: "daily", limit: 100, spent: 0, remaining: 100 }],
    });
    await updateCard(app.key, cardId, { spendingControls: { spendingLimits: [{ amount: 70, interval: "daily" }] } });
    await expectDeclined(await spend(app.key, secondId, 5, { country: "FR" }), "country_blocked", /the wallet/);
    expect((await spend(app.key, cardId, 60)).response.status).toBe(201);
    await expectDeclined(
      await spend(app.key, cardId, 20),
      "spending_limit_exceeded",
      /the card's daily limit of 70 USD/,
    );
    expect((await spend(app.key, secondId, 40)).response.status).toBe(201);
    await expectDeclined(
      await spend(app.key, secondId, 0.01),
      "spending_limit_exceeded",
      /the wallet's daily limit of 100 USD: 0 USD is left until/,
    );
    expect((await api.wallet(app.key, userId)).data?.spending).toEqual([
      expect.objectContaining({ interval: "daily", limit: 100, spent: 100, remaining: 0 }),
    ]);
    expect((await api.card(app.key, cardId)).data?.spending).toEqual([
      expect.objectContaining({ interval: "daily", limit: 70, spent: 60, remaining: 10 }),
    ]);
  });

  it("checks per_authorization limits, spend_limit_exceeded for spendLimit and spending_limit_exceeded for the others", async () => {
    const { key, cardId } = await cardWithControls({
      spendingLimits: [
        { amount: 50, interval: "per_authorization" },
        { amount: 10, interval: "per_authorization", categories: ["5814"] },
      ],
    });
    await expectDeclined(
      await spend(key, cardId, 50.01, { category: "5411" }),
      "spend_limit_exceeded",
      /50 USD per authorization/,
    );
    await expectDeclined(
      await spend(key, cardId, 10.01),
      "spending_limit_exceeded",
      /per-authorization limit of 10 USD for categories 5814/,
    );
    expect((await spend(key, cardId, 10)).response.status).toBe(201);
    expect((await spend(key, cardId, 50, { category: "5411" })).response.status).toBe(201);
  });

  it.each(["daily", "weekly", "monthly", "yearly", "all_time"] as const)(
    "holds a %s limit, counting only its categories when it has some",
    async (interval) => {
      const { key, cardId } = await cardWithControls({
        spendingLimits: [
          { amount: 30, interval },
          { amount: 12, interval, categories: ["5812"] },
        ],
      });
      expect((await spend(key, cardId, 10, { category: "5812" })).response.status).toBe(201);
      await expectDeclined(
        await spend(key, cardId, 2.01, { category: "5812" }),
        "spending_limit_exceeded",
        /for categories 5812/,
      );
      expect((await spend(key, cardId, 20)).response.status).toBe(201);
      await expectDeclined(
        await spend(key, cardId, 0.01),
        "spending_limit_exceeded",
        new RegExp(`card's ${interval.replace("_", "-")} limit of 30 USD`),
      );
      const card = (await api.card(key, cardId)).data!;
      expect(card.spending).toEqual([
        expect.objectContaining({ interval, limit: 30, spent: 30, remaining: 0 }),
        expect.objectContaining({ interval, categories: ["5812"], limit: 12, spent: 10, remaining: 2 }),
      ]);
      expect(card.spending[0]?.resetsAt === null).toBe(interval === "all_time");
    },
  );

  it("checks status before controls and controls before funds", async () => {
    const { key, cardId } = await cardWithControls({ blockedCategories: ["5814"] }, 1);
    await api.freeze(key, cardId);
    await expectDeclined(await spend(key, cardId, 5), "card_inactive");
    await api.unfreeze(key, cardId);
    await expectDeclined(await spend(key, cardId, 5), "category_blocked");
    await expectDeclined(await spend(key, cardId, 5, { category: "5411" }), "insufficient_funds");
  });

  it("counts a window limit set during the window with the window's earlier spending", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const first = await spend(app.key, cardId, 30);
    await spend(app.key, cardId, 20);
    await api.capture(app.key, first.data!.id, { amount: 25 });
    const updated = await updateCard(app.key, cardId, {
      spendingControls: { spendingLimits: [{ amount: 50, interval: "daily" }] },
    });
    expect(updated.data?.spending).toEqual([expect.objectContaining({ spent: 45, remaining: 5 })]);
    await expectDeclined(await spend(app.key, cardId, 5.01), "spending_limit_exceeded");
    const wallet = await updateWallet(app.key, userId, {
      spendingControls: { spendingLimits: [{ amount: 46, interval: "all_time" }] },
    });
    expect(wallet.data?.spending).toEqual([
      expect.objectContaining({ interval: "all_time", spent: 45, remaining: 1, resetsAt: null }),
    ]);
    // Changing a limit's amount keeps what it counted.
    const raised = await updateCard(app.key, cardId, {
      spendingControls: { spendingLimits: [{ amount: 80, interval: "daily" }] },
    });
    expect(raised.data?.spending).toEqual([expect.objectContaining({ limit: 80, spent: 45, remaining: 35 })]);
  });

  it("gives back the uncaptured rest of a partial capture and a reversed hold", async () => {
    const { key, cardId } = await cardWithControls({ spendingLimits: [{ amount: 100, interval: "daily" }] });
    const held = await spend(key, cardId, 60);
    await expectDeclined(await spend(key, cardId, 41), "spending_limit_exceeded");
    await api.capture(key, held.data!.id, { amount: 35 });
    expect((await api.card(key, cardId)).data?.spending[0]).toMatchObject({ spent: 35, remaining: 65 });
    const second = await spend(key, cardId, 65);
    expect(second.response.status).toBe(201);
    const reversed = await testClient(key).POST("/api/public/sdk/v1/authorizations/{id}/reverse", {
      params: { path: { id: second.data!.id } },
    });
    expect(reversed.response.status).toBe(200);
    expect((await api.card(key, cardId)).data?.spending[0]).toMatchObject({ spent: 35, remaining: 65 });
    // A refund is money coming back, not spending undone: it does not count back.
    await api.refund(key, held.data!.id, { amount: 10 });
    expect((await api.card(key, cardId)).data?.spending[0]).toMatchObject({ spent: 35 });
  });

  it("takes released spending off the window the authorization was approved in, not the current one", async () => {
    const { key, cardId } = await cardWithControls({
      spendingLimits: [
        { amount: 100, interval: "daily" },
        { amount: 500, interval: "all_time" },
      ],
    });
    const old = await spend(key, cardId, 40);
    // Move the authorization and its counted totals to yesterday, as if it had been approved then.
    const now = new Date();
    const today = windowStart("daily", now);
    const yesterday = new Date(today.getTime() - 86_400_000);
    await prisma().authorization.update({ where: { id: old.data!.id }, data: { createdAt: yesterday } });
    await prisma().spendingTotal.updateMany({
      where: { subjectId: cardId, interval: "daily", windowStart: today },
      data: { windowStart: yesterday },
    });
    expect((await spend(key, cardId, 70)).response.status).toBe(201);
    await api.capture(key, old.data!.id, { amount: 10 });
    const totals = await prisma().spendingTotal.findMany({
      where: { subjectId: cardId },
      orderBy: { windowStart: "asc" },
    });
    expect(totals.map((t) => [t.interval, t.windowStart.toISOString(), t.spent])).toEqual([
      ["all_time", new Date(0).toISOString(), 8000n],
      ["daily", yesterday.toISOString(), 1000n],
      ["daily", today.toISOString(), 7000n],
    ]);
  });

  it("refuses malformed controls with 400 naming the field, and changes nothing", async () => {
    const { key, cardId } = await cardWithControls({ spendingLimits: [{ amount: 10, interval: "daily" }] });
    const before = (await api.card(key, cardId)).data;
    const cases: [unknown, string][] = [
      [{ spendingLimits: [{ amount: 5, interval: "hourly" }] }, "spendingControls.spendingLimits.0.interval"],
      [{ blockedCategories: ["581"] }, "spendingControls.blockedCategories.0"],
      [
        { spendingLimits: [{ amount: 5, interval: "daily", categories: ["12345"] }] },
        "spendingControls.spendingLimits.0.categories.0",
      ],
      [{ spendingLimits: [{ amount: 1e15 + 1, interval: "daily" }] }, "spendingControls.spendingLimits.0.amount"],
      [{ spendingLimits: [{ amount: 0, interval: "daily" }] }, "spendingControls.spendingLimits.0.amount"],
      [{ spendingLimits: [{ amount: 1.005, interval: "daily" }] }, "spendingControls.spendingLimits.0.amount"],
      [
        {
          spendingLimits: [
            { amount: 5, interval: "daily" },
            { amount: 6, interval: "daily" },
          ],
        },
        "spendingControls.spendingLimits.1.interval",
      ],
      [
        {
          spendingLimits: Array.from({ length: 21 }, (_, i) => ({
            amount: 5,
            interval: "daily",
            categories: [String(1000 + i)],
          })),
        },
        "spendingControls.spendingLimits",
      ],
      [{ allowedCountries: ["us"] }, "spendingControls.allowedCountries.0"],
      [{ allowedCountries: ["US"], blockedCountries: ["FR"] }, "spendingControls.blockedCountries"],
      [{ spendingLimits: [], surprise: true }, "spendingControls"],
    ];
    for (const [spendingControls, param] of cases) {
      const res = await updateCardRaw(key, cardId, { spendingControls });
      expect(res.response.status, JSON.stringify(spendingControls)).toBe(400);
      expect(res.error?.error.param, JSON.stringify(spendingControls)).toBe(param);
    }
    const wallet = await testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}", {
      params: { path: { externalUserId: before!.externalUserId } },
      body: {
        spendingControls: { spendingLimits: [{ amount: 5, interval: "fortnightly" }] },
      } as unknown as Schemas["UpdateWalletRequest"],
    });
    expect(wallet.response.status).toBe(400);
    expect((await api.card(key, cardId)).data).toEqual(before);
    expect((await updateCardRaw(key, "card_missing", { spendLimit: 5 })).response.status).toBe(404);
    expect((await updateWallet(key, "nobody_here", { spendingControls: {} })).response.status).toBe(404);
  });

  it("approves at most the limit under 50 concurrent spends against a daily and an all-time limit", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 10_000 });
    await updateCard(app.key, cardId, { spendingControls: { spendingLimits: [{ amount: 100, interval: "daily" }] } });
    await updateWallet(app.key, userId, {
      spendingControls: { spendingLimits: [{ amount: 150, interval: "all_time" }] },
    });
    const first = await Promise.all(Array.from({ length: 50 }, () => spend(app.key, cardId, 7)));
    const approved = first.filter((r) => r.response.status === 201).length;
    expect(approved).toBe(14); // 14 × 7 = 98 ≤ 100 < 105
    const outcome = (r: (typeof first)[number]) => (r.response.status === 201 ? "approved" : r.error?.error.code);
    expect(new Set(first.map(outcome))).toEqual(new Set(["approved", "spending_limit_exceeded"]));

    // The all-time limit of the wallet, with a second card spending beside the first; a second key,
    // as the first has nearly used its minute's requests.
    const { secret: key2 } = await createKey(app.appId);
    const second = (await api.issueCard(key2, { externalUserId: userId, kind: "virtual", currency: "USD" })).data!;
    const both = await Promise.all(Array.from({ length: 50 }, (_, i) => spend(key2, i % 2 ? cardId : second.id, 3)));
    expect(new Set(both.map(outcome))).toEqual(new Set(["approved", "spending_limit_exceeded"]));
    const approvedBoth = both.filter((r) => r.response.status === 201);
    // 150 − 98 = 52 left on the wallet: at most 17 spends of 3, and the first card has only 2 left of its day.
    const approvedSum = 98 + 3 * approvedBoth.length;
    expect(approvedSum).toBeLessThanOrEqual(150);
    expect(approvedBoth.length).toBe(17);
    const wallet = (await api.wallet(app.key, userId)).data!;
    expect(wallet.spending).toEqual([expect.objectContaining({ interval: "all_time", spent: approvedSum })]);
    const held = await prisma().authorization.aggregate({
      where: { walletId: wallet.id, status: "pending" },
      _sum: { amount: true },
    });
    expect(held._sum.amount).toBe(BigInt(approvedSum * 100));
    // 100 spends racing on one wallet's lock take seconds on a loaded machine.
  }, 120_000);
});
