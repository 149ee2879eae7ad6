// The application's balance, test top-ups and transfers through the real route handlers and the
// typed client, against the real database: every side posts or none does, the events land in each
// wallet's sequence, bad input changes nothing, racing transfers never overdraw or deadlock, and a
// generated history of top-ups and transfers leaves every balance equal to a reference model.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { verifyLedgerFully } from "@/lib/ledger/verify-ledger";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { api } from "../helpers/card-money";
import { testClient } from "../helpers/route-fetch";

type Party = { type: "balance" } | { type: "wallet"; externalUserId: string };
const BALANCE: Party = { type: "balance" };
const wallet = (externalUserId: string): Party => ({ type: "wallet", externalUserId });

const money = {
  balance: (key: string) => testClient(key).GET("/api/public/sdk/v1/balance"),
  topUp: (key: string, amount: number, currency = "USD") =>
    testClient(key).POST("/api/public/sdk/v1/test/top-ups", { body: { amount, currency } }),
  transfer: (
    key: string,
    body: {
      from: Party;
      to: Party;
      amount: number;
      currency: string;
      description?: string;
      metadata?: Record<string, string>;
    },
    idempotencyKey?: string,
  ) =>
    testClient(key).POST("/api/public/sdk/v1/transfers", {
      body,
      ...(idempotencyKey ? { params: { header: { "Idempotency-Key": idempotencyKey } } } : {}),
    }),
  get: (key: string, id: string) =>
    testClient(key).GET("/api/public/sdk/v1/transfers/{id}", { params: { path: { id } } }),
  list: (key: string, query: { wallet?: string; limit?: number; starting_after?: string } = {}) =>
    testClient(key).GET("/api/public/sdk/v1/transfers", { params: { query } }),
};

async function newWallet(key: string, currency = "USD"): Promise<{ userId: string; walletId: string }> {
  const userId = uniqueUserId();
  const created = await api.createWallet(key, { externalUserId: userId, currency, email: "holder@example.com" });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  return { userId, walletId: created.data.id };
}

async function available(key: string, currency = "USD"): Promise<number> {
  const { data } = await money.balance(key);
  return data?.available.find((a) => a.currency === currency)?.amount ?? 0;
}

async function walletAvailable(key: string, userId: string): Promise<number> {
  const { data } = await api.wallet(key, userId);
  if (!data) throw new Error("no wallet");
  return data.balance.available;
}

describe("the application's balance", () => {
  it("starts empty, is credited by test top-ups at once, and fires top_up.created in the application's stream", async () => {
    const { key, appId } = await setupApp();
    expect((await money.balance(key)).data).toEqual({ object: "balance", livemode: false, available: [], pending: [] });
    const first = await money.topUp(key, 1000.5);
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({
      object: "top_up",
      amount: 1000.5,
      currency: "USD",
      balanceAfter: 1000.5,
      reference: null,
    });
    await money.topUp(key, 20, "jpy");
    const second = await money.topUp(key, 9.5);
    expect(second.data?.balanceAfter).toBe(1010);
    expect((await money.balance(key)).data).toEqual({
      object: "balance",
      livemode: false,
      available: [
        { currency: "JPY", amount: 20 },
        { currency: "USD", amount: 1010 },
      ],
      pending: [
        { currency: "JPY", amount: 0 },
        { currency: "USD", amount: 0 },
      ],
    });
    const events = await prisma().event.findMany({ where: { applicationId: appId, type: "top_up.created" } });
    expect(events.map((e) => e.walletId)).toEqual([null, null, null]);
  });

  it("refuses a test top-up with a live key, and bad amounts, changing nothing", async () => {
    const { appId, key } = await setupApp();
    const { secret: live } = await createKey(appId, { mode: "live" });
    const refused = await money.topUp(live, 100);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe("test_mode_only");
    for (const amount of [0, -5, 1.005, 1e16]) {
      const bad = await money.topUp(key, amount);
      expect(bad.response.status).toBe(400);
    }
    const unknown = await money.topUp(key, 10, "QQQ");
    expect(unknown.error?.error.code).toBe("unsupported_currency");
    expect(await prisma().topUp.count({ where: { applicationId: appId } })).toBe(0);
  });
});

