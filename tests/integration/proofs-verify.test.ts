// Proof letters and the public proof check: reference codes, the funds balance recorded at issue,
// the address requirement, masking, and amount or address only with the letter's reference.
import { describe, expect, it } from "vitest";
import type { Schemas } from "@/lib/client/create-service-client";
import { prisma } from "@/lib/db/client";
import { maskHolderName } from "@/lib/proofs/mask-name";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

const ADDRESS = { line1: "1 Marina", city: "Lagos", country: "NG" };

async function wallet(key: string, extra: Partial<Schemas["CreateWalletRequest"]> = {}) {
  const userId = uniqueUserId();
  const res = await api.createWallet(key, {
    externalUserId: userId,
    currency: "NGN",
    email: "ada@example.com",
    name: "Ada Obi",
    ...extra,
  });
  expect(res.response.status).toBe(201);
  return { userId, accountNumber: res.data!.accountNumber };
}

const fund = (key: string, userId: string, amount: number) => api.fund(key, userId, { amount });
const issue = (key: string, userId: string, body: Schemas["CreateProofRequest"]) =>
  testClient(key).POST("/api/public/sdk/v1/wallets/{externalUserId}/proofs", {
    params: { path: { externalUserId: userId } },
    body,
  });
// The public check takes no key; its limit counts per client address.
const check = (query: { account: string; kind: "address" | "funds"; reference?: string }) =>
  testClient(undefined, { address: "10.2.0.1" }).GET("/api/public/verify/proof", { params: { query } });

describe("proof letters", () => {
  it("issues a funds letter recording the available balance at issue, with a reference code", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    await fund(app.key, userId, 1500.25);
    const res = await issue(app.key, userId, { kind: "funds" });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({
      object: "proof",
      kind: "funds",
      holderName: "Ada Obi",
      accountNumber,
      currency: "NGN",
      amount: 1500.25,
      address: null,
      revokedAt: null,
      livemode: false,
      idempotent_replay: false,
    });
    const letter = res.data!;
    expect(letter.id).toMatch(/^prf_/);
    expect(letter.reference).toMatch(/^PRF-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(letter.verifyUrl).toBe(
      `http://localhost/verify/proof?account=${accountNumber}&kind=funds&reference=${letter.reference}#document=${letter.document}`,
    );
    expect(new Date(letter.expiresAt!).getTime() - new Date(letter.issuedAt).getTime()).toBe(30 * 86_400_000);

    // Later movements do not change what the letter certified.
    await fund(app.key, userId, 10);
    const later = await check({ account: accountNumber, kind: "funds", reference: letter.reference });
    expect(later.data).toMatchObject({ valid: true, amount: 1500.25, currency: "NGN", reference_matched: true });
  });

  it("issues an address letter only when the wallet has an address", async () => {
    const app = await setupApp();
    const without = await wallet(app.key);
    const refused = await issue(app.key, without.userId, { kind: "address" });
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe("wallet_address_missing");

    const withAddress = await wallet(app.key, { address: ADDRESS });
    const res = await issue(app.key, withAddress.userId, { kind: "address" });
    expect(res.response.status).toBe(201);
    expect(res.data).toMatchObject({ kind: "address", address: ADDRESS, amount: null, currency: null });
  });

  it("refuses an unknown kind with a validation error naming kind", async () => {
    const app = await setupApp();
    const { userId } = await wallet(app.key);
    // @ts-expect-error -- the published types know only address and funds; the server must refuse the rest
    const res = await issue(app.key, userId, { kind: "income" });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: "validation_failed", param: "kind" });
  });
});

describe("GET /api/public/verify/proof", () => {
  it("without a reference: valid, masked holder name and dates, no amount", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    await fund(app.key, userId, 99);
    const letter = (await issue(app.key, userId, { kind: "funds" })).data!;
    const res = await check({ account: accountNumber, kind: "funds" });
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({
      account: accountNumber,
      kind: "funds",
      valid: true,
      holder_name: "A*** O***",
      issued_at: letter.issuedAt,
      expires_at: letter.expiresAt,
      livemode: false,
      reference_matched: null,
    });
    expect(res.response.headers.get("x-ratelimit-limit")).toBe("60");
  });

  it("with the letter's reference (any case, spaces): the amount; with a wrong one: no amount", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key, { address: ADDRESS });
    await fund(app.key, userId, 42);
    const funds = (await issue(app.key, userId, { kind: "funds" })).data!;
    const address = (await issue(app.key, userId, { kind: "address" })).data!;

    const typed = funds.reference.toLowerCase().replace("-", " ");
    const matched = await check({ account: accountNumber, kind: "funds", reference: typed });
    expect(matched.data).toMatchObject({ valid: true, reference_matched: true, amount: 42, currency: "NGN" });

    const wrong = await check({ account: accountNumber, kind: "funds", reference: "PRF-AAAA-AAAA" });
    expect(wrong.data).toMatchObject({ valid: true, reference_matched: false });
    expect(wrong.data).not.toHaveProperty("amount");

    // An address letter's reference does not unlock the funds answer, and shows the address for its own kind.
    const crossed = await check({ account: accountNumber, kind: "funds", reference: address.reference });
    expect(crossed.data?.reference_matched).toBe(false);
    const addressAnswer = await check({ account: accountNumber, kind: "address", reference: address.reference });
    expect(addressAnswer.data).toMatchObject({ valid: true, reference_matched: true, address: ADDRESS });
    expect(addressAnswer.data).not.toHaveProperty("amount");
  });

  it("answers valid false once the letter is revoked or expired, or when none was issued", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    const none = await check({ account: accountNumber, kind: "funds" });
    expect(none.data).toMatchObject({ valid: false, holder_name: null, issued_at: null, livemode: null });

    const letter = (await issue(app.key, userId, { kind: "funds" })).data!;
    const revoked = await testClient(app.key).POST("/api/public/sdk/v1/proofs/{id}/revoke", {
      params: { path: { id: letter.id } },
    });
    expect(revoked.response.status).toBe(200);
    expect(revoked.data?.revokedAt).not.toBeNull();
    expect((await check({ account: accountNumber, kind: "funds", reference: letter.reference })).data).toMatchObject({
      valid: false,
      holder_name: null,
      reference_matched: false,
    });

    const second = (await issue(app.key, userId, { kind: "funds" })).data!;
    await prisma().proof.update({ where: { id: second.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await check({ account: accountNumber, kind: "funds" })).data?.valid).toBe(false);
  });

  it.each([
    ["too short", "12345"],
    ["not digits", "12345abcde"],
    ["a failed check digit", "1234567890"],
  ])("answers 400 invalid_account_number for an account number %s", async (_label, account) => {
    const valid = "1234567897"; // Luhn check digit 7 for 123456789
    expect((await check({ account: valid, kind: "funds" })).response.status).toBe(200);
    const res = await check({ account, kind: "funds" });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_account_number",
      param: "account",
    });
  });

  it("answers 400 validation_failed for a missing or unknown kind", async () => {
    // @ts-expect-error -- the published types know only address and funds; the server must refuse the rest
    const res = await check({ account: "1234567897", kind: "salary" });
    expect(res.response.status).toBe(400);
    expect(res.error?.error).toMatchObject({ code: "validation_failed", param: "kind" });
  });

  it("masks every word of the holder's name", () => {
    expect(maskHolderName("Ada Obi")).toBe("A*** O***");
    expect(maskHolderName("  Émile  de la Rue ")).toBe("É*** d*** l*** R***");
  });
});
