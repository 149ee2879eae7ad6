// Live payouts on Lithic's ACH payments (PAYOUT_RAIL_LIVE=lithic): submitted to the mock generated from
// Lithic's OpenAPI document in its validating mode (a request the document does not allow is refused,
// so drift from Lithic's contract fails here), the external bank account made once and reused, the
// payment named by our payout id so a retry asks for the same one, a refusal failing the payout and an
// outage leaving it pending; Lithic's payment_transaction events, built from the document and signed as
// Lithic signs them, moving the payout through the real events route, each once, into the ledger.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as eventsRoute } from "@/app/api/processors/lithic/events/route";
import { recordLiveTopUp } from "@/lib/balance/top-up";
import { lithicPaymentToken } from "@/lib/connectors/lithic/payout-rail";
import { resetLithicClient } from "@/lib/connectors/lithic/client";
import { prisma, transaction } from "@/lib/db/client";
import { verifyLedgerFully } from "@/lib/ledger/verify-ledger";
import { PayoutRailError } from "@/lib/payouts/payout-rail";
import { submitPayout } from "@/lib/payouts/submit-payout";
import { createKey, setupApp } from "../helpers/fixtures";
import { startLithicMock, type LithicMock } from "../helpers/lithic-mock";
import { lithicSecret, paymentTransactionEvent, signedByLithic, webhookBodyErrors } from "../helpers/lithic-payloads";
import { testClient } from "../helpers/route-fetch";

const API_KEY = "test-lithic-key";
const FINANCIAL_ACCOUNT = "0d6b1b9f-b90f-5f03-9c45-8930d5a6aac0";
const WEBHOOK_SECRET = lithicSecret();
const US_ACCOUNT = {
  country: "US",
  currency: "USD",
  holderName: "Acme Séverine Inc",
  routingNumber: "110000000",
  accountNumber: "000123456789",
};
let mock: LithicMock;
const saved = { ...process.env };

beforeAll(async () => {
  mock = await startLithicMock();
}, 90_000);

beforeEach(() => {
  lithicAt(mock.baseUrl);
  process.env.PAYOUT_RAIL_LIVE = "lithic";
  process.env.LITHIC_API_KEY = API_KEY;
  process.env.LITHIC_FINANCIAL_ACCOUNT_TOKEN = FINANCIAL_ACCOUNT;
  process.env.LITHIC_WEBHOOK_SECRET = WEBHOOK_SECRET;
});

afterAll(async () => {
  process.env = saved;
  resetLithicClient();
  await mock?.close();
});

function lithicAt(baseUrl: string): void {
  process.env.LITHIC_BASE_URL = baseUrl;
  resetLithicClient();
}

/** A live application whose balance holds `amount` USD (a recorded bank deposit), with a US account of its own. */
async function liveBalance(amount: number) {
  const { appId } = await setupApp();
  const { secret } = await createKey(appId, { mode: "live" });
  await transaction((tx) => recordLiveTopUp(tx, appId, { amount, currency: "USD", reference: `WIRE ${randomUUID()}` }));
  const account = await testClient(secret).POST("/api/public/sdk/v1/balance/bank-accounts", { body: US_ACCOUNT });
  expect(account.response.status, JSON.stringify(account.error)).toBe(201);
  return { appId, key: secret, bankAccountId: account.data?.id ?? "" };
}

async function payout(key: string, bankAccountId: string, amount: number) {
  const created = await testClient(key).POST("/api/public/sdk/v1/payouts", {
    body: { from: { type: "balance" }, bankAccountId, amount, currency: "USD", description: "Payout – Nov" },
  });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  return created.data?.id ?? "";
}

