// Wallet and card endpoints: records, validation, money rules, events and isolation.
import { describe, expect, it } from "vitest";
import { POST as createWallet } from "@/app/api/public/sdk/v1/wallets/route";
import { prisma } from "@/lib/db/client";
import { isValidAccountNumber } from "@/lib/wallets/account-number";
import { callRoute } from "../helpers/call-route";
import { api } from "../helpers/card-money";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";

const { createWallet: newWallet, wallet: readWallet, issueCard: newCard } = api;

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
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
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
    const created = res.data!;
    expect(created.id).toMatch(/^wal_[0-9A-Za-z]{24}$/);
    expect(isValidAccountNumber(created.accountNumber)).toBe(true);
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);

    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "wallet.provisioned" } });
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ id: created.id, object: "wallet" });

    const read = await readWallet(app.key, userId);
    expect(read.response.status).toBe(200);
    const { idempotent_replay: _flag, ...record } = created;
    expect(read.data).toEqual(record);
  });

  it("answers 409 wallet_exists for a second wallet of the same user, with no second event", async () => {
    const app = await setupApp();
    const userId = uniqueUserId();
    await newWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    const res = await newWallet(app.key, { externalUserId: userId, currency: "EUR", email: "a@example.com" });
    expect(res.response.status).toBe(409);
    expect(res.error?.error).toMatchObject({ type: "conflict_error", code: "wallet_exists", param: "externalUserId" });
    expect(await prisma().event.count({ where: { applicationId: app.appId } })).toBe(1);
  });

  it("names the offending field in validation errors and lists every issue", async () => {
    const app = await setupApp();
    const res = await newWallet(app.key, { externalUserId: "bad id!", currency: "US", email: "nope" });
    expect(res.response.status).toBe(400);
    expect(res.error?.error.type).toBe("invalid_request_error");
    expect(res.error?.error.code).toBe("validation_failed");
    expect(res.error?.error.param).toBe("externalUserId");
    expect(res.error?.error.details?.map((d) => d.path).sort()).toEqual(["currency", "email", "externalUserId"]);

    // The published types refuse these bodies already; the server must refuse them from any caller.
    // @ts-expect-error -- externalUserId is required
    const missing = await newWallet(app.key, { currency: "USD", email: "a@example.com" });
    expect(missing.error?.error.param).toBe("externalUserId");
    const extra = await newWallet(app.key, {
      externalUserId: uniqueUserId(),
      currency: "USD",
      email: "a@example.com",
      // @ts-expect-error -- a wallet's balance is not the caller's to set
      balance: 5,
    });
    expect(extra.response.status).toBe(400);
  });

  it("answers 400 unsupported_currency for an unknown ISO code", async () => {
    const app = await setupApp();
    const res = await newWallet(app.key, { externalUserId: uniqueUserId(), currency: "XYZ", email: "a@example.com" });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: "unsupported_currency", param: "currency" });
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
    expect(res.response.status).toBe(404);
    expect(res.error?.error).toMatchObject({ type: "not_found_error", code: "wallet_not_found" });
    const bad = await readWallet(app.key, "a b");
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.param).toBe("externalUserId");
  });

  it("keeps test and live data apart: a test key cannot see a live wallet, nor the reverse", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const userId = uniqueUserId();
    expect(
      (await newWallet(live.secret, { externalUserId: userId, currency: "USD", email: "a@example.com" })).response
        .status,
    ).toBe(201);
    expect((await readWallet(app.key, userId)).response.status).toBe(404);
    expect((await readWallet(live.secret, userId)).response.status).toBe(200);
    // The same user id may exist once per mode.
    expect(
      (await newWallet(app.key, { externalUserId: userId, currency: "USD", email: "a@example.com" })).response.status,
    ).toBe(201);
    expect((await readWallet(app.key, userId)).data?.livemode).toBe(false);
    expect((await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" })).data?.livemode).toBe(
      false,
    );
  });

  it("keeps applications apart: app A cannot read or card app B's wallet", async () => {
    const a = await setupApp();
    const b = await setupApp();
    const userId = uniqueUserId();
    await newWallet(b.key, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    expect((await readWallet(a.key, userId)).response.status).toBe(404);
    const card = await newCard(a.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    expect(card.response.status).toBe(404);
    expect(card.error?.error.code).toBe("wallet_not_found");
  });
});

describe("cards", () => {
  async function walletFor(key: string, currency: string) {
    const userId = uniqueUserId();
    const res = await newWallet(key, { externalUserId: userId, currency, email: "a@example.com" });
    expect(res.response.status).toBe(201);
    return userId;
  }

  it("issues a virtual card with last4 and expiry only, and records card.issued", async () => {
    const app = await setupApp();
    const userId = await walletFor(app.key, "USD");
    const res = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD", spendLimit: 250.5 });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
      object: "card",
      externalUserId: userId,
      kind: "virtual",
      currency: "USD",
      spendLimit: 250.5,
      status: "active",
      livemode: false,
      idempotent_replay: false,
    });
    const card = res.data!;
    expect(card.id).toMatch(/^card_/);
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(card.expYear).toBe(new Date().getUTCFullYear() + 3);
    expect(Object.keys(card).some((k) => /number|pan|cvc/i.test(k))).toBe(false);
    const stored = await prisma().card.findUniqueOrThrow({ where: { id: card.id } });
    expect(stored.spendLimit).toBe(25050n);
    const events = await prisma().event.findMany({ where: { applicationId: app.appId, type: "card.issued" } });
    expect(events.map((e) => (e.data as { id: string }).id)).toEqual([card.id]);
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
      expect(res.response.status, `${currency} ${amount}`).toBe(201);
      expect(res.data?.spendLimit).toBe(amount);
      expect((await prisma().card.findUniqueOrThrow({ where: { id: res.data!.id } })).spendLimit).toBe(minor);
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
      expect(res.response.status, `${currency} ${amount}`).toBe(400);
      expect(res.error?.error).toMatchObject({ code: "amount_precision", param: "spendLimit" });
    }
  });

  it("refuses a card whose currency differs from the wallet's, non-virtual kinds and non-positive limits", async () => {
    const app = await setupApp();
    const userId = await walletFor(app.key, "GBP");
    const mismatch = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "USD" });
    expect(mismatch.response.status).toBe(400);
    expect(mismatch.error?.error).toMatchObject({ code: "currency_mismatch", param: "currency" });
    // The published types refuse the next bodies already; the server must refuse them from any caller.
    // @ts-expect-error -- only virtual cards exist
    const physical = await newCard(app.key, { externalUserId: userId, kind: "physical", currency: "GBP" });
    expect(physical.response.status).toBe(400);
    expect(physical.error?.error.param).toBe("kind");
    const zero = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "GBP", spendLimit: 0 });
    expect(zero.response.status).toBe(400);
    expect(zero.error?.error.param).toBe("spendLimit");
    // @ts-expect-error -- amounts are JSON numbers
    const text = await newCard(app.key, { externalUserId: userId, kind: "virtual", currency: "GBP", spendLimit: "10" });
    expect(text.error?.error.param).toBe("spendLimit");
    expect(await prisma().card.count({ where: { applicationId: app.appId } })).toBe(0);
  });

  it("answers 404 wallet_not_found for a card on an unknown wallet", async () => {
    const app = await setupApp();
    const res = await newCard(app.key, { externalUserId: "ghost", kind: "virtual", currency: "USD" });
    expect(res.response.status).toBe(404);
    expect(res.error?.error.code).toBe("wallet_not_found");
  });
});
