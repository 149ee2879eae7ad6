// Races for the same money: spends competing for a wallet's last funds, and refunds competing
// for what is left of one capture. The row locks must let exactly the affordable ones through.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";

describe("concurrent spends and refunds", () => {
  it("lets exactly one of two concurrent spends for the last funds succeed", async () => {
    const app = await setupApp();
    const { userId, cardId, walletId } = await walletWithCard(app.key, { fund: 100 });
    const results = await Promise.all([
      api.spend(app.key, cardId, { amount: 70, merchant }),
      api.spend(app.key, cardId, { amount: 70, merchant }),
    ]);
    expect(results.map((r) => r.response.status).sort()).toEqual([201, 402]);
    expect(results.find((r) => r.response.status === 402)?.error?.error.code).toBe("insufficient_funds");
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 30, posted: 100 });
    expect(await prisma().authorization.count({ where: { walletId, status: "pending" } })).toBe(1);
  });

  it("never overdraws when many spends on several cards of one wallet race", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 50 });
    const second = await api.issueCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    const cards = [cardId, second.data!.id];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api.spend(app.key, cards[i % 2]!, { amount: 15, merchant })),
    );
    expect(results.filter((r) => r.response.status === 201)).toHaveLength(3);
    expect(results.filter((r) => r.response.status === 402)).toHaveLength(7);
    const balance = (await api.wallet(app.key, userId)).data?.balance;
    expect(balance).toEqual({ available: 5, posted: 50 });
    expect((await checkLedgerInvariant(prisma(), { applicationId: app.appId })).balanced).toBe(true);
  });

  it("lets only the refunds that fit in the captured amount through when they race", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 40, merchant })).data!;
    await api.capture(app.key, auth.id);
    const results = await Promise.all(Array.from({ length: 4 }, () => api.refund(app.key, auth.id, { amount: 15 })));
    expect(results.filter((r) => r.response.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.response.status === 409).map((r) => r.error?.error.code)).toEqual([
      "amount_exceeds_captured",
      "amount_exceeds_captured",
    ]);
    expect((await api.authorization(app.key, auth.id)).data?.refundedAmount).toBe(30);
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 90, posted: 90 });
  });

  it("captures a hold once when two captures race", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 40, merchant })).data!;
    const results = await Promise.all([api.capture(app.key, auth.id), api.capture(app.key, auth.id, { amount: 10 })]);
    expect(results.map((r) => r.response.status).sort()).toEqual([200, 409]);
    const captured = results.find((r) => r.response.status === 200)!.data!.capturedAmount;
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({
      available: 100 - captured,
      posted: 100 - captured,
    });
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "card.captured" } })).toBe(1);
  });
});
