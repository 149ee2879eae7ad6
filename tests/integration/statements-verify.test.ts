// Statements and the public statement-token check: balances and transactions from the ledger, a
// token shown once and stored hashed, a QR code of the verify URL, and every verification outcome.
import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import type { Schemas } from "@/lib/client/create-service-client";
import { prisma } from "@/lib/db/client";
import { hashStatementToken } from "@/lib/statements/statement-token";
import { api } from "../helpers/card-money";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";
import { testClient } from "../helpers/route-fetch";

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

async function walletWithMoney(key: string, options: { name?: string } = {}) {
  const userId = uniqueUserId();
  const created = await api.createWallet(key, {
    externalUserId: userId,
    currency: "USD",
    email: "ada@example.com",
    ...(options.name ? { name: options.name } : {}),
  });
  expect(created.response.status).toBe(201);
  for (const amount of [100, 25.5]) {
    const funded = await api.fund(key, userId, { amount });
    expect(funded.response.status).toBe(201);
  }
  return userId;
}

const issue = (key: string, userId: string, body: Schemas["CreateStatementRequest"]) =>
  testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/statements", {
    params: { path: { externalUserId: userId } },
    body,
  });
const revoke = (key: string, statementId: string) =>
  testClient(key).POST("/api/public/sdk/v1/statements/{id}/revoke", { params: { path: { id: statementId } } });
// The public check takes no key; its limit counts per client address.
const verify = (token?: string, address = "10.1.0.1") =>
  testClient(undefined, { address }).GET("/api/public/verify/statement-token", {
    params: { query: token === undefined ? {} : { token } },
  });

describe("statements", () => {
  it("issues a statement with opening and closing balances, the period's transactions, a hashed token and a QR code", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const res = await issue(app.key, userId, { periodStart: daysAgo(3), periodEnd: today() });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
      object: "statement",
      externalUserId: userId,
      holderName: "Ada Obi",
      currency: "USD",
      periodStart: daysAgo(3),
      periodEnd: today(),
      openingBalance: 0,
      closingBalance: 125.5,
      revokedAt: null,
      livemode: false,
      idempotent_replay: false,
    });
    const statement = res.data!;
    expect(statement.id).toMatch(/^stmt_/);
    expect(statement.transactions.map((t) => t.amount)).toEqual([100, 25.5]);
    expect(statement.token).toMatch(/^vst_[0-9A-Za-z]{32}$/);
    // The signed document rides in the fragment, which browsers never send (lib/documents).
    expect(statement.verifyUrl).toBe(`http://localhost/verify?token=${statement.token}#document=${statement.document}`);
    expect(statement.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // The QR code is exactly the code of the verify link, so scanning it opens that page.
    expect(statement.qrSvg).toBe(
      await QRCode.toString(statement.verifyUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
    );
    expect(new Date(statement.expiresAt!).getTime() - new Date(statement.issuedAt).getTime()).toBe(90 * 86_400_000);

    const stored = await prisma().statement.findUniqueOrThrow({ where: { id: statement.id } });
    expect(stored.tokenHash).toBe(hashStatementToken(statement.token));
    expect(JSON.stringify(stored, (_k, v) => (typeof v === "bigint" ? String(v) : v))).not.toContain(statement.token);
  });

  it("gives a period that ended before the first transaction no transactions and zero balances", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const before = await issue(app.key, userId, { periodStart: daysAgo(10), periodEnd: daysAgo(5) });
    expect(before.data).toMatchObject({ openingBalance: 0, closingBalance: 0, transactions: [] });
  });

  it("requires holderName for a wallet without a name, refuses a different one for a named wallet, and checks dates", async () => {
    const app = await setupApp();
    const unnamed = await walletWithMoney(app.key);
    const missing = await issue(app.key, unnamed, { periodStart: today(), periodEnd: today() });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.error).toMatchObject({ code: "validation_failed", param: "holderName" });
    const given = await issue(app.key, unnamed, { periodStart: today(), periodEnd: today(), holderName: "Bola Ade" });
    expect(given.response.status).toBe(201);
    expect(given.data?.holderName).toBe("Bola Ade");

    const named = await walletWithMoney(app.key, { name: "Ada Obi" });
    const other = await issue(app.key, named, { periodStart: today(), periodEnd: today(), holderName: "Someone Else" });
    expect(other.error?.error).toMatchObject({ code: "validation_failed", param: "holderName" });

    const reversed = await issue(app.key, named, { periodStart: today(), periodEnd: daysAgo(1) });
    expect(reversed.error?.error).toMatchObject({ code: "validation_failed", param: "periodStart" });
    const future = await issue(app.key, named, { periodStart: today(), periodEnd: "2999-01-01" });
    expect(future.error?.error).toMatchObject({ code: "validation_failed", param: "periodEnd" });
    const badDate = await issue(app.key, named, { periodStart: "2026-02-30", periodEnd: today() });
    expect(badDate.error?.error).toMatchObject({ code: "validation_failed", param: "periodStart" });
    const unknown = await issue(app.key, "nobody_here", { periodStart: today(), periodEnd: today() });
    expect(unknown.response.status).toBe(404);
  });

  it("needs the statements:write scope", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const { secret } = await createKey(app.appId, { scopes: ["wallets:read"] });
    const res = await issue(secret, userId, { periodStart: today(), periodEnd: today() });
    expect(res.response.status).toBe(403);
    expect(res.error?.error.code).toBe("scope_missing");
  });
});

