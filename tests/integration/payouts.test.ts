// Bank accounts and payouts through the real route handlers and the typed client, against the real
// database: identifiers validated per country and sealed at rest, a payout's amount held at once and
// posted out only when paid, every move's event in the right sequence, bad moves refused with nothing
// changed, the rail's submission idempotent, and generated histories of top-ups, transfers and
// payouts leaving every balance equal to a reference model and the ledger verified.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { verifyLedgerFully } from "@/lib/ledger/verify-ledger";
import { isValidNuban, isValidRoutingNumber } from "@/lib/payouts/bank-account-details";
import { submitPayout } from "@/lib/payouts/submit-payout";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { api } from "../helpers/card-money";
import { testClient } from "../helpers/route-fetch";

type Party = { type: "balance" } | { type: "wallet"; externalUserId: string };
const BALANCE: Party = { type: "balance" };
const US_ACCOUNT = {
  country: "US",
  currency: "USD",
  holderName: "Ada Lovelace",
  routingNumber: "110000000",
  accountNumber: "000123456789",
};

const client = {
  topUp: (key: string, amount: number) =>
    testClient(key).POST("/api/public/sdk/v1/test/top-ups", { body: { amount, currency: "USD" } }),
  transfer: (key: string, to: string, amount: number) =>
    testClient(key).POST("/api/public/sdk/v1/transfers", {
      body: { from: BALANCE, to: { type: "wallet", externalUserId: to }, amount, currency: "USD" },
    }),
  walletBankAccount: (key: string, externalUserId: string, body: Record<string, string>) =>
    testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/bank-accounts", {
      params: { path: { externalUserId } },
      // The client's body type is the schema's; these tests also send what it refuses.
      body: body as never,
    }),
  balanceBankAccount: (key: string, body: Record<string, string>) =>
    testClient(key).POST("/api/public/sdk/v1/balance/bank-accounts", { body: body as never }),
  payout: (key: string, from: Party, bankAccountId: string, amount: number) =>
    testClient(key).POST("/api/public/sdk/v1/payouts", { body: { from, bankAccountId, amount, currency: "USD" } }),
  move: (key: string, id: string, move: "in-transit" | "paid" | "failed" | "returned", reason?: string) =>
    testClient(key).POST("/api/public/sdk/v1/test/payouts/{id}/{move}", {
      params: { path: { id, move } },
      body: reason ? { reason } : {},
    }),
  cancel: (key: string, id: string) =>
    testClient(key).POST("/api/public/sdk/v1/payouts/{id}/cancel", { params: { path: { id } } }),
  get: (key: string, id: string) =>
    testClient(key).GET("/api/public/sdk/v1/payouts/{id}", { params: { path: { id } } }),
};

async function fundedWallet(key: string, amount: number): Promise<string> {
  const userId = uniqueUserId();
  const created = await api.createWallet(key, { externalUserId: userId, currency: "USD", email: "ada@example.com" });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  if (amount > 0) {
    await client.topUp(key, amount);
    const moved = await client.transfer(key, userId, amount);
    if (!moved.data) throw new Error(JSON.stringify(moved.error));
  }
  return userId;
}

async function walletBalance(key: string, userId: string) {
  const { data } = await api.wallet(key, userId);
  if (!data) throw new Error("no wallet");
  return data.balance;
}

