// 60 requests per minute per key, headers on every answer, 429 with Retry-After: 60 after that.
import { describe, expect, it } from "vitest";
import { GET as getWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp } from "../helpers/fixtures";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";
import { testClient } from "../helpers/route-fetch";

function expectRateHeaders(headers: Headers, remaining: number) {
  expect(headers.get("x-ratelimit-limit")).toBe("60");
  expect(headers.get("x-ratelimit-remaining")).toBe(String(remaining));
  const reset = Number(headers.get("x-ratelimit-reset"));
  expect(reset).toBeGreaterThanOrEqual(0);
  expect(reset).toBeLessThanOrEqual(60);
  expect(headers.get("x-service-schema-version")).toBe("1.1");
  expect(headers.get("x-request-id")).toMatch(/^req_/);
}

describe("rate limit per key", () => {
  it("counts every request, failed ones too, and refuses the 61st with 429 and Retry-After: 60", async () => {
    await startWithinOneMinuteWindow(10_000); // 61 requests take well under 10 s
    const app = await setupApp();
    const { secret } = await createKey(app.appId);
    const get = () =>
      callRoute(getWallet, {
        path: "/api/public/sdk/v1/wallets/missing",
        key: secret,
        params: { externalUserId: "missing" },
      });

    const first = await get();
    expect(first.status).toBe(404); // a 4xx still carries the headers and still counts
    expectRateHeaders(first.headers, 59);
    for (let i = 2; i <= 60; i++) {
      const res = await get();
      expect(res.status).toBe(404);
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(60 - i));
    }
    const over = await get();
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
    expectRateHeaders(over.headers, 0);
    expect(over.json.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });

    // Another key of the same application has its own budget.
    const other = await createKey(app.appId);
    const ok = await callRoute(getWallet, {
      path: "/api/public/sdk/v1/wallets/missing",
      key: other.secret,
      params: { externalUserId: "missing" },
    });
    expect(ok.status).toBe(404);
    expectRateHeaders(ok.headers, 59);
  });

  it("puts the headers on successful responses", async () => {
    const app = await setupApp();
    const res = await callRoute((await import("@/app/api/public/sdk/v1/wallets/route")).POST, {
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      key: app.key,
      body: { externalUserId: "rl-ok", currency: "USD", email: "a@example.com" },
    });
    expect(res.status).toBe(201);
    expectRateHeaders(res.headers, 59);
  });

  it("limits requests without a usable key per client address", async () => {
    await startWithinOneMinuteWindow(10_000); // 61 requests take well under 10 s
    const address = `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let last;
    for (let i = 1; i <= 61; i++) {
      last = await callRoute(getWallet, {
        path: "/api/public/sdk/v1/wallets/x",
        key: "sk_test_" + "x".repeat(40),
        params: { externalUserId: "x" },
        address,
      });
      if (i <= 60) expect(last.status).toBe(401);
    }
    expect(last!.status).toBe(429);
    expect(last!.headers.get("retry-after")).toBe("60");
    const elsewhere = await callRoute(getWallet, {
      path: "/api/public/sdk/v1/wallets/x",
      params: { externalUserId: "x" },
      address: "198.19.0.1",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("makes the API client wait Retry-After (60 s) before retrying a 429, with the same answer after", async () => {
    await startWithinOneMinuteWindow(10_000); // 61 requests take well under 10 s
    const app = await setupApp();
    const waits: number[] = [];
    const client = testClient(app.key, {
      retries: 1,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    const get = () =>
      client.GET("/api/public/sdk/v1/wallets/{externalUserId}", { params: { path: { externalUserId: "missing" } } });
    for (let i = 1; i <= 60; i++) expect((await get()).response.status).toBe(404);
    expect(waits).toEqual([]);
    const over = await get();
    expect(waits).toEqual([60_000]);
    // The injected sleep returns at once, so the retry lands in the same window and is refused too.
    expect(over.response.status).toBe(429);
    expect(over.error?.error).toMatchObject({ type: "rate_limit_error", code: "rate_limited" });
    expect(over.response.headers.get("x-ratelimit-remaining")).toBe("0");
  });
});