describe("GET /api/public/verify/statement-token", () => {
  it("answers valid with the holder and period for a fresh token, uncached and rate-limited per address", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const statement = (await issue(app.key, userId, { periodStart: daysAgo(1), periodEnd: today() })).data!;
    const res = await verify(statement.token, "10.9.0.1");
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      valid: true,
      holder_name: "Ada Obi",
      period_start: daysAgo(1),
      period_end: today(),
      issued_at: statement.issuedAt,
      expires_at: statement.expiresAt,
      currency: "USD",
      opening_balance: 0,
      closing_balance: 125.5,
      livemode: false,
    });
    expect(res.response.headers.get("cache-control")).toBe("no-store");
    expect(res.response.headers.get("x-ratelimit-limit")).toBe("60");
    expect(res.response.headers.get("x-ratelimit-remaining")).toBe("59");
    expect(res.response.headers.get("x-service-schema-version")).toBe("1.1");
  });

  it.each([
    ["a missing token", undefined],
    ["an empty token", ""],
    ["a token of the wrong shape", "vst_short"],
    ["a token with another prefix", `sk_${"a".repeat(32)}`],
  ])("answers malformed for %s, without a holder name", async (_label, token) => {
    const res = await verify(token);
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ valid: false, reason: expect.any(String), reason_code: "malformed" });
    expect(res.response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers not_found for a well-formed token that was never issued", async () => {
    const res = await verify(`vst_${"A".repeat(32)}`);
    expect(res.data).toEqual({
      valid: false,
      reason: "No statement was issued with this token.",
      reason_code: "not_found",
    });
  });

  it("answers revoked once the issuer revokes the statement, and revoking twice is harmless", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const statement = (await issue(app.key, userId, { periodStart: today(), periodEnd: today() })).data!;
    const first = await revoke(app.key, statement.id);
    expect(first.response.status).toBe(200);
    expect(first.data?.revokedAt).not.toBeNull();
    expect(first.data).not.toHaveProperty("token");
    const second = await revoke(app.key, statement.id);
    expect(second.data?.revokedAt).toBe(first.data?.revokedAt);
    const res = await verify(statement.token);
    expect(res.data).toMatchObject({ valid: false, reason_code: "revoked" });
    expect(res.data).not.toHaveProperty("holder_name");
  });

  it("does not let another application revoke a statement", async () => {
    const app = await setupApp();
    const other = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const statement = (await issue(app.key, userId, { periodStart: today(), periodEnd: today() })).data!;
    const res = await revoke(other.key, statement.id);
    expect(res.response.status).toBe(404);
    expect(res.error?.error.code).toBe("statement_not_found");
  });

  it("answers expired after the token's expiry", async () => {
    const app = await setupApp();
    const userId = await walletWithMoney(app.key, { name: "Ada Obi" });
    const statement = (await issue(app.key, userId, { periodStart: today(), periodEnd: today(), expiresInDays: 1 }))
      .data!;
    await prisma().statement.update({
      where: { id: statement.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await verify(statement.token);
    expect(res.data).toMatchObject({ valid: false, reason_code: "expired" });
  });

  it("limits each address to 60 checks a minute with Retry-After", async () => {
    await startWithinOneMinuteWindow(10_000);
    const address = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 60; i++) expect((await verify("x", address)).response.status).toBe(200);
    const limited = await verify("x", address);
    expect(limited.response.status).toBe(429);
    expect(limited.response.headers.get("retry-after")).toBe("60");
    expect(limited.error?.error.code).toBe("rate_limited");
  });
});