describe("bank accounts", () => {
  it("checks each country's identifiers, answers them masked, and seals them at rest", async () => {
    const { key } = await setupApp();
    const user = await fundedWallet(key, 0);
    const us = await client.walletBankAccount(key, user, US_ACCOUNT);
    expect(us.response.status).toBe(201);
    expect(us.data).toMatchObject({
      object: "bank_account",
      scheme: "us_aba",
      bankCode: "110000000",
      last4: "6789",
      externalUserId: user,
    });
    expect(JSON.stringify(us.data)).not.toContain("000123456789");
    const row = await prisma().bankAccount.findUniqueOrThrow({ where: { id: us.data?.id ?? "" } });
    expect(row.sealedDetails).not.toContain("123456789");

    const gb = await client.balanceBankAccount(key, {
      country: "GB",
      currency: "GBP",
      holderName: "Acme Ltd",
      sortCode: "12-34-56",
      accountNumber: "12345678",
    });
    expect(gb.data).toMatchObject({ scheme: "gb_sort_code", bankCode: "123456", last4: "5678", walletId: null });
    const iban = await client.balanceBankAccount(key, {
      country: "DE",
      currency: "EUR",
      holderName: "Acme GmbH",
      iban: "DE89 3704 0044 0532 0130 00",
    });
    expect(iban.data).toMatchObject({ scheme: "iban", last4: "3000", bankCode: "37040044" });
    const ng = await client.balanceBankAccount(key, {
      country: "NG",
      currency: "NGN",
      holderName: "Acme NG",
      bankCode: "058",
      accountNumber: "0152792740",
    });
    expect(ng.response.status).toBe(201);

    const refused: [Record<string, string>, string][] = [
      [{ ...US_ACCOUNT, routingNumber: "110000001" }, "routingNumber"],
      [{ ...US_ACCOUNT, accountNumber: "12" }, "accountNumber"],
      [{ ...US_ACCOUNT, iban: "DE89370400440532013000" }, "iban"],
      [{ country: "DE", currency: "EUR", holderName: "X", iban: "DE89370400440532013001" }, "iban"],
      [{ country: "FR", currency: "EUR", holderName: "X", iban: "DE89370400440532013000" }, "iban"],
      [
        { country: "NG", currency: "NGN", holderName: "X", bankCode: "058", accountNumber: "0152792741" },
        "accountNumber",
      ],
      [{ country: "GB", currency: "GBP", holderName: "X", sortCode: "1234", accountNumber: "12345678" }, "sortCode"],
    ];
    for (const [body, param] of refused) {
      const answer = await client.balanceBankAccount(key, body);
      expect({ status: answer.response.status, param: answer.error?.error.param }).toEqual({ status: 400, param });
    }
    const wrongCurrency = await client.walletBankAccount(key, user, { ...US_ACCOUNT, currency: "EUR" });
    expect(wrongCurrency.error?.error.code).toBe("currency_mismatch");
  });

  it("knows the ABA and NUBAN checks", () => {
    expect(isValidRoutingNumber("021000021")).toBe(true);
    expect(isValidRoutingNumber("021000022")).toBe(false);
    fc.assert(
      fc.property(fc.stringMatching(/^\d{3}$/), fc.stringMatching(/^\d{9}$/), (bank, serial) => {
        const valid = [...Array(10).keys()].filter((d) => isValidNuban(bank, `${serial}${d}`));
        expect(valid).toHaveLength(1);
      }),
    );
  });
});

