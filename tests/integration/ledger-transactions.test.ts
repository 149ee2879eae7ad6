// Funding and the wallet's transaction history: the test funding helper, the ledger entries it
// writes, the transactions list with its pages and running balances, period queries for
// statements, the append-only guard and the operator's funding command.
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@/lib/cli/commands";
import { prisma, transaction } from "@/lib/db/client";
import { reserveAccountId } from "@/lib/ledger/accounts";
import { reserveBalance, walletBalanceAt } from "../helpers/ledger-sums";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import { readStatementPeriod } from "@/lib/statements/statement-period";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { createKey, setupApp } from "../helpers/fixtures";

describe("funding", () => {
  it("credits the wallet from the test reserve in one balanced transfer and answers with the transaction", async () => {
    const app = await setupApp();
    const { userId, walletId } = await walletWithCard(app.key, { currency: "KWD" });
    const res = await api.fund(app.key, userId, { amount: 12.345, description: "Top-up" });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
      object: "transaction",
      walletId,
      externalUserId: userId,
      type: "funding",
      amount: 12.345,
      currency: "KWD",
      authorizationId: null,
      description: "Top-up",
      balanceAfter: 12.345,
      livemode: false,
      idempotent_replay: false,
    });
    expect(res.data?.id).toMatch(/^ltr_/);
    const entries = await prisma().ledgerEntry.findMany({
      where: { transferId: res.data!.id },
      orderBy: { amount: "asc" },
    });
    expect(entries.map((e) => [e.accountId, e.amount])).toEqual([
      [reserveAccountId(false, "KWD"), -12345n],
      [expect.stringMatching(/^lacct_/), 12345n],
    ]);
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 12.345, posted: 12.345 });
    expect(await prisma().ledgerAccount.findUnique({ where: { id: reserveAccountId(false, "KWD") } })).toMatchObject({
      kind: "reserve",
      applicationId: null,
      livemode: false,
      currency: "KWD",
      postedMinor: 0n,
    });
  });

  it("keeps the reserve's balance the negative of what it paid out, net of captures and refunds", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { currency: "GBP" });
    await api.fund(app.key, userId, { amount: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 30, merchant })).data!;
    await api.capture(app.key, auth.id);
    await api.refund(app.key, auth.id, { amount: 10 });
    // Other tests use the shared reserve at the same time, so compare this test's own transfers.
    const transfers = await prisma().ledgerEntry.findMany({
      where: { accountId: reserveAccountId(false, "GBP"), transfer: { applicationId: app.appId } },
    });
    expect(transfers.reduce((s, e) => s + e.amount, 0n)).toBe(-8000n);
    // Wallets never go below zero, so the reserve, their mirror, never goes above it.
    expect(await reserveBalance(prisma(), false, "GBP")).toBeLessThanOrEqual(-8000n);
  });

  it("answers 400 amount_precision, 404 for an unknown wallet, and replays an idempotent funding once", async () => {
    const app = await setupApp();
    const { userId } = await walletWithCard(app.key, { currency: "JPY" });
    const precise = await api.fund(app.key, userId, { amount: 10.5 });
    expect(precise.response.status).toBe(400);
    expect(precise.error?.error).toMatchObject({ code: "amount_precision", param: "amount" });
    expect((await api.fund(app.key, "nobody", { amount: 1 })).error?.error.code).toBe("wallet_not_found");
    const extra = { idempotencyKey: "fund-1" };
    const first = await api.fund(app.key, userId, { amount: 500 }, extra);
    const again = await api.fund(app.key, userId, { amount: 500 }, extra);
    expect(again.data).toEqual({ ...first.data, idempotent_replay: true });
    expect((await api.wallet(app.key, userId)).data?.balance.posted).toBe(500);
  });

  it("funds a live wallet through the operator command, recorded like test funding", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const { userId } = await walletWithCard(live.secret, { currency: "NGN" });
    const printed: string[] = [];
    const original = console.log;
    console.log = (line: string) => printed.push(line);
    try {
      await COMMANDS["wallets fund"]!.run(
        { app: app.appId, user: userId, amount: "2500.50", mode: "live", json: true },
        [],
      );
    } finally {
      console.log = original;
    }
    const output = JSON.parse(printed.join("\n"));
    expect(output).toMatchObject({
      object: "transaction",
      type: "funding",
      amount: 2500.5,
      currency: "NGN",
      livemode: true,
      balanceAfter: 2500.5,
    });
    expect((await api.wallet(live.secret, userId)).data?.balance).toEqual({ available: 2500.5, posted: 2500.5 });
    const entries = await prisma().ledgerEntry.findMany({ where: { transferId: output.id } });
    expect(entries.map((e) => e.accountId)).toContain(reserveAccountId(true, "NGN"));
    await expect(
      COMMANDS["wallets fund"]!.run({ app: app.appId, user: userId, amount: "1.001", mode: "live" }, []),
    ).rejects.toThrow(/NGN amounts take at most 2 decimal places/);
  });
});

