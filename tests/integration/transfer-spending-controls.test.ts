// Spending controls on outgoing wallet transfers through the real routes: a wallet limit with
// `transfers: true` caps transfers and card spends together, a limit without it ignores transfers,
// a limit set mid-window counts the window's earlier transfers, and a card cannot count transfers.
import { describe, expect, it } from "vitest";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { api } from "../helpers/card-money";
import { testClient } from "../helpers/route-fetch";

type Party = { type: "balance" } | { type: "wallet"; externalUserId: string };
const BALANCE: Party = { type: "balance" };
const wallet = (externalUserId: string): Party => ({ type: "wallet", externalUserId });

const transfer = (key: string, from: Party, to: Party, amount: number) =>
  testClient(key).POST("/api/public/sdk/v1/transfers", { body: { from, to, amount, currency: "USD" } });

const setLimits = (key: string, userId: string, spendingLimits: unknown) =>
  testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}", {
    params: { path: { externalUserId: userId } },
    body: { spendingControls: { spendingLimits } } as never,
  });

async function fundedWallet(key: string, amount: number): Promise<string> {
  const userId = uniqueUserId();
  const created = await api.createWallet(key, { externalUserId: userId, currency: "USD", email: "holder@example.com" });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  expect(
    (await testClient(key).POST("/api/public/sdk/v1/test/top-ups", { body: { amount, currency: "USD" } })).response
      .status,
  ).toBe(201);
  expect((await transfer(key, BALANCE, wallet(userId), amount)).response.status).toBe(201);
  return userId;
}

describe("spending controls on transfers", () => {
  it("caps transfers and card spends together under a limit with transfers: true, and leaves other limits alone", async () => {
    const { key } = await setupApp();
    const ada = await fundedWallet(key, 500);
    const ben = await fundedWallet(key, 1);
    const set = await setLimits(key, ada, [
      { amount: 100, interval: "daily", transfers: true },
      { amount: 10, interval: "weekly" },
      { amount: 80, interval: "per_authorization", transfers: true },
    ]);
    expect(set.response.status).toBe(200);
    expect(set.data?.spendingControls.spendingLimits).toContainEqual({
      amount: 100,
      interval: "daily",
      transfers: true,
    });

    // The weekly limit without transfers does not see them: 60 passes it.
    expect((await transfer(key, wallet(ada), wallet(ben), 60)).response.status).toBe(201);
    const tooBig = await transfer(key, wallet(ada), wallet(ben), 81);
    expect(tooBig.response.status).toBe(402);
    expect(tooBig.error?.error).toMatchObject({ code: "spending_limit_exceeded", param: "amount" });
    const overDaily = await transfer(key, wallet(ada), wallet(ben), 40.01);
    expect(overDaily.response.status).toBe(402);
    expect(overDaily.error?.error.message).toContain("40 USD is left");

    // A card spend counts toward the same daily limit.
    const card = await api.issueCard(key, { externalUserId: ada, kind: "virtual", currency: "USD" });
    if (!card.data) throw new Error(JSON.stringify(card.error));
    const spent = await api.spend(key, card.data.id, {
      amount: 5,
      merchant: { name: "Cafe", category: "5814", country: "US" },
    });
    expect(spent.data?.status).toBe("pending");
    expect((await transfer(key, wallet(ada), wallet(ben), 35.01)).response.status).toBe(402);
    expect((await transfer(key, wallet(ada), wallet(ben), 35)).response.status).toBe(201);

    const read = await api.wallet(key, ada);
    expect(read.data?.spending).toContainEqual(
      expect.objectContaining({ interval: "daily", transfers: true, spent: 100, remaining: 0 }),
    );
    expect(read.data?.spending).toContainEqual(expect.objectContaining({ interval: "weekly", spent: 5 }));
    // Money into the wallet and transfers out of the balance are not limited.
    expect((await transfer(key, wallet(ben), wallet(ada), 50)).response.status).toBe(201);
  });

  it("counts the window's earlier transfers when the limit is set mid-window", async () => {
    const { key } = await setupApp();
    const ada = await fundedWallet(key, 100);
    expect((await transfer(key, wallet(ada), BALANCE, 30)).response.status).toBe(201);
    expect((await setLimits(key, ada, [{ amount: 50, interval: "monthly", transfers: true }])).response.status).toBe(
      200,
    );
    expect((await transfer(key, wallet(ada), BALANCE, 20.01)).response.status).toBe(402);
    expect((await transfer(key, wallet(ada), BALANCE, 20)).response.status).toBe(201);
  });

  it("refuses transfers: true with categories, and on a card", async () => {
    const { key } = await setupApp();
    const ada = await fundedWallet(key, 10);
    const withCategories = await setLimits(key, ada, [
      { amount: 50, interval: "daily", transfers: true, categories: ["5814"] },
    ]);
    expect(withCategories.response.status).toBe(400);
    expect(withCategories.error?.error).toMatchObject({ code: "validation_failed" });
    const card = await api.issueCard(key, { externalUserId: ada, kind: "virtual", currency: "USD" });
    if (!card.data) throw new Error(JSON.stringify(card.error));
    const onCard = await testClient(key).POST("/api/public/sdk/v1/cards/{id}", {
      params: { path: { id: card.data.id } },
      body: { spendingControls: { spendingLimits: [{ amount: 5, interval: "daily", transfers: true }] } } as never,
    });
    expect(onCard.response.status).toBe(400);
    expect(onCard.error?.error.param).toBe("spendingControls.spendingLimits.0.transfers");
  });
});