describe("transfers", () => {
  it("moves money balance → wallet → wallet → balance, each side in one ledger transfer, visible everywhere", async () => {
    const { key, appId } = await setupApp();
    const ada = await newWallet(key);
    const ben = await newWallet(key);
    await money.topUp(key, 500);

    const fund = await money.transfer(key, {
      from: BALANCE,
      to: wallet(ada.userId),
      amount: 200,
      currency: "usd",
      metadata: { payroll: "nov" },
    });
    expect(fund.response.status).toBe(201);
    expect(fund.data).toMatchObject({
      object: "transfer",
      from: { type: "balance", walletId: null, externalUserId: null },
      to: { type: "wallet", walletId: ada.walletId, externalUserId: ada.userId },
      amount: 200,
      currency: "USD",
      metadata: { payroll: "nov" },
      idempotent_replay: false,
    });
    const pay = await money.transfer(key, {
      from: wallet(ada.userId),
      to: wallet(ben.userId),
      amount: 75.25,
      currency: "USD",
      description: "Dinner",
    });
    expect(pay.response.status).toBe(201);
    const collect = await money.transfer(key, { from: wallet(ben.userId), to: BALANCE, amount: 25, currency: "USD" });
    expect(collect.response.status).toBe(201);

    expect(await available(key)).toBe(325);
    expect(await walletAvailable(key, ada.userId)).toBe(124.75);
    expect(await walletAvailable(key, ben.userId)).toBe(50.25);

    const adaTransactions = (await api.transactions(key, ada.userId)).data?.data ?? [];
    expect(adaTransactions.map((t) => [t.type, t.amount, t.balanceAfter, t.description])).toEqual([
      ["transfer", -75.25, 124.75, "Dinner"],
      ["transfer", 200, 200, "Transfer"],
    ]);

    const read = await money.get(key, pay.data?.id ?? "");
    expect(read.data).toMatchObject({ id: pay.data?.id, amount: 75.25, description: "Dinner" });
    const all = await money.list(key);
    expect(all.data?.data.map((t) => t.id)).toEqual([collect.data?.id, pay.data?.id, fund.data?.id]);
    const ofBen = await money.list(key, { wallet: ben.userId, limit: 1 });
    expect(ofBen.data?.data.map((t) => t.id)).toEqual([collect.data?.id]);
    const next = await money.list(key, { wallet: ben.userId, limit: 1, starting_after: ofBen.data?.next_cursor ?? "" });
    expect(next.data?.data.map((t) => t.id)).toEqual([pay.data?.id]);

    // One transfer.created per wallet touched, each in that wallet's own gapless sequence.
    const events = await prisma().event.findMany({
      where: { applicationId: appId, type: "transfer.created" },
      orderBy: [{ walletId: "asc" }, { sequence: "asc" }],
    });
    const byWallet = (walletId: string) =>
      events.filter((e) => e.walletId === walletId).map((e) => (e.data as { id: string }).id);
    expect(byWallet(ada.walletId)).toEqual([fund.data?.id, pay.data?.id]);
    expect(byWallet(ben.walletId)).toEqual([pay.data?.id, collect.data?.id]);
    const sequences = await prisma().event.findMany({
      where: { walletId: ada.walletId },
      orderBy: { sequence: "asc" },
    });
    expect(sequences.map((e) => e.sequence)).toEqual(sequences.map((_, i) => i + 1));

    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
  });

  it("answers bad transfers with a clear 4xx and posts nothing", async () => {
    const { key, appId } = await setupApp();
    const ada = await newWallet(key);
    const yen = await newWallet(key, "JPY");
    const frozen = await newWallet(key);
    const closed = await newWallet(key);
    await money.topUp(key, 100);
    await money.transfer(key, { from: BALANCE, to: wallet(frozen.userId), amount: 10, currency: "USD" });
    await prisma().wallet.update({ where: { id: frozen.walletId }, data: { status: "frozen" } });
    await prisma().wallet.update({ where: { id: closed.walletId }, data: { status: "closed" } });
    const before = await prisma().transfer.count({ where: { applicationId: appId } });

    const cases: [Parameters<typeof money.transfer>[1], number, string][] = [
      [{ from: BALANCE, to: wallet(ada.userId), amount: 100.01, currency: "USD" }, 402, "insufficient_funds"],
      [{ from: wallet(ada.userId), to: BALANCE, amount: 1, currency: "USD" }, 402, "insufficient_funds"],
      [{ from: BALANCE, to: wallet(yen.userId), amount: 5, currency: "USD" }, 400, "currency_mismatch"],
      [{ from: BALANCE, to: BALANCE, amount: 5, currency: "USD" }, 400, "validation_failed"],
      [{ from: wallet(ada.userId), to: wallet(ada.userId), amount: 5, currency: "USD" }, 400, "validation_failed"],
      [{ from: BALANCE, to: wallet("nobody_here"), amount: 5, currency: "USD" }, 404, "wallet_not_found"],
      [{ from: BALANCE, to: wallet(ada.userId), amount: 0, currency: "USD" }, 400, "validation_failed"],
      [{ from: BALANCE, to: wallet(ada.userId), amount: -3, currency: "USD" }, 400, "validation_failed"],
      [{ from: BALANCE, to: wallet(ada.userId), amount: 1.234, currency: "USD" }, 400, "amount_precision"],
      [{ from: wallet(frozen.userId), to: wallet(ada.userId), amount: 1, currency: "USD" }, 409, "wallet_not_active"],
      [{ from: BALANCE, to: wallet(closed.userId), amount: 1, currency: "USD" }, 409, "wallet_not_active"],
    ];
    for (const [body, status, code] of cases) {
      const answer = await money.transfer(key, body);
      expect({ body, status: answer.response.status, code: answer.error?.error.code }).toEqual({ body, status, code });
      expect(answer.response.headers.get("request-id") ?? answer.response.headers.get("x-request-id")).toBeTruthy();
    }
    // A frozen wallet can still receive.
    expect(
      (await money.transfer(key, { from: BALANCE, to: wallet(frozen.userId), amount: 1, currency: "USD" })).response
        .status,
    ).toBe(201);
    expect(await prisma().transfer.count({ where: { applicationId: appId } })).toBe(before + 1);
    expect(await available(key)).toBe(89);
    expect((await money.get(key, "tr_nope")).error?.error.code).toBe("transfer_not_found");
  });

  it("replays an Idempotency-Key's answer and refuses the key with another body", async () => {
    const { key, appId } = await setupApp();
    const ada = await newWallet(key);
    await money.topUp(key, 50);
    const body = { from: BALANCE, to: wallet(ada.userId), amount: 20, currency: "USD" };
    const first = await money.transfer(key, body, "pay-ada-1");
    const again = await money.transfer(key, body, "pay-ada-1");
    expect(again.data).toEqual({ ...first.data, idempotent_replay: true });
    const other = await money.transfer(key, { ...body, amount: 21 }, "pay-ada-1");
    expect(other.response.status).toBe(422);
    expect(other.error?.error.code).toBe("idempotency_key_reused");
    expect(await prisma().transfer.count({ where: { applicationId: appId } })).toBe(1);
    expect(await available(key)).toBe(30);
  });

  it("never overdraws a wallet under 50 concurrent transfers, and two wallets paying each other at once never deadlock", async () => {
    const { key, appId } = await setupApp();
    // Ten keys share the requests, so none meets the per-key rate limit.
    const keys = await Promise.all(Array.from({ length: 10 }, async () => (await createKey(appId)).secret));
    const keyFor = (i: number) => keys[i % keys.length] ?? key;
    const ada = await newWallet(key);
    const ben = await newWallet(key);
    await money.topUp(key, 100);
    await money.transfer(key, { from: BALANCE, to: wallet(ada.userId), amount: 30, currency: "USD" });
    await money.transfer(key, { from: BALANCE, to: wallet(ben.userId), amount: 30, currency: "USD" });

    const out = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        money.transfer(keyFor(i), { from: wallet(ada.userId), to: BALANCE, amount: 1, currency: "USD" }),
      ),
    );
    const statuses = out.map((o) => o.response.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(30);
    expect(statuses.filter((s) => s === 402)).toHaveLength(20);
    expect(await walletAvailable(key, ada.userId)).toBe(0);

    await money.transfer(key, { from: BALANCE, to: wallet(ada.userId), amount: 30, currency: "USD" });
    const crossed = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0
          ? money.transfer(keyFor(i), { from: wallet(ada.userId), to: wallet(ben.userId), amount: 1, currency: "USD" })
          : money.transfer(keyFor(i), { from: wallet(ben.userId), to: wallet(ada.userId), amount: 1, currency: "USD" }),
      ),
    );
    expect(crossed.map((c) => c.response.status)).toEqual(crossed.map(() => 201));
    expect(await walletAvailable(key, ada.userId)).toBe(30);
    expect(await walletAvailable(key, ben.userId)).toBe(30);
    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
  });
});

