// Sessions that end, headers on every answer, and a console no other origin can frame, in a real
// browser against the built server.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "./helpers";
import { signUpInBrowser, uniqueEmail } from "./console-helpers";

async function sessionCookie(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === "next-auth.session-token");
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/** Opens the console's applications page in a fresh context holding only `cookie`; true if it loads. */
async function consoleOpensWith(page: Page, cookie: Awaited<ReturnType<typeof sessionCookie>>) {
  const context = await page.context().browser()!.newContext({ baseURL: baseURL() });
  try {
    await context.addCookies([cookie]);
    const other = await context.newPage();
    await other.goto("/merchant/sdk");
    return !other.url().includes("/sign-in");
  } finally {
    await context.close();
  }
}

test("signing out refuses a copy of the old cookie; the account page lists sessions and ends them", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("sessions");
  await signUpInBrowser(page, email);
  const first = await sessionCookie(page);

  // A second sign-in, elsewhere: both listed on the account page.
  const elsewhere = await browser.newContext({ baseURL: baseURL() });
  const second = await elsewhere.newPage();
  await second.goto("/merchant/sdk/sign-in");
  await second.getByLabel("Email").fill(email);
  await second.getByLabel("Password").fill("correct horse battery staple");
  await second.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(second.getByRole("heading", { name: "Applications" })).toBeVisible();

  await page.goto("/merchant/sdk/account");
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "This session" })).toHaveCount(1);
  await expect(rows.first()).toContainText("Chrome");

  // "Sign out" on the other session's row: that browser is out at its next request.
  await rows.filter({ hasNotText: "This session" }).getByRole("button", { name: "Sign out" }).click();
  await expect(rows).toHaveCount(1);
  await second.goto("/merchant/sdk");
  await expect(second).toHaveURL(/\/merchant\/sdk\/sign-in/);
  await elsewhere.close();

  // Signing out here: a copy of the cookie taken before opens nothing afterwards.
  expect(await consoleOpensWith(page, first)).toBe(true);
  await page.goto("/merchant/sdk");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in/);
  expect(await consoleOpensWith(page, first)).toBe(false);
});

test("sign out everywhere ends this session too", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("everywhere"));
  const cookie = await sessionCookie(page);
  await page.goto("/merchant/sdk/account");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in/);
  expect(await consoleOpensWith(page, cookie)).toBe(false);
});

test("pages carry a CSP with a fresh nonce and the security headers; API answers nosniff and no framing", async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (const path of [
    "/",
    "/docs",
    "/verify",
    "/verify/proof",
    "/treasury",
    "/treasury/verify",
    "/webhooks/security",
    "/merchant/sdk/sign-in",
    "/merchant/sdk/sign-up",
    "/merchant/sdk/forgot-password",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    const policy = headers["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
    expect(nonce, path).not.toBe("");
    nonces.add(nonce);
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(
      policy.split("; ").find((d) => d.startsWith("script-src")),
      path,
    ).not.toContain("unsafe-inline");
    // Every script Next rendered carries the nonce.
    const body = await response.text();
    const scripts = body.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-frame-options"], path).toBe("DENY");
  }
  expect(nonces.size).toBe(10);
  for (const path of [
    "/api/public/health",
    "/api/public/openapi.json",
    "/api/public/sdk/v1/wallets/x",
    "/api/auth/session",
  ]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("another origin of the same host cannot frame the console", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("framing"));
  const target = new URL("/merchant/sdk", baseURL()).toString();
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><title>Elsewhere</title><iframe id="console" src="${target}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("frame-ancestors")) refusals.push(message.text());
    });
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator("#console").getByRole("heading", { name: "Applications" })).toHaveCount(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("the docs' RapiDoc reference and the console still run under the CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
  });
  await page.goto("/docs");
  await expect(page.locator("rapi-doc")).toBeAttached({ timeout: 30_000 });
  await signUpInBrowser(page, uniqueEmail("csp"));
  await page.goto("/merchant/sdk/account");
  await expect(page.getByRole("heading", { name: "Sessions" })).toBeVisible();
  expect(violations).toEqual([]);
});
