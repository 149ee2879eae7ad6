// The console's domain operations: sign-up and sign-in (with their rate limits), applications,
// the webhook secret, API keys with scopes and allowlists, and the audit log they leave.
import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openWebhookSecret } from "@/lib/applications/webhook-secret";
import { prisma, transaction } from "@/lib/db/client";
import { requireApplication } from "@/lib/console/require-application";
import { authenticateCredentials, LOGIN_LIMITS } from "@/lib/console/authenticate-credentials";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import {} from "@/lib/console/errors";
import { githubMerchant } from "@/lib/console/github-merchant";
import { listApplications } from "@/lib/console/list-applications";
import { listKeys } from "@/lib/console/list-keys";
import { mintKey } from "@/lib/console/mint-key";
import { renameApplication } from "@/lib/console/rename-application";
import { revealSecret } from "@/lib/console/reveal-secret";
import { revokeKey } from "@/lib/console/revoke-key";
import { rollSecret } from "@/lib/console/roll-secret";
import { searchWallets } from "@/lib/console/search-wallets";
import { setMode } from "@/lib/console/set-mode";
import { signUp } from "@/lib/console/sign-up";
import { SCOPES } from "@/lib/keys/scopes";
import { createWallet } from "@/lib/wallets/create-wallet";
import { api } from "../helpers/card-money";
import { uniqueUserId } from "../helpers/fixtures";

const PASSWORD = "a long enough password";
const email = (label: string) => `${label}-${randomBytes(5).toString("hex")}@Example.test`;

async function merchant() {
  const user = await signUp(prisma(), { email: email("op"), password: PASSWORD });
  const context = { merchantId: user.id, ipAddress: "198.51.100.7" };
  const app = await createConsoleApplication(prisma(), context, { name: "  Shop  " });
  return { user, context, appId: app.id };
}

describe("sign-up", () => {
  it("stores a lower-cased email and a scrypt hash, and refuses a second account for the email", async () => {
    const address = email("signup");
    const user = await signUp(prisma(), { email: ` ${address} `, password: PASSWORD });
    const stored = await prisma().merchantUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.email).toBe(address.toLowerCase());
    expect(stored.passwordHash).toMatch(/^scrypt\$/);
    const again = signUp(prisma(), { email: address.toUpperCase(), password: PASSWORD });
    await expect(again).rejects.toMatchObject({ field: "email", message: expect.stringContaining("already exists") });
  });

  it("names the field at fault", async () => {
    await expect(signUp(prisma(), { email: "not-an-email", password: PASSWORD })).rejects.toMatchObject({
      field: "email",
    });
    await expect(signUp(prisma(), { email: email("short"), password: "short" })).rejects.toMatchObject({
      field: "password",
    });
  });
});

describe("sign-in", () => {
  it("accepts the right password and refuses a wrong one or an unknown email", async () => {
    const address = email("signin");
    const user = await signUp(prisma(), { email: address, password: PASSWORD });
    const ip = `203.0.113.${Math.floor(Math.random() * 250)}`;
    expect(
      await authenticateCredentials(prisma(), { email: address.toUpperCase(), password: PASSWORD, address: ip }),
    ).toMatchObject({ id: user.id });
    expect(
      await authenticateCredentials(prisma(), { email: address, password: "wrong password!!", address: ip }),
    ).toBeNull();
    expect(
      await authenticateCredentials(prisma(), { email: email("nobody"), password: PASSWORD, address: ip }),
    ).toBeNull();
  });

  it(`limits attempts per account to ${LOGIN_LIMITS.perAccount.limit} per window, even from many addresses`, async () => {
    const address = email("brute");
    await signUp(prisma(), { email: address, password: PASSWORD });
    for (let i = 0; i < LOGIN_LIMITS.perAccount.limit; i++) {
      expect(
        await authenticateCredentials(prisma(), {
          email: address,
          password: `guess ${i} guess`,
          address: `2001:db8::${i + 1}`,
        }),
      ).toBeNull();
    }
    const blocked = authenticateCredentials(prisma(), { email: address, password: PASSWORD, address: "2001:db8::ff" });
    await expect(blocked).rejects.toMatchObject({ code: "limited" });
    await expect(
      authenticateCredentials(prisma(), { email: address, password: PASSWORD, address: "2001:db8::fe" }),
    ).rejects.toThrow(/Too many sign-in attempts. Try again in \d+ minutes?\./);
  });

  it(`limits attempts per address to ${LOGIN_LIMITS.perAddress.limit} per window, across accounts`, async () => {
    const ip = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempts = Array.from({ length: LOGIN_LIMITS.perAddress.limit }, () =>
      authenticateCredentials(prisma(), { email: email("spray"), password: PASSWORD, address: ip }),
    );
    expect(await Promise.all(attempts)).toEqual(Array(LOGIN_LIMITS.perAddress.limit).fill(null));
    await expect(
      authenticateCredentials(prisma(), { email: email("spray"), password: PASSWORD, address: ip }),
    ).rejects.toMatchObject({ code: "limited" });
    // Thirty scrypt checks at N=2^17 (about 1 s each on a busy 2-core machine).
  }, 120_000);
});