describe("payouts", () => {
  it("holds at once, posts out when paid, credits back when returned, with an event at every move", async () => {
    const { key, appId } = await setupApp();
    const user = await fundedWallet(key, 300);
    const account = await client.walletBankAccount(key, user, US_ACCOUNT);
    const created = await client.payout(key, { type: "wallet", externalUserId: user }, account.data?.id ?? "", 120.5);
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({
      object: "payout",
      status: "pending",
      amount: 120.5,
      rail: "simulator",
      from: { externalUserId: user },
    });
    const id = created.data?.id ?? "";
    expect(await walletBalance(key, user)).toEqual({ available: 179.5, posted: 300 });

    expect(await submitPayout(prisma(), id)).toBe("submitted");
    expect(await submitPayout(prisma(), id)).toBe("skipped");
    expect((await prisma().payout.findUniqueOrThrow({ where: { id } })).railReference).toBe(`sim_${id}`);

    expect((await client.move(key, id, "in-transit")).data?.status).toBe("in_transit");
    expect((await client.cancel(key, id)).error?.error.code).toBe("payout_status_conflict");
    const paid = await client.move(key, id, "paid");
    expect(paid.data?.status).toBe("paid");
    expect(await walletBalance(key, user)).toEqual({ available: 179.5, posted: 179.5 });
    expect((await client.move(key, id, "failed")).response.status).toBe(409);
    const returned = await client.move(key, id, "returned", "account_closed");
    expect(returned.data).toMatchObject({ status: "returned", failureReason: "account_closed" });
    expect(await walletBalance(key, user)).toEqual({ available: 300, posted: 300 });
    expect((await client.get(key, id)).data?.status).toBe("returned");

    const accounts = await testClient(key).GET("/api/public/sdk/v1/wallets/{externalUserId}/bank-accounts", {
      params: { path: { externalUserId: user } },
    });
    expect(accounts.data?.data.map((a) => [a.id, a.last4])).toEqual([[account.data?.id, "6789"]]);
    const listed = await testClient(key).GET("/api/public/sdk/v1/payouts", { params: { query: { wallet: user } } });
    expect(listed.data?.data.map((p) => [p.id, p.status])).toEqual([[id, "returned"]]);
    // A listener from the start of the story sees every payout move, in order.
    const start = await testClient(key).GET("/api/public/sdk/v1/events/listen", { params: { query: { wait: 0 } } });
    expect(start.data?.cursor).toBeTruthy();

    const transactions = (await api.transactions(key, user)).data?.data ?? [];
    expect(transactions.slice(0, 2).map((t) => [t.type, t.amount, t.balanceAfter])).toEqual([
      ["payout_return", 120.5, 300],
      ["payout", -120.5, 179.5],
    ]);
    const events = await prisma().event.findMany({
      where: { applicationId: appId, type: { startsWith: "payout." } },
      orderBy: { sequence: "asc" },
    });
    expect(events.map((e) => e.type)).toEqual([
      "payout.created",
      "payout.in_transit",
      "payout.paid",
      "payout.returned",
    ]);
    expect(new Set(events.map((e) => e.walletId))).toEqual(new Set([events[0]?.walletId]));
    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
  });

  it("releases the hold when a payout fails or is canceled, and pays the balance out to the application's own account", async () => {
    const { key, appId } = await setupApp();
    const user = await fundedWallet(key, 100);
    const account = await client.walletBankAccount(key, user, US_ACCOUNT);
    const first = await client.payout(key, { type: "wallet", externalUserId: user }, account.data?.id ?? "", 60);
    const failed = await client.move(key, first.data?.id ?? "", "failed");
    expect(failed.data).toMatchObject({ status: "failed", failureReason: "rail_failed" });
    const second = await client.payout(key, { type: "wallet", externalUserId: user }, account.data?.id ?? "", 100);
    expect((await client.cancel(key, second.data?.id ?? "")).data?.status).toBe("canceled");
    expect(await walletBalance(key, user)).toEqual({ available: 100, posted: 100 });

    await client.topUp(key, 50);
    const own = await client.balanceBankAccount(key, US_ACCOUNT);
    const owned = await testClient(key).GET("/api/public/sdk/v1/balance/bank-accounts");
    expect(owned.data?.data.map((a) => [a.id, a.walletId])).toEqual([[own.data?.id, null]]);
    const fromBalance = await client.payout(key, BALANCE, own.data?.id ?? "", 50);
    expect(fromBalance.data?.status).toBe("pending");
    const balance = await testClient(key).GET("/api/public/sdk/v1/balance");
    expect(balance.data?.available).toEqual([{ currency: "USD", amount: 0 }]);
    await client.move(key, fromBalance.data?.id ?? "", "paid");
    const event = await prisma().event.findFirstOrThrow({ where: { applicationId: appId, type: "payout.paid" } });
    expect(event.walletId).toBeNull();
    expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
  });

  it("refuses bad payouts with a clear 4xx, holding nothing", async () => {
    const { key, appId } = await setupApp();
    const user = await fundedWallet(key, 20);
    const other = await fundedWallet(key, 0);
    const mine = await client.walletBankAccount(key, user, US_ACCOUNT);
    const theirs = await client.walletBankAccount(key, other, US_ACCOUNT);
    const own = await client.balanceBankAccount(key, US_ACCOUNT);
    const from = { type: "wallet" as const, externalUserId: user };
    const cases: [Promise<{ response: Response; error?: { error: { code: string } } }>, number, string][] = [
      [client.payout(key, from, mine.data?.id ?? "", 20.01), 402, "insufficient_funds"],
      [client.payout(key, from, theirs.data?.id ?? "", 1), 400, "validation_failed"],
      [client.payout(key, from, own.data?.id ?? "", 1), 400, "validation_failed"],
      [client.payout(key, BALANCE, mine.data?.id ?? "", 1), 400, "validation_failed"],
      [client.payout(key, from, "ba_nope", 1), 404, "bank_account_not_found"],
      [client.payout(key, from, mine.data?.id ?? "", 0.001), 400, "amount_precision"],
      [client.move(key, "po_nope", "paid"), 404, "payout_not_found"],
    ];
    for (const [call, status, code] of cases) {
      const answer = await call;
      expect({ status: answer.response.status, code: answer.error?.error.code }).toEqual({ status, code });
    }
    const { secret: live } = await createKey(appId, { mode: "live" });
    const refused = await client.payout(live, BALANCE, own.data?.id ?? "", 1);
    expect({ status: refused.response.status, code: refused.error?.error.code }).toEqual({
      status: 403,
      code: "payouts_not_configured",
    });
    expect(await prisma().payout.count({ where: { applicationId: appId } })).toBe(0);
    expect(await walletBalance(key, user)).toEqual({ available: 20, posted: 20 });
  });
});

