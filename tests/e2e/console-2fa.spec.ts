// Two-factor sign-in and re-authentication in the browser: enrolling with a code generated from the
// secret shown on the page, signing in with a code or a recovery code (each once), and a session
// older than ten minutes asked for the password before the webhook secret is revealed.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { db, disconnect, guardExternalRequests } from "./helpers";
import {
  createApplicationInBrowser,
  PASSWORD,
  replaceSession,
  screenshotBothWidths,
  showLiveMode,
  signUpInBrowser,
  uniqueEmail,
} from "./console-helpers";
import { enrolTwoFactor, totpCodeAt } from "../helpers/totp-code";

test.afterAll(disconnect);

// A code typed into the browser reaches the server a second or more after it is taken.
const BROWSER_MARGIN_SECONDS = 10;

// The hidden secret shows as "whsec_••••…".
const REVEALED_SECRET = /^whsec_[0-9A-Za-z]{20,}$/;

async function signOut(page: Page) {
  // The top bar's: the account page also has a Sign out on each session's row.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in$/);
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/merchant/sdk/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Replaces the browser's session with the same merchant's, signed in eleven minutes ago. */
function signedInElevenMinutesAgo(context: BrowserContext, email: string) {
  return replaceSession(context, email, { authenticatedAt: Math.floor(Date.now() / 1000) - 11 * 60 });
}

/** Turns two-factor on directly, with the previous step's code, so the current one is unused. */
async function turnOnTwoFactor(merchantId: string) {
  return enrolTwoFactor(await db(), { merchantId });
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

test("enrol in two-factor sign-in, then sign in with a code and with a recovery code once", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const email = uniqueEmail("tfa");
  const address = await signUpInBrowser(page, email);

  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor authentication" }).click();
  await expect(page.getByRole("img", { name: `QR code to add ${email} to an authenticator app` })).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshotBothWidths(page, testInfo, "two-factor-enrol");

  await page.getByLabel("Authentication code").fill("000000");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.locator("#totp-code-error")).toContainText("That code does not match");
  // The previous step's code, so the current one is still unused for the sign-in below.
  await page.getByLabel("Authentication code").fill(await totpCodeAt(secret, -1, BROWSER_MARGIN_SECONDS));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
  expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}-[a-z2-9]{5}$/);
  await screenshotBothWidths(page, testInfo, "two-factor-recovery-codes");
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByTestId("recovery-codes-left")).toContainText("10 of 10 recovery codes left");
  // The account's security activity shows the change.
  const activity = page.getByRole("table", { name: "Security activity" });
  await expect(activity.getByRole("row").nth(1)).toContainText("two_factor.enabled");

  // The password alone no longer signs in: a second step asks for a code, and a wrong one is refused.
  await signOut(page);
  await signInWithPassword(page, email);
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  await screenshotBothWidths(page, testInfo, "sign-in-code");
  await enterCode(page, "000000");
  await expect(page.locator("#sign-in-error")).toContainText("That code is not valid, or it was already used.");
  await enterCode(page, await totpCodeAt(secret, 0, BROWSER_MARGIN_SECONDS));
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();

  // A recovery code signs in once.
  for (const expected of ["signed in", "refused"]) {
    await signOut(page);
    await signInWithPassword(page, email);
    await enterCode(page, recoveryCodes[0] ?? "");
    if (expected === "signed in") await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
    else await expect(page.locator("#sign-in-error")).toContainText("That code is not valid, or it was already used.");
  }
  await enterCode(page, recoveryCodes[1] ?? "");
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/merchant/sdk/account");
  await expect(page.getByTestId("recovery-codes-left")).toContainText("8 of 10 recovery codes left");
  // Newest first: the two recovery codes used, then two-factor turned on.
  await expect(activity.getByRole("row")).toHaveCount(4);
  await expect(activity.getByRole("row").nth(1)).toContainText("recovery_code.used");
  await expect(activity.getByRole("row").nth(2)).toContainText("recovery_code.used");
  await expect(activity.getByRole("row").nth(3)).toContainText("two_factor.enabled");
  // Each from the address the browser's proxy header names (the e2e server trusts one hop).
  for (const row of [1, 2, 3]) await expect(activity.getByRole("row").nth(row)).toContainText(address);
  guard.assertNoExternalRequests();
});

test("a GitHub sign-in of a merchant with two-factor on opens the console only after a code", async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail("github-2fa");
  await signUpInBrowser(page, email);
  const merchant = await (await db()).merchantUser.findUniqueOrThrow({ where: { email } });
  const { secret } = await turnOnTwoFactor(merchant.id);
  // A real GitHub cannot be reached from here: the browser gets the session the server's jwt callback
  // issues after GitHub's OAuth callback for such a merchant (auth-options.ts), second factor pending.
  await replaceSession(context, email, { secondFactorPending: true });

  for (const path of ["/merchant/sdk", "/merchant/sdk/account", "/merchant/sdk/sign-in/verify"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in\/verify$/);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor authentication" })).toBeVisible();
  }
  await screenshotBothWidths(page, testInfo, "github-second-factor");
  await enterCode(page, "000000");
  await expect(page.locator("#second-factor-error")).toContainText("That code is not valid, or it was already used.");
  await page.goto("/merchant/sdk/account");
  await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in\/verify$/);

  await enterCode(page, await totpCodeAt(secret, 0, BROWSER_MARGIN_SECONDS));
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await page.goto("/merchant/sdk/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account security" })).toBeVisible();
  // Once given, the second-step page has nothing left to ask.
  await page.goto("/merchant/sdk/sign-in/verify");
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
});

