// Every console page, filled with realistic data, checked with axe against WCAG 2.1 A and AA: no serious
// or critical violation. The create-key dialog is checked open, and again showing a new key; the second
// sign-in step after GitHub is checked asking for a code and refusing one.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { recordAudit } from "@/lib/audit/record-audit";
import { createBusyApplication } from "./console-busy-application";
import { replaceSession } from "./console-helpers";
import { db, disconnect } from "./helpers";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

let signedIn: StorageState;
let base: string;
let merchantEmail: string;
let ids: { wallet: string; endpoint: string; delivery: string; event: string; request: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const busy = await createBusyApplication(page);
  await busy.receiver.close();
  base = busy.base;
  const client = await db();
  const where = { applicationId: busy.appId };
  const [wallet, endpoint, delivery, event] = await Promise.all([
    client.wallet.findFirstOrThrow({ where }),
    client.webhookEndpoint.findFirstOrThrow({ where }),
    client.webhookDelivery.findFirstOrThrow({ where }),
    client.event.findFirstOrThrow({ where }),
  ]);
  // The request log is written in batches off the request path: wait for the first one.
  await expect.poll(() => client.requestLog.count({ where }), { timeout: 20_000 }).toBeGreaterThan(0);
  const request = await client.requestLog.findFirstOrThrow({ where, select: { id: true } });
  // An account-level line, so the account page's security activity is checked as a table.
  const { merchantId, merchant } = await client.membership.findFirstOrThrow({
    where: { role: "owner", account: { applications: { some: { id: busy.appId } } } },
    include: { merchant: { select: { email: true } } },
  });
  merchantEmail = merchant.email;
  await recordAudit(
    client,
    { merchantId, ipAddress: "192.0.2.1" },
    { applicationId: null, action: "two_factor.disabled" },
  );
  ids = { wallet: wallet.id, endpoint: endpoint.id, delivery: delivery.id, event: event.id, request: request.id };
  signedIn = await context.storageState();
  await context.close();
});

test.afterAll(disconnect);

/** axe's serious and critical WCAG 2.1 A/AA findings on the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node.target.join(" ")} — ${v.help}`));
}

async function signedInPage(browser: Browser) {
  const context = await browser.newContext({ storageState: signedIn });
  return context.newPage();
}

test("sign-in, sign-up and password reset", async ({ page }) => {
  for (const path of [
    "/merchant/sdk/sign-in",
    "/merchant/sdk/sign-up",
    "/merchant/sdk/forgot-password",
    "/merchant/sdk/reset-password?token=not-a-token",
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(200);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("the second sign-in step after GitHub, and its refusal", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await replaceSession(context, merchantEmail, { secondFactorPending: true });
  expect((await page.goto("/merchant/sdk/sign-in/verify"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  expect(await seriousViolations(page), "asking").toEqual([]);
  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.locator("#second-factor-error")).toBeVisible();
  expect(await seriousViolations(page), "refused").toEqual([]);
  await context.close();
});

const pages: Array<[name: string, path: () => string, status?: number]> = [
  ["applications", () => "/merchant/sdk"],
  ["overview", () => base],
  ["API keys", () => `${base}/keys`],
  ["webhooks", () => `${base}/webhooks`],
  ["an endpoint", () => `${base}/webhooks/endpoints/${ids.endpoint}`],
  ["a delivery", () => `${base}/webhooks/deliveries/${ids.delivery}`],
  ["wallets", () => `${base}/wallets`],
  ["a wallet", () => `${base}/wallets/${ids.wallet}`],
  ["events", () => `${base}/events`],
  ["an event", () => `${base}/events/${ids.event}`],
  ["request log", () => `${base}/logs`],
  ["a request", () => `${base}/logs/${ids.request}`],
  ["audit log", () => `${base}/audit`],
  ["search by id, nothing found", () => `${base}/search?id=wal_doesnotexist`],
  ["account security", () => "/merchant/sdk/account"],
  ["team", () => "/merchant/sdk/team"],
  ["an invitation link that cannot be used", () => "/merchant/sdk/invitations?token=not-a-token"],
  ["confirming an address", () => "/merchant/sdk/verify-email?token=not-a-token"],
  ["the console 404", () => "/merchant/sdk/no-such-page", 404],
  ["an application's 404", () => `${base}/wallets/wal_missing`, 404],
];

for (const [name, path, status = 200] of pages) {
  test(`${name} has no serious or critical violation`, async ({ browser }) => {
    const page = await signedInPage(browser);
    expect((await page.goto(path()))?.status()).toBe(status);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
}

test("the create-key dialog, open and showing a new key, has no serious or critical violation", async ({ browser }) => {
  const page = await signedInPage(browser);
  await page.goto(`${base}/keys`);
  await page.getByRole("button", { name: "Create secret key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a test secret key" });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page), "dialog open").toEqual([]);
  await dialog.getByLabel("Name", { exact: true }).fill("Accessibility check");
  await dialog.getByRole("button", { name: "Create test key" }).click();
  await expect(dialog.getByTestId("new-api-key")).toHaveText(/^sk_test_/);
  expect(await seriousViolations(page), "one-time key shown").toEqual([]);
  await page.context().close();
});
