// The settlement report of the application's balance through the real route handler and the typed
// client against the real database: its JSON and CSV forms agree, it lists the balance's movements
// only, bad periods are 400s, and over generated histories of top-ups and transfers opening plus
// movements is the closing balance and the closing balance is the ledger's sum at `to`.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceAccountId } from "@/lib/balance/balance-account";
import { prisma } from "@/lib/db/client";
import { BALANCE_REPORT_CSV_COLUMNS, type BalanceReportRecord } from "@/lib/schemas/balance-report";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { api } from "../helpers/card-money";
import { testClient } from "../helpers/route-fetch";
import { runCliCaptured } from "../helpers/run-cli-captured";

type Party = { type: "balance" } | { type: "wallet"; externalUserId: string };
const BALANCE: Party = { type: "balance" };
const walletParty = (externalUserId: string): Party => ({ type: "wallet", externalUserId });

const cents = (major: number) => Math.round(major * 100);

const money = {
  topUp: (key: string, amount: number, currency = "USD", description?: string) =>
    testClient(key).POST("/api/public/sdk/v1/test/top-ups", {
      body: { amount, currency, ...(description ? { description } : {}) },
    }),
  transfer: (key: string, body: { from: Party; to: Party; amount: number; currency: string; description?: string }) =>
    testClient(key).POST("/api/public/sdk/v1/transfers", { body }),
  /** The JSON form (the documented answer is JSON or CSV text, so its type names both). */
  report: async (key: string, query: { from: string; to: string }) => {
    const answer = await testClient(key).GET("/api/public/sdk/v1/reports/balance", {
      params: { query: { ...query, format: "json" } },
    });
    return { response: answer.response, data: answer.data as BalanceReportRecord | undefined };
  },
  /** The CSV form, read as text. */
  csv: (key: string, query: { from: string; to: string }) =>
    testClient(key).GET("/api/public/sdk/v1/reports/balance", {
      params: { query: { ...query, format: "csv" } },
      parseAs: "text",
    }),
};

async function newWallet(key: string): Promise<string> {
  const userId = uniqueUserId();
  const created = await api.createWallet(key, { externalUserId: userId, currency: "USD", email: "holder@example.com" });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  return userId;
}

/** A minimal RFC 4180 reader: quoted fields with doubled quotes, CRLF line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  expect(field).toBe("");
  expect(row).toEqual([]);
  return rows;
}

/** The ledger's own sum of the balance account's entries before `at`, in minor units. */
async function ledgerSumBefore(appId: string, currency: string, at: Date): Promise<bigint> {
  const id = balanceAccountId({ applicationId: appId, livemode: false }, currency);
  const [row] = await prisma().$queryRaw<{ sum: bigint }[]>`
    SELECT COALESCE(SUM("amount"), 0)::bigint AS "sum" FROM "LedgerEntry" WHERE "accountId" = ${id} AND "createdAt" < ${at}`;
  return row?.sum ?? 0n;
}

const wideOpen = () => ({
  from: new Date(Date.now() - 3_600_000).toISOString(),
  to: new Date(Date.now() + 3_600_000).toISOString(),
});

