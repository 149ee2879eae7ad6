// Wallet and card endpoints: records, validation, money rules, events and isolation.
import { describe, expect, it } from "vitest";
import { POST as issueCard } from "@/app/api/public/sdk/v1/cards/route";
import { GET as getWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { prisma } from "@/lib/db/client";
import { isValidAccountNumber } from "@/lib/wallets/account-number";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";

const newWallet = (key: string, body: Record<string, unknown>) =>
  callRoute(createWallet, { method: "POST", path: "/api/public/sdk/v1/wallets", key, body });
const readWallet = (key: string, externalUserId: string) =>
  callRoute(getWallet, { path: `/api/public/sdk/v1/wallets/${externalUserId}`, key, params: { externalUserId } });
const newCard = (key: string, body: Record<string, unknown>) =>
  callRoute(issueCard, { method: "POST", path: "/api/public/sdk/v1/cards", key, body });

describe("wallets", () => {
  it("provisions a wallet, returns its record and records wallet.provisioned in the same transaction", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    const res = await newWallet(app.key, {
      externalUserId: userId,
      currency: "ngn",
      email: "ada@example.com",
      name: "Ada Obi",
      address: { line1: "1 Marina", city: "Lagos", country: "NG" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "wallet",
      externalUserId: userId,
      email: "ada@example.com",
      name: "Ada Obi",
      currency: "NGN",
      status: "active",
      balance: { available: 0, posted: 0 },
      livemode: false,
      idempotent_replay: false,
      address: { line1: "1 Marina", city: "Lagos", country: "NG" },
    });
    expect(res.json.id).toMatch(/^wal_[0-9A-Za-z]{24}$/);
    expect(isValidAccountNumber(res.json.accountNumber)).toBe(true);
    expect(new Date(res.json.createdAt).toISOString()).toBe(res.json.createdAt);

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "wallet.provisioned" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ id: res.json.id, object: "wallet" });

    const read = await readWallet(app.key, userId);
    expect(read.status).toBe(200);
    const { idempotent_replay: _flag, ...record } = res.json;
    expect(read.json).toEqual(record);
  });

  it("answers 409 wallet_exists for a second wallet of the same user, with no second event", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    await newWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    const res = await newWallet(app.key, { externalUserId: userId, currency: "EUR", email: "a@example.com" });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ type: "conflict_error", code: "wallet_exists", param: "externalUserId" });
    expect(await prisma().event.count({ where: { applicationId: app.appId } })).toBe(1);
  });

  it("names the offending field in validation errors and lists every issue", async () => {
    const app = await setupApp();
    const res = await newWallet(app.key, { externalUserId: "bad id!", currency: "US", email: "nope" });
    expect(res.status).toBe(400);
    expect(res.json.error.type).toBe("invalid_request_error");
    expect(res.json.error.code).toBe("validation_failed");
    expect(res.json.error.param).toBe("externalUserId");
    expect(res.json.error.details.map((d: { path: string }) => d.path).sort()).toEqual([
      "currency",
      "email",
      "externalUserId",
    ]);

    const missing = await newWallet(app.key, { currency: "USD", email: "a@example.com" });
    expect(missing.json.error.param).toBe("externalUserId");
    const extra = await newWallet(app.key, {
      externalUserId: uniqueUserId(),
      currency: "USD",
      email: "a@example.com",
      balance: 5,
    });
    expect(extra.status).toBe(400);
  });

  it("answers 400 unsupported_currency for an unknown ISO code", async () => {
    const app = await setupApp();
    const res = await newWallet(app.key, { externalUserId: uniqueUserId(), currency: "XYZ", email: "a@example.com" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "unsupported_currency", param: "currency" });
  });

  it("answers 400 invalid_json and 415 unsupported_media_type", async () => {
    const app = await setupApp();
    const broken = await callRoute(createWallet, {
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
      rawBody: "{oops",
      headers: { "content-type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error.code).toBe("invalid_json");
    const wrongType = await callRoute(createWallet, {
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
      rawBody: "externalUserId=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.json.error).toMatchObject({ type: "invalid_request_error", code: "unsupported_media_type" });
  });

  it("answers 404 wallet_not_found and validates the path parameter", async () => {
    const app = await setupApp();
    const res = await readWallet(app.key, "nobody");
    expect(res.status).toBe(404);
    expect(res.json.error).toMatchObject({ type: "not_found_error", code: "wallet_not_found" });
    const bad = await readWallet(app.key, "a b");
    expect(bad.status).toBe(400);
    expect(bad.json.error.param).toBe("externalUserId");
  });

  it("keeps test and live data apart: a test key cannot see a live wallet, nor the reverse", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const userId = uniqueUserId();
    expect(
      (await newWallet(live.secret, { externalUserId: userId, currency: "USD", email: "a@example.com" })).status,
    ).toBe(201);
    expect((await readWallet(app.key, userId)).status).toBe(404);
    expect((await readWallet(live.secret, userId)).status).toBe(200);
    // The same user id may exist once per mode.
    expect((await newWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" })).status).toBe(
      201,
    );
    expect((await readWallet(app.key, userId)).json.livemode).toBe(false);
    expect((await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" })).json.livemode).toBe(
      false,
    );
  });

  it("keeps applications apart: app A cannot read or card app B's wallet", async () => {
    const a = await setupApp();
    const b = await setupApp();
    const userId = uniqueUserId();
    await newWallet(b.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    expect((await readWallet(a.key, userId)).status).toBe(404);
    const card = await newCard(a.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    expect(card.status).toBe(404);
    expect(card.json.error.code).toBe("wallet_not_found");
  });
});

describe("cards", () => {
  async function walletFor(key: string, currency: string) {
    const userId = uniqueUserId();
    const res = await newWallet(key, { externalUserId: userId, currency, email: "a@example.com" });
    expect(res.status).toBe(201);
    return userId;
  }

  it("issues a virtual card with last4 and expiry only, and records card.issued", async () => {
    const app = await setupApp();
    const userId = await walletFor(app.key, "USD");
    const res = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD", spendLimit: 250.5 });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      object: "card",
      externalUserId: userId,
      kind: "virtual",
      currency: "USD",
      spendLimit: 250.5,
      status: "active",
      livemode: false,
      idempotent_replay: false,
    });
    expect(res.json.id).toMatch(/^card_/);
    expect(res.json.last4).toMatch(/^\d{4}$/);
    expect(res.json.expYear).toBe(new Date().getUTCFullYear() + 3);
    expect(Object.keys(res.json).some((k) => /number|pan|cvc/i.test(k))).toBe(false);
    const stored = await prisma().card.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(stored.spendLimit).toBe(25050n);
    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.issued" } });
    expect(events.map((e) => (e.data as { id: string }).id)).toEqual([res.json.id]);
  });

  it("stores amounts as integer minor units per the currency's ISO exponent", async () => {
    const app = await setupApp();
    for (const [currency, amount, minor] of [
      ["JPY", 1000, 1000n],
      ["KWD", 1.234, 1234n],
      ["USD", 0.1, 10n],
      ["USD", 19.99, 1999n],
    ] as const) {
      const userId = await walletFor(app.key, currency);
      const res = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency, spendLimit: amount });
      expect(res.status, `${currency} ${amount}`).toBe(201);
      expect(res.json.spendLimit).toBe(amount);
      expect((await prisma().card.findUniqueOrThrow({ where: { id: res.json.id } })).spendLimit).toBe(minor);
    }
  });

  it("answers 400 amount_precision for more decimals than the currency has", async () => {
    const app = await setupApp();
    for (const [currency, amount] of [
      ["JPY", 10.5],
      ["USD", 1.005],
      ["KWD", 1.2345],
    ] as const) {
      const userId = await walletFor(app.key, currency);
      const res = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency, spendLimit: amount });
      expect(res.status, `${currency} ${amount}`).toBe(400);
      expect(res.json.error).toMatchObject({ code: "amount_precision", param: "spendLimit" });
    }
  });

  it("refuses a card whose currency differs from the wallet's, non-virtual kinds and non-positive limits", async () => {
    const app = await setupApp();
    const userId = await walletFor(app.key, "GBP");
    const mismatch = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.json.error).toMatchObject({ code: "currency_mismatch", param: "currency" });
    const physical = await newCard(app.key, { externalUserId: userId, kind: "physical", currency: "GBP" });
    expect(physical.status).toBe(400);
    expect(physical.json.error.param).toBe("kind");
    const zero = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "GBP", spendLimit: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json.error.param).toBe("spendLimit");
    const text = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "GBP", spendLimit: "10" });
    expect(text.json.error.param).toBe("spendLimit");
    expect(await prisma().card.count({ where: { applicationId: app.appId } })).toBe(0);
  });

  it("answers 404 wallet_not_found for a card on an unknown wallet", async () => {
    const app = await setupApp();
    const res = await newCard(app.key, { externalUserId: "ghost", kind: "virtual", currency: "USD" });
    expect(res.status).toBe(404);
    expect(res.json.error.code).toBe("wallet_not_found");
  });
});
