// The console, as a newcomer meets it: sign up, create an application, reveal and rotate the webhook
// secret, mint a restricted key and use it against the API, see the wallet it made, revoke the key.
import { expect, test } from "@playwright/test";
import { SCOPES } from "@/lib/keys/scopes";
import { api, baseURL, guardExternalRequests } from "./helpers";
import { createApplicationInBrowser, screenshotBothWidths, signUpInBrowser, uniqueEmail } from "./console-helpers";

test("sign up, create an application, manage its secret and keys, and see the API obey them", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);

  // Signed-out visitors are sent to sign-in.
  await page.goto("/merchant/sdk");
  await expect(page).toHaveURL(/\/merchant\/sdk\/sign-in$/);
  await screenshotBothWidths(page, testInfo, "sign-in");

  // Sign-up shows errors next to the field that caused them.
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Work email").fill(uniqueEmail("newcomer"));
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("#password-error")).toContainText("at least 10 characters");
  await screenshotBothWidths(page, testInfo, "sign-up-error");
  await signUpInBrowser(page, uniqueEmail("newcomer"));
  await expect(page.getByText("No applications yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "API docs" })).toHaveAttribute("href", "/docs");
  await screenshotBothWidths(page, testInfo, "applications-empty");

  // An empty name is refused beside the field; a real one opens the new application in test mode.
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.locator("#app-name-error")).toContainText("Give the application a name");
  const appId = await createApplicationInBrowser(page, "Acme Payroll");
  expect(appId).toMatch(/^app_/);
  await expect(page.getByTestId("test-mode-banner")).toBeVisible();
  await expect(page.getByText(`Application ${appId} (test mode)`).first()).toBeVisible();

  // The secret is hidden until revealed, and rolling it now (after confirming) replaces it.
  const secretBox = page.getByTestId("webhook-secret");
  await expect(secretBox).toContainText("••••");
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(secretBox).toHaveText(/^whsec_[0-9A-Za-z]{40}$/);
  const firstSecret = (await secretBox.textContent()) ?? "";
  await screenshotBothWidths(page, testInfo, "application-overview");
  await page.getByRole("button", { name: "Roll secret" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.getByRole("dialog").getByRole("radio", { name: /^Now/ }).check();
  await page.getByRole("dialog").getByRole("button", { name: "Roll secret" }).click();
  await expect(page.getByText("A new secret is in effect")).toBeVisible();
  await expect(secretBox).toHaveText(/^whsec_[0-9A-Za-z]{40}$/);
  expect(await secretBox.textContent()).not.toBe(firstSecret);

  // Keys: the list comes first; "Create secret key" opens a dialog with the focus in its first field.
  // A bad allowlist entry is named next to the field; then a key restricted to wallets.
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page.getByText("No test keys yet")).toBeVisible();
  const opener = page.getByRole("button", { name: "Create secret key" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Create a test secret key" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name", { exact: true })).toBeFocused();
  await dialog.getByLabel("Name", { exact: true }).fill("Backend (wallets only)");
  for (const scope of SCOPES.filter((s) => !s.startsWith("wallets:"))) {
    await dialog.getByLabel(scope).uncheck();
  }
  await dialog.getByLabel(/IP allowlist/).fill("10.0.0.0/33");
  await dialog.getByRole("button", { name: "Create test key" }).click();
  await expect(dialog.locator("#allowed-ips-error")).toContainText('"10.0.0.0/33" is not');
  await expect(dialog.getByLabel("cards:write")).not.toBeChecked();
  await dialog.getByLabel(/IP allowlist/).fill("127.0.0.1\n::1/128");
  await dialog.getByRole("button", { name: "Create test key" }).click();
  // The new key is shown once, inside the dialog, which takes the focus to it.
  const keyBox = dialog.getByTestId("new-api-key");
  await expect(keyBox).toHaveText(/^sk_test_[0-9A-Za-z]{32,}$/);
  const key = (await keyBox.textContent()) ?? "";
  await expect(dialog.getByText("You will not see it again")).toBeVisible();
  await expect(dialog.getByRole("status")).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Copy key" })).toBeVisible();
  await screenshotBothWidths(page, testInfo, "keys-minted");

  // Done closes it and gives the focus back; the list behind now holds the key, never the secret.
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  await expect(page.getByText(`sk_test_••••${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  // Opened again, the dialog starts over with an empty form.
  await opener.click();
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  // After a reload only the prefix and last four are shown.
  await page.reload();
  await expect(page.getByText(`sk_test_••••${key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText("127.0.0.1/32, ::1/128")).toBeVisible();
  await expect(page.getByRole("table").getByText("Never")).toBeVisible();

  // The key works for its scope and is refused for another.
  const wallet = await api<{ id: string }>(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: "console_user_1",
    currency: "USD",
    email: "ada@example.com",
    name: "Ada Lovelace",
    address: { line1: "12 St James's Square", city: "London", postalCode: "SW1Y 4JH", country: "GB" },
  });
  expect(wallet.status).toBe(201);
  const card = await api<{ error: { code: string } }>(key, "POST", "/api/public/sdk/v1/cards", {
    externalUserId: "console_user_1",
    kind: "virtual",
    currency: "USD",
  });
  expect(card.status).toBe(403);
  expect(card.body.error.code).toBe("scope_missing");

  // "Last used" now says when, and from which address.
  const lastUsed = page
    .getByRole("row")
    .filter({ hasText: `sk_test_••••${key.slice(-4)}` })
    .getByRole("cell")
    .nth(4);
  await expect(async () => {
    await page.reload();
    await expect(lastUsed.locator("time")).toBeVisible({ timeout: 1000 });
    await expect(lastUsed).toContainText("127.0.0.1", { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // Data views: the wallet, its detail with the holder as given, the event.
  await page.getByRole("link", { name: "Wallets" }).click();
  await expect(page.getByRole("link", { name: "console_user_1" })).toBeVisible();
  await screenshotBothWidths(page, testInfo, "wallets");
  await page.getByLabel("Search by your user ID (externalUserId)").fill("nobody-here");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No wallet matches")).toBeVisible();
  await page.getByLabel("Search by your user ID (externalUserId)").fill("console_user");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "console_user_1" }).click();
  await expect(page.getByRole("heading", { name: "console_user_1" })).toBeVisible();
  const holder = page.getByTestId("wallet-holder");
  await expect(holder).toContainText("Ada Lovelace");
  await expect(holder).toContainText("ada@example.com");
  await expect(holder.locator("address")).toHaveText(/12 St James's Square.*London SW1Y 4JH.*GB/s);
  await expect(page.getByText("No cards")).toBeVisible();
  await screenshotBothWidths(page, testInfo, "wallet-detail");
  await page.getByRole("link", { name: "Events" }).click();
  await expect(page.getByRole("table").getByText("wallet.provisioned")).toBeVisible();
  await screenshotBothWidths(page, testInfo, "events");

  // Revoking (after confirming) makes the API answer 401 at once.
  await page.getByRole("link", { name: "API keys" }).click();
  await page.getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText("Revoked", { exact: true })).toBeVisible();
  const afterRevoke = await api<{ error: { code: string } }>(key, "GET", "/api/public/sdk/v1/wallets/console_user_1");
  expect(afterRevoke.status).toBe(401);
  expect(afterRevoke.body.error.code).toBe("revoked_api_key");

  // The audit log names every security-relevant action.
  await page.getByRole("link", { name: "Audit log" }).click();
  for (const action of [
    "application.created",
    "webhook_secret.revealed",
    "webhook_secret.rolled",
    "webhook_secret.activated",
    "api_key.minted",
    "api_key.revoked",
  ]) {
    await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
  }
  await screenshotBothWidths(page, testInfo, "audit-log");

  // Switching to live mode hides the test banner and the test data. The switch is "Test mode", on in
  // test mode, and its visible label is its accessible name.
  const testMode = page.getByRole("switch", { name: "Test mode" });
  await expect(testMode).toHaveAttribute("aria-checked", "true");
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  await testMode.click();
  await expect(testMode).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);
  await page.getByRole("link", { name: "Wallets" }).click();
  await expect(page.getByText("No wallets yet")).toBeVisible();

  expect(baseURL()).toContain("127.0.0.1");
  guard.assertNoExternalRequests();
});

test("another merchant's application is a 404, not a peek", async ({ page, browser }) => {
  await signUpInBrowser(page, uniqueEmail("owner"));
  const appId = await createApplicationInBrowser(page, "Owner's app");
  const other = await browser.newContext();
  const intruder = await other.newPage();
  await signUpInBrowser(intruder, uniqueEmail("intruder"));
  for (const suffix of ["", "/keys", "/webhooks", "/wallets", "/events", "/audit"]) {
    const response = await intruder.goto(`/merchant/sdk/apps/${appId}${suffix}`);
    expect(response?.status(), suffix).toBe(404);
  }
  // The 404 is the console's own, inside its top bar, with the way back.
  await expect(intruder.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(intruder.getByTestId("signed-in-as")).toBeVisible();
  await intruder.getByRole("link", { name: "Back to applications" }).click();
  await expect(intruder.getByRole("heading", { name: "Applications" })).toBeVisible();
  await other.close();
});

test("unknown console addresses and objects answer 404 inside the console", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("lost"));
  const appId = await createApplicationInBrowser(page, "Lost and found");

  const unknownPage = await page.goto("/merchant/sdk/no-such-page");
  expect(unknownPage?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toBeVisible();

  // Inside an application the navigation stays, and the way back is the application's overview.
  for (const path of [`/merchant/sdk/apps/${appId}/no-such-page`, `/merchant/sdk/apps/${appId}/wallets/wal_missing`]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Application" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Back to the overview" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lost and found" })).toBeVisible();
});

test("sign-in tells a wrong password apart and signs out again", async ({ page }) => {
  const email = uniqueEmail("returning");
  await signUpInBrowser(page, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/sign-in$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator("#sign-in-error")).toContainText("do not match");
  await page.getByLabel("Password").fill("correct horse battery staple");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(email);
});

test("a server action replayed from another origin is refused (CSRF) and changes nothing", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("csrf"));
  const appId = await createApplicationInBrowser(page, "Original name");
  const captured = new Promise<{ url: string; headers: Record<string, string>; body: Buffer | null }>((resolve) => {
    page.on("request", (request) => {
      const headers = request.headers();
      if (request.method() === "POST" && headers["next-action"])
        resolve({ url: request.url(), headers, body: request.postDataBuffer() });
    });
  });
  await page.locator("#rename").fill("Renamed by me");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const action = await captured;

  const { "content-length": _length, ...headers } = action.headers;
  const replay = (origin: string, name: string) =>
    page.request.post(action.url, {
      headers: { ...headers, origin },
      data: action.body?.toString("utf8").replace("Renamed by me", name) ?? "",
      failOnStatusCode: false,
    });

  // Control: the captured request replayed from the console's own origin does work...
  const genuine = await replay(new URL(action.url).origin, "Replayed name");
  expect(genuine.status()).toBe(200);
  await page.goto(`/merchant/sdk/apps/${appId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Replayed name");

  // ...but the same request, with the same cookies, sent from a page on another origin does not.
  const forged = await replay("http://evil.example", "Forged name");
  expect(forged.status()).toBeGreaterThanOrEqual(400);
  await page.goto(`/merchant/sdk/apps/${appId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Replayed name");
});