describe("transactions", () => {
  it("lists funding, captures and refunds newest first with signed amounts and running balances", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 30, merchant })).data!;
    await api.capture(app.key, auth.id, { amount: 25 });
    await api.refund(app.key, auth.id, { amount: 5 });
    const res = await api.transactions(app.key, userId);
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({ object: "list", has_more: false, next_cursor: null });
    expect(res.data?.data.map((t) => [t.type, t.amount, t.balanceAfter, t.authorizationId, t.description])).toEqual([
      ["refund", 5, 80, auth.id, "Refund: Corner Coffee"],
      ["capture", -25, 75, auth.id, "Corner Coffee"],
      ["funding", 100, 100, null, "Test funding"],
    ]);
  });

  it("pages through the history with starting_after and keeps balances right across pages", async () => {
    const app = await setupApp();
    const { userId, walletId } = await walletWithCard(app.key);
    const tenant = { applicationId: app.appId, livemode: false };
    for (let i = 1; i <= 7; i++) await transaction((tx) => fundWallet(tx, tenant, userId, { amount: i }));
    const pages = [];
    let cursor: string | null = null;
    do {
      const res = await api.transactions(app.key, userId, { limit: 3, ...(cursor ? { starting_after: cursor } : {}) });
      expect(res.response.status).toBe(200);
      pages.push(res.data!);
      cursor = res.data!.next_cursor;
    } while (cursor);
    expect(pages.map((p) => p.data.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
    const all = pages.flatMap((p) => p.data);
    expect(all.map((t) => t.amount)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(all.map((t) => t.balanceAfter)).toEqual([28, 21, 15, 10, 6, 3, 1]);
    expect(new Set(all.map((t) => t.id)).size).toBe(7);
    expect(all.every((t) => t.walletId === walletId)).toBe(true);

    const other = await walletWithCard(app.key, { fund: 1 });
    const foreign = (await api.transactions(app.key, other.userId)).data!.data[0]!.id;
    const bad = await api.transactions(app.key, userId, { starting_after: foreign });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.param).toBe("starting_after");
    expect((await api.transactions(app.key, userId, { limit: 101 })).error?.error.param).toBe("limit");
  });

  it("requires wallets:read and hides other applications' wallets", async () => {
    const app = await setupApp();
    const other = await setupApp();
    const { userId } = await walletWithCard(app.key, { fund: 1 });
    const cardsOnly = await createKey(app.appId, { scopes: ["cards:read"] });
    expect((await api.transactions(cardsOnly.secret, userId)).error?.error.code).toBe("scope_missing");
    expect((await api.transactions(other.key, userId)).error?.error.code).toBe("wallet_not_found");
  });

  it("gives statements the balance before an instant and the transactions of a period", async () => {
    const app = await setupApp();
    const { userId, walletId } = await walletWithCard(app.key, { fund: 10 });
    const middle = new Date(Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.fund(app.key, userId, { amount: 5 });
    await api.fund(app.key, userId, { amount: 2.5 });
    const account = await prisma().ledgerAccount.findUniqueOrThrow({ where: { walletId } });
    expect(await walletBalanceAt(prisma(), account.id, middle)).toBe(1000n);
    const wallet = await prisma().wallet.findUniqueOrThrow({ where: { id: walletId } });
    const period = await readStatementPeriod(prisma(), wallet, account.id, middle, new Date(Date.now() + 1000));
    expect(period.openingMinor).toBe(1000n);
    expect(period.closingMinor).toBe(1750n);
    expect(period.transactions.map((t) => [t.amount, t.balanceAfter])).toEqual([
      [5, 15],
      [2.5, 17.5],
    ]);
  });

  it("refuses to update or delete ledger rows: corrections are new transfers", async () => {
    const app = await setupApp();
    const { userId } = await walletWithCard(app.key, { fund: 10 });
    const transferId = (await api.transactions(app.key, userId)).data!.data[0]!.id;
    await expect(prisma().ledgerEntry.updateMany({ where: { transferId }, data: { amount: 1n } })).rejects.toThrow(
      /append-only/,
    );
    await expect(prisma().ledgerEntry.deleteMany({ where: { transferId } })).rejects.toThrow(/append-only/);
    await expect(prisma().ledgerTransfer.delete({ where: { id: transferId } })).rejects.toThrow(/append-only/);
  });
});