describe("the settlement report", () => {
  it("lists the balance's top-ups and transfers with the balance after each, and not the wallets' own moves", async () => {
    const { key } = await setupApp();
    const ada = await newWallet(key);
    const ben = await newWallet(key);
    const topUp = await money.topUp(key, 100);
    const toAda = await money.transfer(key, { from: BALANCE, to: walletParty(ada), amount: 30.25, currency: "USD" });
    expect(
      (await money.transfer(key, { from: walletParty(ada), to: walletParty(ben), amount: 10, currency: "USD" }))
        .response.status,
    ).toBe(201);
    const back = await money.transfer(key, { from: walletParty(ben), to: BALANCE, amount: 5, currency: "USD" });
    await money.topUp(key, 700, "JPY");

    const { data, response } = await money.report(key, wideOpen());
    expect(response.status).toBe(200);
    expect(data?.object).toBe("balance_report");
    expect(data?.currencies.map((c) => c.currency)).toEqual(["JPY", "USD"]);
    const usd = data?.currencies[1];
    expect(usd?.openingBalance).toBe(0);
    expect(usd?.closingBalance).toBe(74.75);
    expect(usd?.movements).toEqual([
      expect.objectContaining({ kind: "top_up", id: topUp.data?.id, wallet: null, amount: 100, balanceAfter: 100 }),
      expect.objectContaining({
        kind: "transfer",
        id: toAda.data?.id,
        wallet: ada,
        amount: -30.25,
        balanceAfter: 69.75,
      }),
      expect.objectContaining({ kind: "transfer", id: back.data?.id, wallet: ben, amount: 5, balanceAfter: 74.75 }),
    ]);
    expect(data?.currencies[0]).toMatchObject({ currency: "JPY", openingBalance: 0, closingBalance: 700 });
  });

  it("answers the same report as CSV with the exact columns, exact decimals and guarded text", async () => {
    const { key } = await setupApp();
    const ada = await newWallet(key);
    await money.topUp(key, 100, "USD", 'Wire "A", ref 7');
    await money.transfer(key, {
      from: BALANCE,
      to: walletParty(ada),
      amount: 0.5,
      currency: "USD",
      description: "=HYPERLINK(1)",
    });
    await money.topUp(key, 7, "JPY");
    const period = wideOpen();
    const { data: json } = await money.report(key, period);
    const { data: text, response } = await money.csv(key, period);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="balance-test-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(text).toContain('"Wire ""A"", ref 7"');
    const rows = parseCsv(text ?? "");
    expect(rows[0]).toEqual([...BALANCE_REPORT_CSV_COLUMNS]);
    expect(rows.slice(1)).toEqual([
      [period.from, "opening_balance", "", "", "", "", "JPY", "0"],
      [
        json?.currencies[0]?.movements[0]?.createdAt,
        "top_up",
        json?.currencies[0]?.movements[0]?.id,
        "",
        "Test top-up",
        "7",
        "JPY",
        "7",
      ],
      [period.to, "closing_balance", "", "", "", "", "JPY", "7"],
      [period.from, "opening_balance", "", "", "", "", "USD", "0.00"],
      [
        json?.currencies[1]?.movements[0]?.createdAt,
        "top_up",
        json?.currencies[1]?.movements[0]?.id,
        "",
        'Wire "A", ref 7',
        "100.00",
        "USD",
        "100.00",
      ],
      [
        json?.currencies[1]?.movements[1]?.createdAt,
        "transfer",
        json?.currencies[1]?.movements[1]?.id,
        ada,
        "'=HYPERLINK(1)",
        "-0.50",
        "USD",
        "99.50",
      ],
      [period.to, "closing_balance", "", "", "", "", "USD", "99.50"],
    ]);
  });

  it("refuses a bad period with a clear 400 naming the parameter", async () => {
    const { key } = await setupApp();
    const cases: { query: Record<string, string>; param: string }[] = [
      { query: { from: "2026-11-02T00:00:00Z", to: "2026-11-01T00:00:00Z" }, param: "to" },
      { query: { from: "2026-11-01T00:00:00Z", to: "2026-11-01T00:00:00Z" }, param: "to" },
      { query: { from: "2020-01-01T00:00:00Z", to: "2026-01-01T00:00:00Z" }, param: "to" },
      { query: { from: "yesterday", to: "2026-11-01T00:00:00Z" }, param: "from" },
      { query: { from: "2026-11-01", to: "2026-11-02T00:00:00Z" }, param: "from" },
      { query: { from: "2026-13-01T00:00:00Z", to: "2026-11-02T00:00:00Z" }, param: "from" },
      { query: { to: "2026-11-02T00:00:00Z" }, param: "from" },
      { query: { from: "2026-11-01T00:00:00Z", to: "2026-11-02T00:00:00Z", format: "xlsx" }, param: "format" },
    ];
    for (const { query, param } of cases) {
      const answer = await testClient(key).GET("/api/public/sdk/v1/reports/balance", {
        params: { query: query as never },
      });
      expect(answer.response.status, JSON.stringify(query)).toBe(400);
      expect(answer.error?.error).toMatchObject({ code: "validation_failed", param });
      expect(answer.error?.error.request_id).toMatch(/\S/);
    }
  });

  it("needs a key that can read wallets", async () => {
    const { appId } = await setupApp();
    const { secret: key } = await createKey(appId, { scopes: ["transactions:write"] });
    const answer = await testClient(key).GET("/api/public/sdk/v1/reports/balance", { params: { query: wideOpen() } });
    expect(answer.response.status).toBe(403);
  });
});