describe("sign-in with a hash made at the old scrypt cost", () => {
  it("signs in and renews the hash at the current cost", async () => {
    const user = await signUp(prisma(), { email: email("legacy"), password: PASSWORD });
    const salt = randomBytes(16);
    const N = 2 ** 15;
    const key = scryptSync(PASSWORD, salt, 32, { N, r: 8, p: 1, maxmem: 256 * N * 8 });
    const legacy = ["scrypt", N, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
    await prisma().merchantUser.update({ where: { id: user.id }, data: { passwordHash: legacy } });

    const signedIn = await authenticateCredentials(prisma(), {
      email: user.email,
      password: PASSWORD,
      address: "198.51.100.9",
    });
    expect(signedIn?.id).toBe(user.id);
    const stored = await prisma().merchantUser.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored.passwordHash).not.toBe(legacy);
    expect(stored.passwordHash?.startsWith(`scrypt$${2 ** 17}$`)).toBe(true);
    expect(
      await authenticateCredentials(prisma(), { email: user.email, password: PASSWORD, address: "198.51.100.9" }),
    ).not.toBeNull();
  }, 60_000);
});

describe("GitHub sign-in", () => {
  it("creates one account per GitHub user and finds it again", async () => {
    const githubId = String(Date.now());
    const address = email("gh").toLowerCase();
    const first = await githubMerchant(prisma(), { githubId, verifiedEmail: address, name: "Octo" });
    const again = await githubMerchant(prisma(), { githubId, verifiedEmail: "changed@example.test", name: "Octo" });
    expect(again.id).toBe(first.id);
    expect(first.email).toBe(address);
  });

  it("never takes over a password account that has the same email", async () => {
    const address = email("taken");
    const owner = await signUp(prisma(), { email: address, password: PASSWORD });
    const github = await githubMerchant(prisma(), { githubId: `${Date.now()}1`, verifiedEmail: address, name: null });
    expect(github.id).not.toBe(owner.id);
    expect(github.email).toMatch(/@users\.noreply\.github\.com$/);
    expect((await prisma().merchantUser.findUniqueOrThrow({ where: { id: owner.id } })).githubId).toBeNull();
  });
});

describe("applications", () => {
  it("creates, lists and renames, refusing an empty name on its field", async () => {
    const { user, context, appId } = await merchant();
    expect((await listApplications(prisma(), user.id)).map((a) => [a.id, a.name])).toEqual([[appId, "Shop"]]);
    await expect(renameApplication(prisma(), context, appId, { name: "   " })).rejects.toMatchObject({ field: "name" });
    await renameApplication(prisma(), context, appId, { name: "Shop 2" });
    expect((await prisma().application.findUniqueOrThrow({ where: { id: appId } })).name).toBe("Shop 2");
  });

  it("switches the console between test and live", async () => {
    const { context, appId } = await merchant();
    expect(await setMode(prisma(), context, appId, "live")).toEqual({ livemode: true });
    expect((await requireApplication(prisma(), context.merchantId, appId)).consoleLivemode).toBe(true);
  });
});

describe("wallet search", () => {
  it("matches what was typed literally: _ and % are not wildcards", async () => {
    const { user, appId } = await merchant();
    const tenant = { applicationId: appId, livemode: false };
    for (const externalUserId of ["user_1", "userX1", "50%off", "500ff"])
      await transaction((tx) => createWallet(tx, tenant, { externalUserId, currency: "USD", email: "w@example.com" }));
    const found = async (text: string) =>
      (await searchWallets(prisma(), user.id, appId, { externalUserId: text })).rows
        .map((w) => w.externalUserId)
        .sort();
    expect(await found("user_1")).toEqual(["user_1"]);
    expect(await found("50%")).toEqual(["50%off"]);
    expect(await found("USER")).toEqual(["userX1", "user_1"].sort());
  });
});