describe("a generated history of top-ups and transfers", () => {
  type Step = { kind: "top_up"; cents: number } | { kind: "transfer"; from: number; to: number; cents: number };
  // Party 0 is the balance; 1-3 are wallets.
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("top_up" as const), cents: fc.integer({ min: 1, max: 50_000 }) }),
    fc.record({
      kind: fc.constant("transfer" as const),
      from: fc.nat(3),
      to: fc.nat(3),
      cents: fc.integer({ min: 1, max: 40_000 }),
    }),
  );

  it("leaves every balance equal to the model's and the ledger fully verified", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { key, appId } = await setupApp();
        const wallets = [await newWallet(key), await newWallet(key), await newWallet(key)];
        const party = (i: number): Party => (i === 0 ? BALANCE : wallet(wallets[i - 1]?.userId ?? ""));
        const model = [0, 0, 0, 0];
        for (const s of steps) {
          if (s.kind === "top_up") {
            expect((await money.topUp(key, s.cents / 100)).response.status).toBe(201);
            model[0] = (model[0] ?? 0) + s.cents;
            continue;
          }
          const answer = await money.transfer(key, {
            from: party(s.from),
            to: party(s.to),
            amount: s.cents / 100,
            currency: "USD",
          });
          const expected = s.from === s.to ? 400 : (model[s.from] ?? 0) < s.cents ? 402 : 201;
          expect(answer.response.status).toBe(expected);
          if (expected === 201) {
            model[s.from] = (model[s.from] ?? 0) - s.cents;
            model[s.to] = (model[s.to] ?? 0) + s.cents;
          }
        }
        expect(Math.round((await available(key)) * 100)).toBe(model[0]);
        for (const [i, w] of wallets.entries()) {
          expect(Math.round((await walletAvailable(key, w.userId)) * 100)).toBe(model[i + 1]);
        }
        expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
      }),
      { numRuns: 12 },
    );
    const verified = await verifyLedgerFully(prisma());
    expect(verified.test).toBe(true);
  });
});
