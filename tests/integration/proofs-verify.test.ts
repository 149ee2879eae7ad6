// Proof letters and the public proof check: reference codes, the funds balance recorded at issue,
// the address requirement, masking, and amount or address only with the letter's reference.
import { describe, expect, it } from "vitest";
import { POST as revokeProofRoute } from "@/app/api/public/sdk/v1/proofs/[id]/revoke/route";
import { POST as fundRoute } from "@/app/api/public/sdk/v1/test/wallets/[externalUserId]/fund/route";
import { POST as issueProofRoute } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/proofs/route";
import { POST as createWalletRoute } from "@/app/api/public/sdk/v1/wallets/route";
import { GET as verifyProofRoute } from "@/app/api/public/verify/proof/route";
import { prisma } from "@/lib/db/client";
import { maskHolderName } from "@/lib/proofs/mask-name";
import { callRoute } from "../helpers/call-route";
import { setupApp, uniqueUserId } from "../helpers/fixtures";

const ADDRESS = { line1: "1 Marina", city: "Lagos", country: "NG" };

async function wallet(key: string, extra: Record<string, unknown> = {}) {
  const userId = uniqueUserId();
  const res = await callRoute(createWalletRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    key,
    body: { externalUserId: userId, currency: "NGN", email: "ada@example.com", name: "Ada Obi", ...extra },
  });
  expect(res.status).toBe(201);
  return { userId, accountNumber: res.json.accountNumber as string };
}

const fund = (key: string, userId: string, amount: number) =>
  callRoute(fundRoute, {
    method: "POST",
    path: `/api/public/sdk/v1/test/wallets/${userId}/fund`,
    key,
    params: { externalUserId: userId },
    body: { amount },
  });
const issue = (key: string, userId: string, body: Record<string, unknown>) =>
  callRoute(issueProofRoute, {
    method: "POST",
    path: `/api/public/sdk/v1/wallets/${userId}/proofs`,
    key,
    params: { externalUserId: userId },
    body,
  });
const check = (query: Record<string, string>) =>
  callRoute(verifyProofRoute, {
    path: `/api/public/verify/proof?${new URLSearchParams(query).toString()}`,
    address: "10.2.0.1",
  });

describe("proof letters", () => {
  it("issues a funds letter recording the available balance at issue, with a reference code", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    await fund(app.key, userId, 1500.25);
    const res = await issue(app.key, userId, { kind: "funds" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
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
    expect(res.json.id).toMatch(/^prf_/);
    expect(res.json.reference).toMatch(/^PRF-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(res.json.verifyUrl).toBe(
      `http://localhost/verify/proof?account=${accountNumber}&kind=funds&reference=${res.json.reference}`,
    );
    expect(new Date(res.json.expiresAt).getTime() - new Date(res.json.issuedAt).getTime()).toBe(30 * 86_400_000);

    // Later movements do not change what the letter certified.
    await fund(app.key, userId, 10);
    const later = await check({ account: accountNumber, kind: "funds", reference: res.json.reference });
    expect(later.json).toMatchObject({ valid: true, amount: 1500.25, currency: "NGN", reference_matched: true });
  });

  it("issues an address letter only when the wallet has an address", async () => {
    const app = await setupApp();
    const without = await wallet(app.key);
    const refused = await issue(app.key, without.userId, { kind: "address" });
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("wallet_address_missing");

    const withAddress = await wallet(app.key, { address: ADDRESS });
    const res = await issue(app.key, withAddress.userId, { kind: "address" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: "address", address: ADDRESS, amount: null, currency: null });
  });

  it("refuses an unknown kind with a validation error naming kind", async () => {
    const app = await setupApp();
    const { userId } = await wallet(app.key);
    const res = await issue(app.key, userId, { kind: "income" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "validation_failed", param: "kind" });
  });
});

describe("GET /api/public/verify/proof", () => {
  it("without a reference: valid, masked holder name and dates, no amount", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    await fund(app.key, userId, 99);
    const letter = await issue(app.key, userId, { kind: "funds" });
    const res = await check({ account: accountNumber, kind: "funds" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      account: accountNumber,
      kind: "funds",
      valid: true,
      holder_name: "A*** O***",
      issued_at: letter.json.issuedAt,
      expires_at: letter.json.expiresAt,
      livemode: false,
      reference_matched: null,
    });
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
  });

  it("with the letter's reference (any case, spaces): the amount; with a wrong one: no amount", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key, { address: ADDRESS });
    await fund(app.key, userId, 42);
    const funds = await issue(app.key, userId, { kind: "funds" });
    const address = await issue(app.key, userId, { kind: "address" });

    const typed = funds.json.reference.toLowerCase().replace("-", " ");
    const matched = await check({ account: accountNumber, kind: "funds", reference: typed });
    expect(matched.json).toMatchObject({ valid: true, reference_matched: true, amount: 42, currency: "NGN" });

    const wrong = await check({ account: accountNumber, kind: "funds", reference: "PRF-AAAA-AAAA" });
    expect(wrong.json).toMatchObject({ valid: true, reference_matched: false });
    expect(wrong.json).not.toHaveProperty("amount");

    // An address letter's reference does not unlock the funds answer, and shows the address for its own kind.
    const crossed = await check({ account: accountNumber, kind: "funds", reference: address.json.reference });
    expect(crossed.json.reference_matched).toBe(false);
    const addressAnswer = await check({ account: accountNumber, kind: "address", reference: address.json.reference });
    expect(addressAnswer.json).toMatchObject({ valid: true, reference_matched: true, address: ADDRESS });
    expect(addressAnswer.json).not.toHaveProperty("amount");
  });

  it("answers valid false once the letter is revoked or expired, or when none was issued", async () => {
    const app = await setupApp();
    const { userId, accountNumber } = await wallet(app.key);
    const none = await check({ account: accountNumber, kind: "funds" });
    expect(none.json).toMatchObject({ valid: false, holder_name: null, issued_at: null, livemode: null });

    const letter = await issue(app.key, userId, { kind: "funds" });
    const revoked = await callRoute(revokeProofRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/proofs/${letter.json.id}/revoke`,
      key: app.key,
      params: { id: letter.json.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    expect(
      (await check({ account: accountNumber, kind: "funds", reference: letter.json.reference })).json,
    ).toMatchObject({
      valid: false,
      holder_name: null,
      reference_matched: false,
    });

    const second = await issue(app.key, userId, { kind: "funds" });
    await prisma().proof.update({ where: { id: second.json.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await check({ account: accountNumber, kind: "funds" })).json.valid).toBe(false);
  });

  it.each([
    ["too short", "12345"],
    ["not digits", "12345abcde"],
    ["a failed check digit", "1234567890"],
  ])("answers 400 invalid_account_number for an account number %s", async (_label, account) => {
    const valid = "1234567897"; // Luhn check digit 7 for 123456789
    expect((await check({ account: valid, kind: "funds" })).status).toBe(200);
    const res = await check({ account, kind: "funds" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({
      type: "invalid_request_error",
      code: "invalid_account_number",
      param: "account",
    });
  });

  it("answers 400 validation_failed for a missing or unknown kind", async () => {
    const res = await check({ account: "1234567897", kind: "salary" });
    expect(res.status).toBe(400);
    expect(res.json.error).toMatchObject({ code: "validation_failed", param: "kind" });
  });

  it("masks every word of the holder's name", () => {
    expect(maskHolderName("Ada Obi")).toBe("A*** O***");
    expect(maskHolderName("  Émile  de la Rue ")).toBe("É*** d*** l*** R***");
  });
});