describe("webhook secret", () => {
  it("reveals a mode's sealed secret and rolls it now to a new one that signing then uses", async () => {
    const { context, appId } = await merchant();
    const first = (await revealSecret(prisma(), context, appId, "test")).current;
    expect(first.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    const rolled = await rollSecret(prisma(), context, appId, { mode: "test", activation: "now" });
    expect(rolled).toMatchObject({ mode: "test", pending: false });
    expect(rolled.secret).not.toBe(first.secret);
    const stored = await prisma().webhookSigningSecret.findFirstOrThrow({
      where: { applicationId: appId, livemode: false },
      orderBy: { activeFrom: "desc" },
    });
    expect(openWebhookSecret(stored.sealed)).toBe(rolled.secret);
    expect(stored.sealed).not.toContain(rolled.secret);
    expect((await revealSecret(prisma(), context, appId, "test")).current.secret).toBe(rolled.secret);
  });
});

describe("API keys", () => {
  it("mints a key with the chosen scopes and a normalised allowlist, returning the secret once", async () => {
    const { user, context, appId } = await merchant();
    const minted = await mintKey(prisma(), context, appId, {
      name: "Backend",
      mode: "test",
      scopes: ["wallets:read"],
      allowedIps: "127.0.0.1, 2001:db8::/32\n10.0.0.0/8",
    });
    expect(minted.secret).toMatch(/^sk_test_/);
    const [listed] = (await listKeys(prisma(), user.id, appId)).rows;
    expect(listed).toMatchObject({
      id: minted.id,
      name: "Backend",
      scopes: ["wallets:read"],
      allowedIps: ["127.0.0.1/32", "2001:db8::/32", "10.0.0.0/8"],
      last4: minted.secret.slice(-4),
    });
    expect(JSON.stringify(listed)).not.toContain(minted.secret);
  });

  it("names the invalid allowlist entry, an unknown scope or an empty scope list on their fields", async () => {
    const { context, appId } = await merchant();
    const base = { name: "k", mode: "test", scopes: [...SCOPES] };
    await expect(mintKey(prisma(), context, appId, { ...base, allowedIps: "10.0.0.0/33" })).rejects.toMatchObject({
      field: "allowedIps",
      message: expect.stringContaining('"10.0.0.0/33"'),
    });
    await expect(mintKey(prisma(), context, appId, { ...base, allowedIps: "fe80::1/129" })).rejects.toMatchObject({
      code: "field",
    });
    await expect(mintKey(prisma(), context, appId, { ...base, scopes: ["wallets:delete"] })).rejects.toMatchObject({
      field: "scopes",
    });
    await expect(mintKey(prisma(), context, appId, { ...base, scopes: [] })).rejects.toMatchObject({ field: "scopes" });
    await expect(mintKey(prisma(), context, appId, { ...base, name: "" })).rejects.toMatchObject({ field: "name" });
    expect(await prisma().apiKey.count({ where: { applicationId: appId } })).toBe(0);
  });

  it("a restricted key works for its scope, is refused for another, and stops at once when revoked", async () => {
    const { context, appId } = await merchant();
    const { id, secret } = await mintKey(prisma(), context, appId, {
      name: "w",
      mode: "test",
      scopes: ["wallets:write"],
    });
    const userId = uniqueUserId();
    const created = await api.createWallet(secret, { externalUserId: userId, currency: "USD", email: "a@example.com" });
    expect(created.response.status).toBe(201);
    const read = await api.wallet(secret, userId);
    expect(read.response.status).toBe(403);
    expect(await revokeKey(prisma(), context, appId, id)).toEqual({ revoked: true });
    const after = await api.createWallet(secret, {
      externalUserId: uniqueUserId(),
      currency: "USD",
      email: "a@example.com",
    });
    expect(after.response.status).toBe(401);
  });
});

describe("audit log", () => {
  it("records who did what, when and from where, without secrets", async () => {
    const { user, context, appId } = await merchant();
    const minted = await mintKey(prisma(), context, appId, { name: "k", mode: "test", scopes: [...SCOPES] });
    const revealed = (await revealSecret(prisma(), context, appId, "test")).current;
    const rolled = await rollSecret(prisma(), context, appId, { mode: "test", activation: "1h" });
    await revokeKey(prisma(), context, appId, minted.id);
    const entries = await prisma().auditLog.findMany({
      where: { applicationId: appId },
      orderBy: { createdAt: "asc" },
    });
    expect(entries.map((e) => e.action)).toEqual([
      "application.created",
      "api_key.minted",
      "webhook_secret.revealed",
      "webhook_secret.rolled",
      "api_key.revoked",
    ]);
    expect(entries.every((e) => e.merchantId === user.id && e.ipAddress === "198.51.100.7")).toBe(true);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(minted.secret);
    expect(text).not.toContain(revealed.secret);
    expect(text).not.toContain(rolled.secret);
  });
});
