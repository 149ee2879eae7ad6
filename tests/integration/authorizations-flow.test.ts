// Spend, capture and refund through the SDK routes: holds, partial captures, partial refunds,
// events recorded with the authorization record, idempotent replays and precision errors.
import { describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { checkLedgerInvariant } from "@/lib/ledger/check-invariant";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";

describe("authorizations", () => {
  it("places a hold on spend, fires card.authorized with the authorization record, and lowers available only", async () => {
    const app = await setupApp();
    const { userId, cardId, walletId } = await walletWithCard(app.key, { fund: 100 });
    const res = await api.spend(app.key, cardId, { amount: 30.25, merchant });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "authorization",
      cardId,
      walletId,
      externalUserId: userId,
      amount: 30.25,
      currency: "USD",
      status: "pending",
      declineCode: null,
      capturedAmount: 0,
      refundedAmount: 0,
      merchant: { name: "Corner Coffee", category: "5814", country: "NG" },
      source: "sdk",
      livemode: false,
      idempotent_replay: false,
    });
    expect(res.json.id).toMatch(/^auth_/);
    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 69.75, posted: 100 });

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.authorized" } });
    const { idempotent_replay: _flag, ...record } = res.json;
    expect(events.map((e) => e.data)).toEqual([record]);
    const read = await api.authorization(app.key, res.json.id);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(record);
  });

  it("captures part of a hold, releases the rest, and fires card.captured", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = await api.spend(app.key, cardId, { amount: 40, merchant });
    const captured = await api.capture(app.key, auth.json.id, { amount: 25.5 });
    expect(captured.status).toBe(200);
    expect(captured.json).toMatchObject({ status: "closed", amount: 40, capturedAmount: 25.5, refundedAmount: 0 });
    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 74.5, posted: 74.5 });

    const again = await api.capture(app.key, auth.json.id, { amount: 1 });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("authorization_not_pending");

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.captured" } });
    const { idempotent_replay: _flag, ...record } = captured.json;
    expect(events.map((e) => e.data)).toEqual([record]);
    expect((await checkLedgerInvariant(prisma())).balanced).toBe(true);
  });

  it("captures the whole authorization when no amount is given, and refuses more than authorized", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 50 });
    const auth = await api.spend(app.key, cardId, { amount: 20, merchant });
    const over = await api.capture(app.key, auth.json.id, { amount: 20.01 });
    expect(over.status).toBe(409);
    expect(over.json.error).toMatchObject({ code: "amount_exceeds_authorization", param: "amount" });
    const full = await api.capture(app.key, auth.json.id);
    expect(full.json).toMatchObject({ status: "closed", capturedAmount: 20 });
    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 30, posted: 30 });
  });

  it("refunds in several parts up to the captured amount, then answers 409 amount_exceeds_captured", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = await api.spend(app.key, cardId, { amount: 60, merchant });
    const beforeCapture = await api.refund(app.key, auth.json.id, { amount: 1 });
    expect(beforeCapture.status).toBe(409);
    expect(beforeCapture.json.error.code).toBe("authorization_not_captured");
    await api.capture(app.key, auth.json.id, { amount: 50 });

    const first = await api.refund(app.key, auth.json.id, { amount: 20 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ refundedAmount: 20, capturedAmount: 50, status: "closed" });
    const second = await api.refund(app.key, auth.json.id, { amount: 25 });
    expect(second.json.refundedAmount).toBe(45);
    const tooMuch = await api.refund(app.key, auth.json.id, { amount: 5.01 });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.json.error).toMatchObject({
      type: "conflict_error",
      code: "amount_exceeds_captured",
      param: "amount",
    });
    const rest = await api.refund(app.key, auth.json.id);
    expect(rest.json.refundedAmount).toBe(50);
    const nothingLeft = await api.refund(app.key, auth.json.id);
    expect(nothingLeft.status).toBe(409);
    expect(nothingLeft.json.error.code).toBe("amount_exceeds_captured");

    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 100, posted: 100 });
    const refunded = await prisma().event.findMany({
      where: { applicationId: app.appId, type: "card.refunded" },
      orderBy: { createdAt: "asc" },
    });
    expect(refunded.map((e) => (e.data as { refundedAmount: number }).refundedAmount)).toEqual([20, 45, 50]);
  });

  it("replays an idempotent spend without placing a second hold or firing a second event", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const headers = { "idempotency-key": "spend-1" };
    const first = await api.spend(app.key, cardId, { amount: 10, merchant }, { headers });
    const replay = await api.spend(app.key, cardId, { amount: 10, merchant }, { headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.json).toEqual({ ...first.json, idempotent_replay: true });
    expect(await prisma().authorization.count({ where: { cardId } })).toBe(1);
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "card.authorized" } })).toBe(1);
    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 90, posted: 100 });
  });

  it("replays an idempotent capture and refund without moving money twice", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = await api.spend(app.key, cardId, { amount: 10, merchant });
    const c1 = await api.capture(app.key, auth.json.id, { amount: 10 }, { headers: { "idempotency-key": "cap" } });
    const c2 = await api.capture(app.key, auth.json.id, { amount: 10 }, { headers: { "idempotency-key": "cap" } });
    expect(c2.json).toEqual({ ...c1.json, idempotent_replay: true });
    const r1 = await api.refund(app.key, auth.json.id, { amount: 4 }, { headers: { "idempotency-key": "ref" } });
    const r2 = await api.refund(app.key, auth.json.id, { amount: 4 }, { headers: { "idempotency-key": "ref" } });
    expect(r2.json).toEqual({ ...r1.json, idempotent_replay: true });
    expect((await api.wallet(app.key, userId)).json.balance).toEqual({ available: 94, posted: 94 });
  });

  it("answers 400 amount_precision for more decimals than the currency has (JPY 10.5), recording nothing", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { currency: "JPY", fund: 1000 });
    const res = await api.spend(app.key, cardId, { amount: 10.5, merchant });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ type: "invalid_request_error", code: "amount_precision", param: "amount" });
    expect(await prisma().authorization.count({ where: { cardId } })).toBe(0);
    const ok = await api.spend(app.key, cardId, { amount: 10, merchant });
    expect(ok.json).toMatchObject({ amount: 10, currency: "JPY" });
  });

  it("validates the spend body: merchant name required, no unknown fields", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    const missing = await api.spend(app.key, cardId, { amount: 1, merchant: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.error.param).toBe("merchant.name");
    const extra = await api.spend(app.key, cardId, { amount: 1, merchant, tip: 2 });
    expect(extra.status).toBe(400);
    const negative = await api.spend(app.key, cardId, { amount: -1, merchant });
    expect(negative.json.error.param).toBe("amount");
  });
});
