// Helpers for the console specs: signing up through the browser, a local webhook receiver that
// verifies signatures, and screenshots at desktop and phone widths.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { expect, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { encode, type JWT } from "next-auth/jwt";
import { baseURL, db, saveScreenshot } from "./helpers";

export const PASSWORD = "correct horse battery staple";

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.test`;
}

/**
 * Replaces the browser's session with one for the merchant `email`, carrying `claims` (a sign-in time,
 * a pending second factor), encoded with the server's secret as next-auth would issue it, naming a
 * session opened for it on the server.
 */
export async function replaceSession(context: BrowserContext, email: string, claims: JWT) {
  const client = await db();
  const merchant = await client.merchantUser.findUniqueOrThrow({ where: { email } });
  const authSecret = process.env.AUTH_SECRET;
  if (!authSecret) throw new Error("AUTH_SECRET is shared with the server by playwright.config.ts");
  // The cookie names a server-side session (lib/console/sessions.ts), as a real sign-in opens one.
  const expiresAt = new Date(Date.now() + 8 * 3600_000);
  const session = await client.consoleSession.create({
    data: { id: `ses_${randomBytes(12).toString("hex")}`, merchantId: merchant.id, expiresAt },
  });
  const token = await encode({
    secret: authSecret,
    token: {
      sub: merchant.id,
      email,
      sessionId: session.id,
      sessionExpiresAt: Math.floor(expiresAt.getTime() / 1000),
      ...claims,
    },
  });
  await context.clearCookies();
  await context.addCookies([{ name: "next-auth.session-token", value: token, url: baseURL() }]);
  return merchant;
}

/**
 * Signs up through the sign-up page (which answers "check your inbox", taken address or not), confirms
 * the address as its mailed link would, signs in and waits for the applications page. The page's browser comes
 * from an address of its own, which it returns: the e2e server trusts one proxy hop
 * (TRUSTED_PROXY_COUNT=1), so X-Forwarded-For names the merchant's address, as behind a load
 * balancer. The console's per-address attempt limits then count each test's merchant alone.
 */
export async function signUpInBrowser(page: Page, email: string, password = PASSWORD): Promise<string> {
  const address = `198.18.${randomInt(256)}.${randomInt(1, 255)}`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": address });
  await page.goto("/merchant/sdk/sign-up");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  // Live keys and live endpoints need a confirmed address; the link itself is tested in console-team.spec.ts.
  await (await db()).merchantUser.update({ where: { email }, data: { emailVerifiedAt: new Date() } });
  await signInInBrowser(page, email, password);
  return address;
}

/** Signs in through the sign-in page and waits for the applications page. */
export async function signInInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/merchant/sdk/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
}

/** Creates an application from the console's home page and returns its id from the overview. */
export async function createApplicationInBrowser(page: Page, name: string): Promise<string> {
  await page.goto("/merchant/sdk");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return (await page.getByTestId("application-id").textContent())?.trim() ?? "";
}

/** Creates a key with every scope from the API keys page's dialog (the page's mode) and returns it. */
export async function createKeyInBrowser(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: "Create secret key" }).click();
  const dialog = page.getByRole("dialog", { name: /secret key$/ });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByRole("button", { name: /^Create (test|live) key$/ }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent()) ?? "";
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  return key;
}

/** A full-page screenshot at desktop width and another at phone width. */
export async function screenshotBothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await saveScreenshot(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, testInfo, `${name}-phone`);
  await page.setViewportSize(desktop);
}

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; verified: boolean };

/**
 * A local receiver that answers 200 to a delivery signed with its secret (or any of its list), else
 * 401. It checks the HMAC itself, not with lib/webhooks/verify, so a fault in the shipped helper
 * cannot make a wrong signature pass here.
 */
export async function startReceiver(secrets: () => string | readonly string[]) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const given = Buffer.from(String(req.headers["x-service-signature"] ?? ""));
      const list = secrets();
      const verified = (typeof list === "string" ? [list] : list).some((secret) => {
        const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("hex"));
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      received.push({ headers: req.headers, body, verified });
      res.writeHead(verified ? 200 : 401, { "content-type": "text/plain" }).end(verified ? "ok" : "bad signature");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("receiver is not listening on TCP");
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Has `email`'s console show `appId` in live mode, as the switch does (lib/console/set-mode.ts). */
export async function showLiveMode(email: string, appId: string): Promise<void> {
  const database = await db();
  const { id: merchantId } = await database.merchantUser.findUniqueOrThrow({ where: { email }, select: { id: true } });
  await database.consoleView.upsert({
    where: { merchantId_applicationId: { merchantId, applicationId: appId } },
    create: { merchantId, applicationId: appId, livemode: true },
    update: { livemode: true },
  });
}