test("a session older than ten minutes is asked for the password before the secret is revealed", async ({
  page,
  context,
}, testInfo) => {
  const email = uniqueEmail("reauth");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Re-auth shop");

  // A fresh sign-in counts as recent: the secret is revealed without a prompt.
  const secretBox = page.getByTestId("webhook-secret");
  await page.getByRole("button", { name: "Reveal secret" }).first().click();
  await expect(secretBox.first()).toHaveText(REVEALED_SECRET);

  await signedInElevenMinutesAgo(context, email);

  await page.goto(`/merchant/sdk/apps/${appId}`);
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
  await page.getByRole("button", { name: "Reveal secret" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await expect(secretBox.first()).not.toHaveText(REVEALED_SECRET);
  await dialog.getByLabel("Password").fill("not my password at all");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("That password is not right.");
  await screenshotBothWidths(page, testInfo, "reauth-dialog");
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(secretBox.first()).toHaveText(REVEALED_SECRET);

  // The re-authentication holds for ten minutes: revealing again does not ask.
  await page.reload();
  await page.getByRole("button", { name: "Reveal secret" }).first().click();
  await expect(secretBox.first()).toHaveText(REVEALED_SECRET);
  await expect(dialog).toBeHidden();
});

test("an older session is asked for an authentication code before recovery codes are renewed", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("reauth-code");
  await signUpInBrowser(page, email);
  const merchant = await signedInElevenMinutesAgo(context, email);
  const client = await db();
  const { secret, recoveryCodes: firstCodes } = await turnOnTwoFactor(merchant.id);

  await page.goto("/merchant/sdk/account");
  await page.getByRole("button", { name: "Regenerate recovery codes" }).click();
  await page.getByRole("button", { name: "Make new codes" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Use an authentication code instead" }).click();
  await dialog.getByLabel("Authentication code").fill("000000");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("That code is not valid, or it was already used.");
  await dialog.getByLabel("Authentication code").fill(await totpCodeAt(secret, 0, BROWSER_MARGIN_SECONDS));
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  expect((await codes.allTextContents()).map((c) => c.trim())).not.toContain(firstCodes[0]);
  const audit = await client.auditLog.findMany({ where: { merchantId: merchant.id }, select: { action: true } });
  expect(audit.map((a) => a.action).sort()).toEqual(["recovery_codes.regenerated", "two_factor.enabled"]);
});

test("an older session setting up two-factor is asked first; cancelling leaves it off", async ({ page, context }) => {
  const email = uniqueEmail("reauth-setup");
  await signUpInBrowser(page, email);
  await signedInElevenMinutesAgo(context, email);
  await page.goto("/merchant/sdk/account");
  const setUp = page.getByRole("button", { name: "Set up two-factor authentication" });
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await setUp.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("alert").filter({ hasText: "Confirm it is you" })).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toBeHidden();

  await setUp.click();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("totp-secret")).toHaveText(/^[A-Z2-7]{32}$/);
});

test("an older session minting a live key is asked for the password; a test key is not", async ({ page, context }) => {
  const email = uniqueEmail("reauth-live");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Live shop");
  await signedInElevenMinutesAgo(context, email);
  const mint = async (name: string) => {
    await page.goto(`/merchant/sdk/apps/${appId}/keys`);
    await page.getByRole("button", { name: "Create secret key" }).click();
    await page.getByLabel("Name").fill(name);
    await page.getByRole("button", { name: /^Create (test|live) key$/ }).click();
  };
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  const newKey = page.getByTestId("new-api-key");

  await mint("Test backend");
  await expect(newKey).toHaveText(/^sk_test_/);
  await expect(dialog).toBeHidden();

  await showLiveMode(email, appId);
  await mint("Live backend");
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(newKey).toHaveText(/^sk_live_/);
});

test("an older session setting or removing the live decision endpoint is asked for the password; in test mode it is not", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("reauth-decision");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Decided shop");
  await signedInElevenMinutesAgo(context, email);
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  const status = page.getByRole("status");
  const setEndpoint = async (url: string) => {
    await page.goto(`/merchant/sdk/apps/${appId}/webhooks/authorization-endpoint`);
    await page.getByLabel("URL").fill(url);
    await page.getByRole("button", { name: /^(Set endpoint|Save)$/ }).click();
  };

  await setEndpoint("http://127.0.0.1:4555/decide");
  await expect(status).toHaveText("Decision endpoint saved. New spends are asked from now on.");
  await expect(dialog).toBeHidden();

  const database = await db();
  await showLiveMode(email, appId);
  await setEndpoint("https://93.184.215.14/decide");
  await expect(dialog).toBeVisible();
  expect(await database.authorizationEndpoint.count({ where: { applicationId: appId, livemode: true } })).toBe(0);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(status).toHaveText("Decision endpoint saved. New spends are asked from now on.");
  expect(await database.authorizationEndpoint.count({ where: { applicationId: appId, livemode: true } })).toBe(1);

  // Within the ten minutes the proof lasts, removing it asks nothing more.
  await page.getByRole("button", { name: "Remove" }).click();
  await expect(status).toHaveText("Removed: spends are decided by status, controls and funds alone.");
  await expect(dialog).toBeHidden();
  expect(await database.authorizationEndpoint.count({ where: { applicationId: appId, livemode: true } })).toBe(0);
});