describe("a generated history with payouts", () => {
  type Step =
    | { kind: "payout"; cents: number }
    | { kind: "move"; payout: number; move: "in-transit" | "paid" | "failed" | "returned" | "cancel" };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant("payout" as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
    fc.record({
      kind: fc.constant("move" as const),
      payout: fc.nat(5),
      move: fc.constantFrom(
        "in-transit" as const,
        "paid" as const,
        "failed" as const,
        "returned" as const,
        "cancel" as const,
      ),
    }),
  );
  const ALLOWED: Record<string, string[]> = {
    "in-transit": ["pending"],
    paid: ["pending", "in_transit"],
    failed: ["pending", "in_transit"],
    returned: ["paid"],
    cancel: ["pending"],
  };
  const NEXT: Record<string, string> = {
    "in-transit": "in_transit",
    paid: "paid",
    failed: "failed",
    returned: "returned",
    cancel: "canceled",
  };

  it("keeps the wallet's posted and available balances equal to the model's, and the ledger verified", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        const { key, appId } = await setupApp();
        const user = await fundedWallet(key, 500);
        const account = await client.walletBankAccount(key, user, US_ACCOUNT);
        let posted = 50_000;
        let held = 0;
        const payouts: { id: string; cents: number; status: string }[] = [];
        for (const s of steps) {
          if (s.kind === "payout") {
            const answer = await client.payout(
              key,
              { type: "wallet", externalUserId: user },
              account.data?.id ?? "",
              s.cents / 100,
            );
            const expected = posted - held >= s.cents ? 201 : 402;
            expect(answer.response.status).toBe(expected);
            if (expected === 201) {
              payouts.push({ id: answer.data?.id ?? "", cents: s.cents, status: "pending" });
              held += s.cents;
            }
            continue;
          }
          const payout = payouts[s.payout];
          if (!payout) continue;
          const answer =
            s.move === "cancel" ? await client.cancel(key, payout.id) : await client.move(key, payout.id, s.move);
          const allowed = ALLOWED[s.move]?.includes(payout.status) ?? false;
          expect(answer.response.status).toBe(allowed ? 200 : 409);
          if (!allowed) continue;
          const next = NEXT[s.move] ?? "";
          if (next === "paid") {
            held -= payout.cents;
            posted -= payout.cents;
          } else if (next === "failed" || next === "canceled") held -= payout.cents;
          else if (next === "returned") posted += payout.cents;
          payout.status = next;
        }
        expect(await walletBalance(key, user)).toEqual({ available: (posted - held) / 100, posted: posted / 100 });
        expect((await checkLedgerInvariant(prisma(), { applicationId: appId })).balanced).toBe(true);
      }),
      { numRuns: 10 },
    );
    expect((await verifyLedgerFully(prisma())).test).toBe(true);
  });
});