describe("the settlement report over generated histories", () => {
  type Step =
    | { kind: "top_up"; cents: number; currency: "USD" | "JPY" }
    | { kind: "transfer"; from: number; to: number; cents: number }
    | { kind: "mark" };
  // Party 0 is the balance; 1-2 are wallets. A mark notes an instant a period can start or end at.
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({
      kind: fc.constant("top_up" as const),
      cents: fc.integer({ min: 1, max: 50_000 }),
      currency: fc.constantFrom("USD" as const, "JPY" as const),
    }),
    fc.record({
      kind: fc.constant("transfer" as const),
      from: fc.nat(2),
      to: fc.nat(2),
      cents: fc.integer({ min: 1, max: 40_000 }),
    }),
    fc.constant({ kind: "mark" as const }),
  );

  it("has opening + movements = closing, and closing = the ledger's sum at `to`, to the minor unit", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), fc.nat(), fc.nat(), async (steps, a, b) => {
        const { key, appId } = await setupApp();
        const wallets = [await newWallet(key), await newWallet(key)];
        const party = (i: number): Party => (i === 0 ? BALANCE : walletParty(wallets[i - 1] ?? ""));
        const marks = [new Date(Date.now() - 1_000)];
        for (const s of steps) {
          if (s.kind === "mark") marks.push(new Date());
          else if (s.kind === "top_up") {
            const amount = s.currency === "JPY" ? s.cents : s.cents / 100;
            expect((await money.topUp(key, amount, s.currency)).response.status).toBe(201);
          } else {
            await money.transfer(key, { from: party(s.from), to: party(s.to), amount: s.cents / 100, currency: "USD" });
          }
        }
        marks.push(new Date(Date.now() + 1_000));
        const [from, to] = [marks[a % marks.length], marks[b % marks.length]].sort(
          (x, y) => (x?.getTime() ?? 0) - (y?.getTime() ?? 0),
        ) as [Date, Date];
        if (to.getTime() <= from.getTime()) return;
        const period = { from: from.toISOString(), to: to.toISOString() };
        const { data } = await money.report(key, period);
        const { data: text } = await money.csv(key, period);
        if (!data) throw new Error("no report");
        const rows = parseCsv(text ?? "").slice(1);
        for (const currency of data.currencies) {
          const scale = currency.currency === "JPY" ? 1 : 100;
          const minor = (major: number) => BigInt(Math.round(major * scale));
          let running = minor(currency.openingBalance);
          expect(running).toBe(await ledgerSumBefore(appId, currency.currency, from));
          for (const m of currency.movements) {
            running += minor(m.amount);
            expect(minor(m.balanceAfter)).toBe(running);
          }
          expect(minor(currency.closingBalance)).toBe(running);
          expect(running).toBe(await ledgerSumBefore(appId, currency.currency, to));
          // The CSV says the same, as exact decimal text.
          const lines = rows.filter((r) => r[6] === currency.currency);
          expect(lines.length).toBe(currency.movements.length + 2);
          expect(lines[0]?.[7]).toBe(currency.openingBalance.toFixed(scale === 1 ? 0 : 2));
          expect(lines.at(-1)?.[7]).toBe(currency.closingBalance.toFixed(scale === 1 ? 0 : 2));
          expect(lines.slice(1, -1).map((r) => r[5])).toEqual(
            currency.movements.map((m) => m.amount.toFixed(scale === 1 ? 0 : 2)),
          );
        }
      }),
      { numRuns: 10 },
    );
  });
});

