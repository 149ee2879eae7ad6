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
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
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
    expect(res.data?.id).toMatch(/^auth_/);
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 69.75, posted: 100 });

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.authorized" } });
    const { idempotent_replay: _flag, ...record } = res.data!;
    expect(events.map((e) => e.data)).toEqual([record]);
    const read = await api.authorization(app.key, record.id);
    expect(read.response.status).toBe(200);
    // The read adds the authorization's history (GET /authorizations/{id}), here its one step.
    expect(read.data).toEqual({
      ...record,
      history: [{ kind: "authorization", amount: 30.25, networkId: null, createdAt: record.createdAt }],
    });
  });

  it("captures part of a hold, releases the rest, and fires card.captured", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 40, merchant })).data!;
    const captured = await api.capture(app.key, auth.id, { amount: 25.5 });
    expect(captured.response.status).toBe(200);
    expect(captured.data).toMatchObject({ status: "closed", amount: 40, capturedAmount: 25.5, refundedAmount: 0 });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 74.5, posted: 74.5 });

    const again = await api.capture(app.key, auth.id, { amount: 1 });
    expect(again.response.status).toBe(409);
    expect(again.error?.error.code).toBe("authorization_not_pending");

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.captured" } });
    const { idempotent_replay: _flag, ...record } = captured.data!;
    expect(events.map((e) => e.data)).toEqual([record]);
    expect((await checkLedgerInvariant(prisma())).balanced).toBe(true);
  });

  it("captures the whole authorization when no amount is given, and refuses more than authorized", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 50 });
    const auth = (await api.spend(app.key, cardId, { amount: 20, merchant })).data!;
    const over = await api.capture(app.key, auth.id, { amount: 20.01 });
    expect(over.response.status).toBe(409);
    expect(over.error?.error).toMatchObject({ code: "amount_exceeds_authorization", param: "amount" });
    const full = await api.capture(app.key, auth.id);
    expect(full.data).toMatchObject({ status: "closed", capturedAmount: 20 });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 30, posted: 30 });
  });

  it("refunds in several parts up to the captured amount, then answers 409 amount_exceeds_captured", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 60, merchant })).data!;
    const beforeCapture = await api.refund(app.key, auth.id, { amount: 1 });
    expect(beforeCapture.response.status).toBe(409);
    expect(beforeCapture.error?.error.code).toBe("authorization_not_captured");
    await api.capture(app.key, auth.id, { amount: 50 });

    const first = await api.refund(app.key, auth.id, { amount: 20 });
    expect(first.response.status).toBe(200);
    expect(first.data).toMatchObject({ refundedAmount: 20, capturedAmount: 50, status: "closed" });
    const second = await api.refund(app.key, auth.id, { amount: 25 });
    expect(second.data?.refundedAmount).toBe(45);
    const tooMuch = await api.refund(app.key, auth.id, { amount: 5.01 });
    expect(tooMuch.response.status).toBe(409);
    expect(tooMuch.error?.error).toMatchObject({
      type: "conflict_error",
      code: "amount_exceeds_captured",
      param: "amount",
    });
    const rest = await api.refund(app.key, auth.id);
    expect(rest.data?.refundedAmount).toBe(50);
    const nothingLeft = await api.refund(app.key, auth.id);
    expect(nothingLeft.response.status).toBe(409);
    expect(nothingLeft.error?.error.code).toBe("amount_exceeds_captured");

    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 100, posted: 100 });
    const refunded = await prisma().event.findMany({
      where: { applicationId: app.appId, type: "card.refunded" },
      orderBy: { createdAt: "asc" },
    });
    expect(refunded.map((e) => (e.data as { refundedAmount: number }).refundedAmount)).toEqual([20, 45, 50]);
  });

  it("replays an idempotent spend without placing a second hold or firing a second event", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const extra = { idempotencyKey: "spend-1" };
    const first = await api.spend(app.key, cardId, { amount: 10, merchant }, extra);
    const replay = await api.spend(app.key, cardId, { amount: 10, merchant }, extra);
    expect(replay.response.status).toBe(201);
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.data).toEqual({ ...first.data, idempotent_replay: true });
    expect(await prisma().authorization.count({ where: { cardId } })).toBe(1);
    expect(await prisma().event.count({ where: { applicationId: app.appId, type: "card.authorized" } })).toBe(1);
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 90, posted: 100 });
  });

  it("replays an idempotent capture and refund without moving money twice", async () => {
    const app = await setupApp();
    const { userId, cardId } = await walletWithCard(app.key, { fund: 100 });
    const auth = (await api.spend(app.key, cardId, { amount: 10, merchant })).data!;
    const c1 = await api.capture(app.key, auth.id, { amount: 10 }, { idempotencyKey: "cap" });
    const c2 = await api.capture(app.key, auth.id, { amount: 10 }, { idempotencyKey: "cap" });
    expect(c2.data).toEqual({ ...c1.data, idempotent_replay: true });
    const r1 = await api.refund(app.key, auth.id, { amount: 4 }, { idempotencyKey: "ref" });
    const r2 = await api.refund(app.key, auth.id, { amount: 4 }, { idempotencyKey: "ref" });
    expect(r2.data).toEqual({ ...r1.data, idempotent_replay: true });
    expect((await api.wallet(app.key, userId)).data?.balance).toEqual({ available: 94, posted: 94 });
  });

  it("answers 400 amount_precision for more decimals than the currency has (JPY 10.5), recording nothing", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { currency: "JPY", fund: 1000 });
    const res = await api.spend(app.key, cardId, { amount: 10.5, merchant });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({
      type: "invalid_request_error",
      code: "amount_precision",
      param: "amount",
    });
    expect(await prisma().authorization.count({ where: { cardId } })).toBe(0);
    const ok = await api.spend(app.key, cardId, { amount: 10, merchant });
    expect(ok.data).toMatchObject({ amount: 10, currency: "JPY" });
  });

  it("validates the spend body: merchant name required, no unknown fields", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key, { fund: 10 });
    // The published types refuse these bodies already; the server must refuse them from any caller.
    // @ts-expect-error -- merchant.name is required
    const missing = await api.spend(app.key, cardId, { amount: 1, merchant: {} });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.error.param).toBe("merchant.name");
    // @ts-expect-error -- tip is not a field of a spend
    const extra = await api.spend(app.key, cardId, { amount: 1, merchant, tip: 2 });
    expect(extra.response.status).toBe(400);
    const negative = await api.spend(app.key, cardId, { amount: -1, merchant });
    expect(negative.error?.error.param).toBe("amount");
  });
});