async function balanceOf(key: string) {
  const { data } = await testClient(key).GET("/api/public/sdk/v1/balance");
  return { available: data?.available[0]?.amount, payout: data };
}

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** A stand-in for Lithic answering from a script, recording each request's path and body. */
async function scriptedLithic(answer: (path: string, n: number) => { status: number; body: unknown }) {
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const server: Server = createServer((request: IncomingMessage, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => {
      const path = request.url ?? "";
      requests.push({ path, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      const { status, body } = answer(path, requests.filter((r) => r.path === path).length);
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function deliver(payload: unknown) {
  const signed = signedByLithic(payload, WEBHOOK_SECRET);
  const response = await eventsRoute(
    new Request("http://localhost/api/processors/lithic/events", {
      method: "POST",
      headers: signed.headers,
      body: signed.body,
    }),
  );
  return { status: response.status, json: await response.json(), signed };
}

describe("live payouts through Lithic's ACH payments", () => {
  it("creates the external bank account once and a payment per payout, as Lithic's document allows", async () => {
    const app = await liveBalance(100);
    const first = await payout(app.key, app.bankAccountId, 30);
    expect((await prisma().payout.findUniqueOrThrow({ where: { id: first } })).rail).toBe("lithic");
    expect((await balanceOf(app.key)).available).toBe(70);

    expect(await submitPayout(prisma(), first), mock.output().slice(-3000)).toBe("submitted");
    const sent = await prisma().payout.findUniqueOrThrow({ where: { id: first }, include: { bankAccount: true } });
    expect(sent.status).toBe("pending");
    expect(sent.railReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.bankAccount.railAccountToken).toMatch(/^[0-9a-f-]{36}$/);

    const second = await payout(app.key, app.bankAccountId, 20);
    expect(await submitPayout(prisma(), second), mock.output().slice(-3000)).toBe("submitted");
    // A submitted payout is not sent again.
    expect(await submitPayout(prisma(), second)).toBe("skipped");
    expect(count(mock.output(), /post \/v1\/external_bank_accounts/gi)).toBe(1);
    expect(count(mock.output(), /post \/v1\/payments/gi)).toBe(2);
  });

  it("refuses a non-US or non-USD account before anything is held", async () => {
    const app = await liveBalance(50);
    const client = testClient(app.key);
    const gb = await client.POST("/api/public/sdk/v1/balance/bank-accounts", {
      body: { country: "GB", currency: "GBP", holderName: "Acme Ltd", sortCode: "12-34-56", accountNumber: "12345678" },
    });
    const eur = await client.POST("/api/public/sdk/v1/balance/bank-accounts", {
      body: { ...US_ACCOUNT, currency: "EUR" },
    });
    for (const [bankAccountId, currency, words] of [
      [gb.data?.id ?? "", "GBP", /US bank accounts only/],
      [eur.data?.id ?? "", "EUR", /USD only/],
    ] as const) {
      const refused = await client.POST("/api/public/sdk/v1/payouts", {
        body: { from: { type: "balance" }, bankAccountId, amount: 1, currency },
      });
      expect(refused.response.status).toBe(400);
      expect(refused.error?.error).toMatchObject({ code: "validation_failed", param: "bankAccountId" });
      expect(refused.error?.error.message).toMatch(words);
    }
    expect(await prisma().payout.count({ where: { applicationId: app.appId } })).toBe(0);
    expect((await balanceOf(app.key)).available).toBe(50);
  });

  it("keeps live payouts refused without PAYOUT_RAIL_LIVE", async () => {
    const app = await liveBalance(10);
    process.env.PAYOUT_RAIL_LIVE = "none";
    const refused = await testClient(app.key).POST("/api/public/sdk/v1/payouts", {
      body: { from: { type: "balance" }, bankAccountId: app.bankAccountId, amount: 1, currency: "USD" },
    });
    expect({ status: refused.response.status, code: refused.error?.error.code }).toEqual({
      status: 403,
      code: "payouts_not_configured",
    });
  });

  it("retries an outage or a 5xx with the same payment token, and never makes the bank account twice", async () => {
    const app = await liveBalance(100);
    const id = await payout(app.key, app.bankAccountId, 25);

    lithicAt("http://127.0.0.1:9");
    const down = await submitPayout(prisma(), id).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(PayoutRailError);
    expect((down as PayoutRailError).retry).toBe(true);
    expect(await prisma().payout.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending",
      railReference: null,
    });

    const paymentToken = lithicPaymentToken(id);
    const lithic = await scriptedLithic((path, n) => {
      if (path === "/v1/external_bank_accounts") return { status: 201, body: { token: randomUUID() } };
      return n === 1
        ? { status: 503, body: { message: "try later", debugging_request_id: randomUUID() } }
        : { status: 202, body: { token: paymentToken } };
    });
    try {
      lithicAt(lithic.baseUrl);
      const unavailable = await submitPayout(prisma(), id).catch((error: unknown) => error);
      expect(unavailable).toMatchObject({ retry: true });
      expect(await submitPayout(prisma(), id)).toBe("submitted");
      const payments = lithic.requests.filter((r) => r.path === "/v1/payments");
      expect(payments).toHaveLength(2);
      for (const { body } of payments) {
        expect(body).toMatchObject({
          token: paymentToken,
          user_defined_id: id,
          type: "PAYMENT",
          amount: 2500,
          financial_account_token: FINANCIAL_ACCOUNT,
          method_attributes: { sec_code: "CCD" },
          memo: "Payout  Nov",
        });
      }
      expect(lithic.requests.filter((r) => r.path === "/v1/external_bank_accounts")).toHaveLength(1);
      expect(lithic.requests[0]?.body).toMatchObject({
        owner: "Acme Severine Inc",
        owner_type: "BUSINESS",
        verification_method: "UNVERIFIED",
        country: "USA",
        user_defined_id: app.bankAccountId,
      });
      expect((await prisma().payout.findUniqueOrThrow({ where: { id } })).railReference).toBe(paymentToken);
    } finally {
      await lithic.close();
    }
  });

  it("fails the payout and releases the hold when Lithic refuses the payment (4xx)", async () => {
    const app = await liveBalance(40);
    const id = await payout(app.key, app.bankAccountId, 15);
    const lithic = await scriptedLithic((path) => {
      if (path === "/v1/external_bank_accounts") return { status: 201, body: { token: randomUUID() } };
      // Read back by its token: Lithic has no such payment.
      if (path.startsWith("/v1/payments/")) return { status: 404, body: { message: "Not found" } };
      return {
        status: 400,
        body: { message: "Insufficient funds in financial account", debugging_request_id: "dbg_1" },
      };
    });
    try {
      lithicAt(lithic.baseUrl);
      expect(await submitPayout(prisma(), id)).toBe("failed");
    } finally {
      await lithic.close();
    }
    const failed = await testClient(app.key).GET("/api/public/sdk/v1/payouts/{id}", { params: { path: { id } } });
    expect(failed.data).toMatchObject({ status: "failed" });
    expect(failed.data?.failureReason).toMatch(/^rail_refused: .*400 Insufficient funds.*dbg_1/);
    expect((await balanceOf(app.key)).available).toBe(40);
    expect(lithic.requests.map((r) => r.path)).toContain(`/v1/payments/${lithicPaymentToken(id)}`);
  });

  it("takes a create refused because the payment exists (its first answer lost) as submitted, never failing it", async () => {
    const app = await liveBalance(40);
    const id = await payout(app.key, app.bankAccountId, 15);
    const token = lithicPaymentToken(id);
    const lithic = await scriptedLithic((path) => {
      if (path === "/v1/external_bank_accounts") return { status: 201, body: { token: randomUUID() } };
      if (path === `/v1/payments/${token}`) return { status: 200, body: { token } };
      return { status: 409, body: { message: "A payment with this token exists" } };
    });
    try {
      lithicAt(lithic.baseUrl);
      expect(await submitPayout(prisma(), id)).toBe("submitted");
    } finally {
      await lithic.close();
    }
    expect(await prisma().payout.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "pending",
      railReference: token,
    });
    expect((await balanceOf(app.key)).available).toBe(25);
  });
});

describe("Lithic's payment events", () => {
  async function submitted(amount: number) {
    const app = await liveBalance(100);
    const id = await payout(app.key, app.bankAccountId, amount);
    expect(await submitPayout(prisma(), id)).toBe("submitted");
    // The mock answers every create with the document's one example payment; Lithic gives each its own token.
    const reference = randomUUID();
    await prisma().payout.update({ where: { id }, data: { railReference: reference } });
    return { ...app, id, reference };
  }
  const statusOf = async (id: string) => (await prisma().payout.findUniqueOrThrow({ where: { id } })).status;

  it("moves a payout in transit, paid and returned, each once however often Lithic says so", async () => {
    const sent = await submitted(30);
    const event = (status: string, types: string[], returnReasonCode?: string) =>
      paymentTransactionEvent({
        token: sent.reference,
        userDefinedId: sent.id,
        amount: 3000,
        status,
        events: types.map((type) => ({ type })),
        returnReasonCode,
      });

    const created = await paymentTransactionEvent({
      kind: "payment_transaction.created",
      token: sent.reference,
      userDefinedId: sent.id,
      amount: 3000,
      status: "PENDING",
      events: [{ type: "ACH_ORIGINATION_INITIATED" }],
    });
    expect(await webhookBodyErrors("payment_transaction.created", created)).toEqual([]);
    expect((await deliver(created)).json.events[0].result).toBe("unchanged");
    expect(await statusOf(sent.id)).toBe("pending");

    const processed = await event("PENDING", ["ACH_ORIGINATION_INITIATED", "ACH_ORIGINATION_PROCESSED"]);
    expect(await webhookBodyErrors("payment_transaction.updated", processed)).toEqual([]);
    const inTransit = await deliver(processed);
    expect(inTransit.status).toBe(200);
    expect(inTransit.json.events[0].result).toBe("applied:in_transit");
    // The same delivery again (its webhook-id): answered as before, nothing done.
    const redelivered = await eventsRoute(
      new Request("http://localhost/api/processors/lithic/events", {
        method: "POST",
        headers: inTransit.signed.headers,
        body: inTransit.signed.body,
      }),
    );
    expect((await redelivered.json()).replayed).toBe(true);

    const settled = await event("SETTLED", [
      "ACH_ORIGINATION_INITIATED",
      "ACH_ORIGINATION_PROCESSED",
      "ACH_ORIGINATION_SETTLED",
    ]);
    expect(await webhookBodyErrors("payment_transaction.updated", settled)).toEqual([]);
    expect((await deliver(settled)).json.events[0].result).toBe("applied:paid");
    // A new delivery of a state already reached (Lithic sends each update once per subscription).
    expect((await deliver(settled)).json.events[0].result).toBe("unchanged");
    // A late, older update does not move it back.
    expect((await deliver(processed)).json.events[0].result).toBe("unchanged");
    expect(await statusOf(sent.id)).toBe("paid");
    const paidBalance = await testClient(sent.key).GET("/api/public/sdk/v1/balance");
    expect(paidBalance.data?.available[0]?.amount).toBe(70);

    const returned = await event(
      "RETURNED",
      ["ACH_ORIGINATION_INITIATED", "ACH_ORIGINATION_PROCESSED", "ACH_ORIGINATION_SETTLED", "ACH_RETURN_PROCESSED"],
      "R01",
    );
    expect(await webhookBodyErrors("payment_transaction.updated", returned)).toEqual([]);
    expect((await deliver(returned)).json.events[0].result).toBe("applied:returned");
    const payout = await prisma().payout.findUniqueOrThrow({ where: { id: sent.id } });
    expect(payout).toMatchObject({ status: "returned", failureReason: "returned_by_bank: R01" });
    expect((await balanceOf(sent.key)).available).toBe(100);
    const kinds = await prisma().event.findMany({
      where: { applicationId: sent.appId, type: { startsWith: "payout." } },
      orderBy: { sequence: "asc" },
      select: { type: true },
    });
    expect(kinds.map((k) => k.type)).toEqual(["payout.created", "payout.in_transit", "payout.paid", "payout.returned"]);
    expect((await verifyLedgerFully(prisma())).live).toBe(true);
  });

  it("fails a declined payment (its reason kept), pays one reported settled at once, and refuses a late cancel", async () => {
    const declined = await submitted(20);
    const payload = await paymentTransactionEvent({
      token: declined.reference,
      userDefinedId: declined.id,
      amount: 2000,
      status: "DECLINED",
      events: [{ type: "ACH_ORIGINATION_INITIATED", result: "DECLINED", detail: "FUNDS_INSUFFICIENT" }],
    });
    expect(await webhookBodyErrors("payment_transaction.updated", payload)).toEqual([]);
    expect((await deliver(payload)).json.events[0].result).toBe("applied:failed");
    expect(await prisma().payout.findUniqueOrThrow({ where: { id: declined.id } })).toMatchObject({
      status: "failed",
      failureReason: "rail_declined: FUNDS_INSUFFICIENT",
    });
    expect((await balanceOf(declined.key)).available).toBe(100);

    const quick = await submitted(10);
    const cancel = await testClient(quick.key).POST("/api/public/sdk/v1/payouts/{id}/cancel", {
      params: { path: { id: quick.id } },
    });
    expect(cancel.response.status).toBe(409);
    expect(cancel.error?.error.code).toBe("payout_status_conflict");
    const settled = await paymentTransactionEvent({
      token: quick.reference,
      userDefinedId: null,
      amount: 1000,
      status: "SETTLED",
      events: [{ type: "ACH_ORIGINATION_INITIATED" }, { type: "ACH_ORIGINATION_SETTLED" }],
    });
    // Found by Lithic's token alone when the event does not carry our id.
    expect((await deliver(settled)).json.events[0].result).toBe("applied:paid");
    expect(await statusOf(quick.id)).toBe("paid");
  });

  it("acknowledges payments that are not our payouts, storing them, and refuses a malformed one", async () => {
    const unknown = await paymentTransactionEvent({
      token: randomUUID(),
      userDefinedId: `po_${randomUUID()}`,
      amount: 500,
      status: "PENDING",
      events: [{ type: "ACH_ORIGINATION_INITIATED" }],
    });
    const answer = await deliver(unknown);
    expect(answer.status).toBe(200);
    expect(answer.json.events[0].result).toBe("unknown_payout");
    const stored = await prisma().processorMessage.findUniqueOrThrow({
      where: { processor_messageId: { processor: "lithic", messageId: answer.signed.headers["webhook-id"] ?? "" } },
    });
    expect(stored.outcome).toBe("ignored");

    const collection = await paymentTransactionEvent({
      token: randomUUID(),
      userDefinedId: null,
      amount: 500,
      status: "SETTLED",
      type: "ORIGINATION_DEBIT",
      events: [{ type: "ACH_ORIGINATION_SETTLED" }],
    });
    expect((await deliver(collection)).json.events[0].result).toBe("not_a_payout");

    const malformed = await deliver({ ...unknown, status: "LOST" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error.code).toBe("validation_failed");
  });
});
