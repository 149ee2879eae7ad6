// The SDK pipeline's authentication, scopes and IP allowlists, through the real route handlers.
import { describe, expect, it } from "vitest";
import { GET as getWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { prisma } from "@/lib/db/client";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { SCOPES, type Scope } from "@/lib/keys/scopes";
import { callRoute } from "../helpers/call-route";
import { api } from "../helpers/card-money";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";

const walletBody = (externalUserId: string) => ({ externalUserId, currency: "USD", email: "ada@example.com" });

describe("authentication", () => {
  it("answers 401 missing_api_key without an Authorization header, in the error envelope", async () => {
    const res = await callRoute(getWallet, { path: "/api/public/sdk/v1/wallets/u1", params: { externalUserId: "u1" } });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatchObject({ type: "authentication_error", code: "missing_api_key" });
    expect(res.json.error.request_id).toBe(res.headers.get("x-request-id"));
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("x-service-schema-version")).toBe("1.1");
  });

  it("answers 401 invalid_api_key for a malformed or unknown key", async () => {
    for (const key of ["nope", "sk_test_short", `sk_test_${"a".repeat(40)}`, `pk_live_${"a".repeat(40)}`]) {
      const res = await callRoute(getWallet, {
        path: "/api/public/sdk/v1/wallets/u1",
        key,
        params: { externalUserId: "u1" },
      });
      expect(res.status, key).toBe(401);
      expect(res.json.error.code).toBe("invalid_api_key");
    }
  });

  it("answers 401 revoked_api_key as soon as a key is revoked", async () => {
    const app = await setupApp();
    const { secret, record } = await createKey(app.appId);
    const before = await api.createWallet(secret, walletBody(uniqueUserId()));
    expect(before.response.status).toBe(201);
    expect(await revokeApiKey(prisma(), record.id)).toBe(true);
    const after = await api.createWallet(secret, walletBody(uniqueUserId()));
    expect(after.response.status).toBe(401);
    expect(after.error?.error.code).toBe("revoked_api_key");
  });

  it("takes the mode from the key: records made with sk_test_ keys have livemode false, sk_live_ true", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const t = await api.createWallet(app.key, walletBody(uniqueUserId()));
    const l = await api.createWallet(live.secret, walletBody(uniqueUserId()));
    expect(t.data?.livemode).toBe(false);
    expect(l.data?.livemode).toBe(true);
  });
});

describe("scopes", () => {
  type Answer = { error?: { error: { code: string } }; response: Response };
  const routes: { scope: Scope; call: (key: string, userId: string) => Promise<Answer> }[] = [
    { scope: "wallets:write", call: (key, u) => api.createWallet(key, walletBody(`${u}-new`)) },
    { scope: "wallets:read", call: (key, u) => api.wallet(key, u) },
    {
      scope: "cards:write",
      call: (key, u) => api.issueCard(key, { externalUserId: u, kind: "virtual", currency: "USD" }),
    },
  ];

  for (const route of routes) {
    it(`requires ${route.scope}: 403 scope_missing without it, success with only it`, async () => {
      const app = await setupApp();
      const userId = uniqueUserId();
      await api.createWallet(app.key, walletBody(userId));
      const others = SCOPES.filter((s) => s !== route.scope);
      const without = await createKey(app.appId, { scopes: others });
      const denied = await route.call(without.secret, userId);
      expect(denied.response.status).toBe(403);
      expect(denied.error?.error).toMatchObject({
        type: "permission_error",
        code: "scope_missing",
        required_scope: route.scope,
      });
      const only = await createKey(app.appId, { scopes: [route.scope] });
      const allowed = await route.call(only.secret, userId);
      expect(allowed.response.status).toBeLessThan(300);
    });
  }
});

describe("IP allowlists", () => {
  const cases = [
    { list: ["203.0.113.0/24"], address: "203.0.113.77", allowed: true },
    { list: ["203.0.113.0/24"], address: "198.51.100.1", allowed: false },
    { list: ["198.51.100.7"], address: "198.51.100.7", allowed: true },
    { list: ["2001:db8::/32"], address: "2001:db8:1234::1", allowed: true },
    { list: ["2001:db8::/32"], address: "2001:db9::1", allowed: false },
    { list: ["2001:db8::/32"], address: "203.0.113.1", allowed: false },
    { list: ["203.0.113.0/24"], address: "::ffff:203.0.113.9", allowed: true },
  ];
  for (const c of cases) {
    it(`${c.allowed ? "allows" : "refuses"} ${c.address} with allowlist ${c.list.join(",")}`, async () => {
      const app = await setupApp();
      const { secret } = await createKey(app.appId, { allowedIps: c.list });
      const userId = uniqueUserId();
      const res = await testClient(secret, { address: c.address }).POST("/api/public/sdk/v1/wallets", {
        body: walletBody(userId),
      });
      if (c.allowed) {
        expect(res.response.status).toBe(201);
      } else {
        expect(res.response.status).toBe(403);
        expect(res.error?.error.code).toBe("ip_not_allowed");
        expect(await prisma().wallet.count({ where: { externalUserId: userId } })).toBe(0);
      }
    });
  }

  it("refuses to mint a key with an invalid allowlist entry", async () => {
    const app = await setupApp();
    await expect(createKey(app.appId, { allowedIps: ["10.0.0.0/33"] })).rejects.toThrow(/10.0.0.0\/33/);
    await expect(createKey(app.appId, { allowedIps: ["not-an-ip"] })).rejects.toThrow(/not-an-ip/);
  });
});
