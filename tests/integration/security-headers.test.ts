// Security headers: every API answer carries nosniff and a CSP refusing to be framed (set in
// lib/http/headers.ts, and by the edge server before Next runs, so Next's own API answers carry
// them too); pages get theirs from proxy.ts, with a fresh nonce each time; the edge server leaves a
// page's headers to it (the card-details page frames for its own origin).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/public/health/route";
import { GET as readWallet } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/route";
import { closeServer, edgeServer } from "@/lib/http/edge-server";
import { pageContentSecurityPolicy, pageSecurityHeaders } from "@/lib/http/security-headers";
import { NextRequest } from "next/server";
import { proxy, config as proxyConfig } from "@/proxy";
import { callRoute } from "../helpers/call-route";
import { setupApp } from "../helpers/fixtures";

function expectApiHeaders(headers: Headers | http.IncomingHttpHeaders) {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : headers[name]);
  expect(get("x-content-type-options")).toBe("nosniff");
  expect(get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
});

describe("API answers", () => {
  it("carry nosniff and frame-ancestors 'none', success or refusal", async () => {
    const app = await setupApp();
    const ok = await callRoute(health, { path: "/api/public/health" });
    expectApiHeaders(ok.headers);
    const missing = await callRoute(readWallet, {
      path: "/api/public/sdk/v1/wallets/nobody",
      key: app.key,
      params: { externalUserId: "nobody" },
    });
    expect(missing.status).toBe(404);
    expectApiHeaders(missing.headers);
    const unauthenticated = await callRoute(readWallet, {
      path: "/api/public/sdk/v1/wallets/nobody",
      params: { externalUserId: "nobody" },
    });
    expect(unauthenticated.status).toBe(401);
    expectApiHeaders(unauthenticated.headers);
  });

  it("the edge server sets them on every API path before Next answers, and not on pages", async () => {
    const server = edgeServer(async (_req, res) => void res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanup = () => closeServer(server);
    const { port } = server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        http.get({ host: "127.0.0.1", port, path }, (res) => (res.resume(), resolve(res.headers))).on("error", reject);
      });
    expectApiHeaders(await get("/api/auth/session"));
    expectApiHeaders(await get("/api/public/no/such/route"));
    const page = await get("/card-details/cdt_x");
    expect(page["content-security-policy"]).toBeUndefined();
    expect(page["x-request-id"]).toMatch(/^req_/);
  });
});

describe("pages", () => {
  it("get a CSP with a fresh nonce, no inline scripts, framed by nobody, and the other headers", () => {
    const first = proxy(new NextRequest("http://localhost/merchant/sdk"));
    const second = proxy(new NextRequest("http://localhost/merchant/sdk"));
    const policy = first.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.headers.get("content-security-policy")).not.toContain(nonce);
    expect(policy).toContain("frame-ancestors 'none'");
    const scripts = policy.split("; ").find((d) => d.startsWith("script-src")) ?? "";
    expect(scripts).not.toContain("unsafe-inline");
    // Next reads the nonce from the request's CSP header to put it on the scripts it renders.
    expect(first.headers.get("x-middleware-request-content-security-policy")).toBe(policy);
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("permissions-policy")).toContain("camera=()");
    expect(pageContentSecurityPolicy("n")).toContain("'nonce-n'");
    expect(pageSecurityHeaders().map(([name]) => name)).not.toContain("strict-transport-security");
  });

  it("the proxy leaves out the API, the card-details page and built assets", () => {
    const [pattern] = proxyConfig.matcher;
    const matches = (path: string) => new RegExp(`^${pattern}$`).test(path);
    expect(matches("/merchant/sdk/account")).toBe(true);
    expect(matches("/verify")).toBe(true);
    expect(matches("/docs")).toBe(true);
    expect(matches("/")).toBe(true);
    expect(matches("/api/public/health")).toBe(false);
    expect(matches("/card-details/cdt_abc")).toBe(false);
    expect(matches("/_next/static/chunks/a.js")).toBe(false);
  });
});
