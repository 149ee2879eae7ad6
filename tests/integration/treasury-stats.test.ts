// Treasury statistics: after scripted live movements (funding, spends, captures, a refund) the
// figures equal a direct computation from the ledger, test-mode data never appears, and the
// public route is cached for 60 seconds.
import { describe, expect, it } from "vitest";
import { spendCard } from "@/lib/authorizations/spend-card";
import { captureAuthorization } from "@/lib/authorizations/capture-authorization";
import { refundAuthorization } from "@/lib/authorizations/refund-authorization";
import { handleNetworkMessage } from "@/lib/card-network/handle-network-message";
import { issueCard } from "@/lib/cards/issue-card";
import { prisma, transaction } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { toMajor } from "@/lib/money/amount";
import type { Tenant } from "@/lib/tenant";
import { computeTreasuryStats, coverageRatio } from "@/lib/treasury/compute-treasury-stats";
import { createWallet } from "@/lib/wallets/create-wallet";
import { createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

const merchant = { name: "Corner Coffee" };

/** Two wallets and cards in `currency`: funds 1000 and 250, captures 120 (of a 150 hold) and 30, refunds 20, leaves a 40 hold open. */
async function scriptedMovements(tenant: Tenant, currency: string) {
  const ids = [uniqueUserId("treasury"), uniqueUserId("treasury")];
  const cards: string[] = [];
  for (const externalUserId of ids) {
    await transaction((tx) => createWallet(tx, tenant, { externalUserId, currency, email: "t@example.com" }));
    cards.push((await transaction((tx) => issueCard(tx, tenant, { externalUserId, kind: "virtual", currency }))).id);
  }
  await transaction((tx) => fundWallet(tx, tenant, ids[0]!, { amount: 1000 }));
  await transaction((tx) => fundWallet(tx, tenant, ids[1]!, { amount: 250 }));
  const spend = async (card: string, amount: number) => {
    const outcome = await transaction((tx) => spendCard(tx, tenant, card, { amount, merchant }, "sdk"));
    expect(outcome.approved).toBe(true);
    return outcome.authorization.id;
  };
  const first = await spend(cards[0]!, 150);
  await transaction((tx) => captureAuthorization(tx, tenant, first, { amount: 120 }));
  await transaction((tx) => refundAuthorization(tx, tenant, first, { amount: 20 }));
  const second = await spend(cards[1]!, 30);
  await transaction((tx) => captureAuthorization(tx, tenant, second, {}));
  await spend(cards[1]!, 40);
}

type Direct = {
  wallets: number;
  cards: number;
  liabilities: bigint;
  reserves: bigint;
  volume: bigint;
  overdrawnWallets: number;
  overdrawn: bigint;
};

/** The same figures straight from the tables, one currency at a time, without the grouped queries. */
async function directFigures(db: Prisma.TransactionClient, currency: string): Promise<Direct> {
  const [wallets, cards] = await Promise.all([
    db.wallet.count({ where: { livemode: true, currency } }),
    db.card.count({ where: { livemode: true, currency, status: "active" } }),
  ]);
  // Liabilities: what the wallets and the applications' balances hold (docs/decisions/money-movement.md).
  const walletSum = await db.ledgerEntry.aggregate({
    where: { account: { livemode: true, kind: { in: ["wallet", "balance"] }, currency } },
    _sum: { amount: true },
  });
  const reserveSum = await db.ledgerEntry.aggregate({
    where: { account: { livemode: true, kind: "reserve", currency } },
    _sum: { amount: true },
  });
  const since = new Date(Date.now() - 30 * 86_400_000);
  const moved = await db.ledgerEntry.aggregate({
    where: {
      account: { livemode: true, kind: "reserve", currency },
      transfer: { kind: { in: ["capture", "refund"] }, createdAt: { gte: since } },
    },
    _sum: { amount: true },
  });
  const accounts = await db.ledgerAccount.findMany({ where: { livemode: true, kind: "wallet", currency } });
  const below = accounts.map((a) => a.postedMinor - a.heldMinor).filter((available) => available < 0n);
  return {
    wallets,
    cards,
    liabilities: walletSum._sum.amount ?? 0n,
    reserves: -(reserveSum._sum.amount ?? 0n),
    volume: moved._sum.amount ?? 0n,
    overdrawnWallets: below.length,
    overdrawn: below.reduce((sum, available) => sum + available, 0n),
  };
}

describe("treasury statistics", () => {
  it("equal a direct computation from the ledger after scripted live movements, and leave test data out", async () => {
    const app = await createMerchantApp();
    const live: Tenant = { applicationId: app.application.id, livemode: true };
    const test: Tenant = { applicationId: app.application.id, livemode: false };
    // CHF is used live only by this test and SEK only in test mode, so their figures are exactly ours.
    await scriptedMovements(live, "CHF");
    await scriptedMovements(test, "SEK");
    await scriptedMovements(test, "CHF");

    const { stats, direct } = await prisma().$transaction(
      async (tx) => {
        const stats = await computeTreasuryStats(tx);
        const currencies = stats.currencies.map((c) => c.currency);
        const direct = new Map<string, Direct>();
        for (const currency of currencies) direct.set(currency, await directFigures(tx, currency));
        return { stats, direct };
      },
      { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead },
    );

    expect(stats.livemode).toBe(true);
    expect(stats.ledger_balanced).toBe(true);
    expect(stats.currencies.map((c) => c.currency)).not.toContain("SEK");
    for (const row of stats.currencies) {
      const d = direct.get(row.currency)!;
      expect(row).toEqual({
        currency: row.currency,
        wallets: d.wallets,
        active_cards: d.cards,
        liabilities: toMajor(d.liabilities, row.currency),
        reserves: toMajor(d.reserves, row.currency),
        coverage_ratio: coverageRatio(d.reserves, d.liabilities),
        card_volume_30d: toMajor(d.volume, row.currency),
        overdrawn_wallets: d.overdrawnWallets,
        overdrawn_amount: toMajor(d.overdrawn, row.currency),
      });
    }
    // Funded 1250, captured 150, refunded 20: holders are owed 1120, volume is 130 net.
    expect(stats.currencies.find((c) => c.currency === "CHF")).toEqual({
      currency: "CHF",
      wallets: 2,
      active_cards: 2,
      liabilities: 1120,
      reserves: 1120,
      coverage_ratio: 1,
      card_volume_30d: 130,
      overdrawn_wallets: 0,
      overdrawn_amount: 0,
    });
  });

  it("report a live wallet the card network overdrew (a force post), and only through the network", async () => {
    const app = await createMerchantApp();
    const live: Tenant = { applicationId: app.application.id, livemode: true };
    const externalUserId = uniqueUserId("treasury");
    // NOK is used live only by this test.
    await transaction((tx) => createWallet(tx, live, { externalUserId, currency: "NOK", email: "t@example.com" }));
    const card = await transaction((tx) => issueCard(tx, live, { externalUserId, kind: "virtual", currency: "NOK" }));
    const posted = await handleNetworkMessage({
      kind: "force_post",
      networkId: `treasury-${externalUserId}`,
      processor: "lithic",
      cardId: card.id,
      amount: 550n,
      currency: "NOK",
      merchant: { name: "Ferry" },
    });
    expect(posted.ok).toBe(true);
    const stats = await computeTreasuryStats(prisma());
    expect(stats.currencies.find((c) => c.currency === "NOK")).toMatchObject({
      liabilities: -5.5,
      overdrawn_wallets: 1,
      overdrawn_amount: -5.5,
    });
  });

  it("computes the coverage ratio to four places in integers, and null without liabilities", () => {
    expect(coverageRatio(0n, 0n)).toBeNull();
    expect(coverageRatio(2n, 3n)).toBe(0.6667);
    expect(coverageRatio(150n, 100n)).toBe(1.5);
  });

  it("serves the document publicly cacheable for 60 seconds, with the rate-limit headers", async () => {
    // Public: no key, limited per client address.
    const client = testClient(undefined, { address: "10.3.0.1" });
    const res = await client.GET("/api/public/treasury/stats.json");
    expect(res.response.status).toBe(200);
    expect(res.response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.response.headers.get("x-ratelimit-limit")).toBe("60");
    expect(res.data).toMatchObject({
      livemode: true,
      ledger_balanced: expect.any(Boolean),
      currencies: expect.any(Array),
    });
    const asOf = res.data!.as_of;
    expect(new Date(asOf).toISOString()).toBe(asOf);
    const again = await client.GET("/api/public/treasury/stats.json");
    expect(again.data?.as_of).toBe(asOf);
  });
});
