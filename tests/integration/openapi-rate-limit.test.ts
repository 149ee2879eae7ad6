// /api/public/openapi.json is limited per client address like the other public routes, sharing
// their budget, with the x-ratelimit-* headers on every answer and 429 + Retry-After: 60 beyond it.
import { describe, expect, it } from "vitest";
import { GET as openApiDocument } from "@/app/api/public/openapi.json/route";
import { GET as treasuryStats } from "@/app/api/public/treasury/stats.json/route";
import { callRoute } from "../helpers/call-route";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";

// Through callRoute, so every answer, the 429 included, is also checked against the document itself.
const getDocument = (address: string) => callRoute(openApiDocument, { path: "/api/public/openapi.json", address });

const randomAddress = () => `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe("/api/public/openapi.json rate limit", () => {
  it("counts requests per client address with the rate-limit headers, and refuses the 61st with 429", async () => {
    await startWithinOneMinuteWindow(30_000);
    const address = randomAddress();
    const first = await getDocument(address);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("60");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("59");
    expect(Number(first.headers.get("x-ratelimit-reset"))).toBeLessThanOrEqual(60);
    expect(first.headers.get("cache-control")).toBe("public, max-age=300");
    expect(first.json.openapi).toBe("3.1.0");

    for (let i = 2; i <= 60; i++) {
      const res = await getDocument(address);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-remaining")).toBe(String(60 - i));
    }
    const over = await getDocument(address);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("60");
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(over.headers.get("x-service-schema-version")).toBe("1.1");
    expect(over.json).toMatchObject({ error: { type: "rate_limit_error", code: "rate_limited" } });

    // Another address has its own budget.
    const other = await getDocument(randomAddress());
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("59");
    // It may first wait up to 30 s for a fresh minute window.
  }, 90_000);

  it("shares one per-address budget with the other public endpoints", async () => {
    await startWithinOneMinuteWindow(30_000);
    const address = randomAddress();
    for (let i = 1; i <= 30; i++) {
      const res = await callRoute(treasuryStats, { path: "/api/public/treasury/stats.json", address });
      expect(res.status).toBe(200);
    }
    const document = await getDocument(address);
    expect(document.status).toBe(200);
    expect(document.headers.get("x-ratelimit-remaining")).toBe("29");
  }, 90_000);
});