// The full period's closing balance is the balance the API shows.
it("closes a period ending now at the balance GET /balance shows", async () => {
  const { key } = await setupApp();
  const ada = await newWallet(key);
  await money.topUp(key, 12.34);
  await money.transfer(key, { from: BALANCE, to: walletParty(ada), amount: 2.34, currency: "USD" });
  const { data } = await money.report(key, wideOpen());
  const balance = await testClient(key).GET("/api/public/sdk/v1/balance");
  expect(cents(data?.currencies[0]?.closingBalance ?? -1)).toBe(cents(balance.data?.available[0]?.amount ?? -2));
  expect(cents(data?.currencies[0]?.closingBalance ?? -1)).toBe(1000);
});

const cli = runCliCaptured;

describe("cli reports balance", () => {
  it("prints the same CSV as the API, and refuses a bad period by its option", async () => {
    const { key, appId } = await setupApp();
    await money.topUp(key, 40, "USD", "Seed");
    const period = wideOpen();
    const { data: apiCsv } = await money.csv(key, period);
    const run = await cli(
      "reports",
      "balance",
      "--app",
      appId,
      "--from",
      period.from,
      "--to",
      period.to,
      "--format",
      "csv",
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(apiCsv);
    expect(run.stdout.split("\r\n")[2]).toMatch(/,top_up,tu_\w+,,Seed,40\.00,USD,40\.00$/);

    const json = await cli(
      "reports",
      "balance",
      "--app",
      appId,
      "--from",
      period.from,
      "--to",
      period.to,
      "--format",
      "json",
    );
    expect(JSON.parse(json.stdout)).toMatchObject({ object: "balance_report", currencies: [{ closingBalance: 40 }] });

    const backwards = await cli("reports", "balance", "--app", appId, "--from", period.to, "--to", period.from);
    expect(backwards.code).toBe(1);
    expect(backwards.stderr).toContain("--to: must be after from");
  });
});

describe("the settlement report and payouts", () => {
  it("lists a payout from the balance once it is paid, and its return, by the payout's id", async () => {
    const { key } = await setupApp();
    await money.topUp(key, 100);
    const account = await testClient(key).POST("/api/public/sdk/v1/balance/bank-accounts", {
      body: {
        country: "US",
        currency: "USD",
        holderName: "Shop Inc",
        routingNumber: "110000000",
        accountNumber: "000123456789",
      } as never,
    });
    if (!account.data) throw new Error(JSON.stringify(account.error));
    const payout = await testClient(key).POST("/api/public/sdk/v1/payouts", {
      body: { from: BALANCE, bankAccountId: account.data.id, amount: 30, currency: "USD" },
    });
    if (!payout.data) throw new Error(JSON.stringify(payout.error));
    const move = (to: "in-transit" | "paid" | "returned") =>
      testClient(key).POST("/api/public/sdk/v1/test/payouts/{id}/{move}", {
        params: { path: { id: payout.data?.id ?? "", move: to } },
        body: {},
      });
    // Held, not posted: the report is of posted money, so nothing moves yet.
    const held = await money.report(key, wideOpen());
    expect(held.data?.currencies[0]?.movements.map((m) => m.kind)).toEqual(["top_up"]);
    expect(held.data?.currencies[0]?.closingBalance).toBe(100);

    expect((await move("in-transit")).response.status).toBe(200);
    expect((await move("paid")).response.status).toBe(200);
    expect((await move("returned")).response.status).toBe(200);
    const { data } = await money.report(key, wideOpen());
    expect(data?.currencies[0]?.movements.slice(1)).toEqual([
      expect.objectContaining({ kind: "payout", id: payout.data.id, wallet: null, amount: -30, balanceAfter: 70 }),
      expect.objectContaining({ kind: "payout_return", id: payout.data.id, amount: 30, balanceAfter: 100 }),
    ]);
    expect(data?.currencies[0]?.closingBalance).toBe(100);
  });
});
