// The console's test/live mode is each person's view in each browser (docs/decisions/console-mode.md):
// switching to live in one browser leaves the same person's other browser in test, and a browser
// that never chose starts from that person's last choice.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { disconnect } from "./helpers";
import { createApplicationInBrowser, signInInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";

test.afterAll(disconnect);

async function browserSignedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInInBrowser(page, email);
  return page;
}

function testModeSwitch(page: Page) {
  return page.getByRole("switch", { name: "Test mode" });
}

test("switching mode in one browser leaves the same person's other browser as it was", async ({ page, browser }) => {
  const email = uniqueEmail("mode-per-browser");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Two browsers");
  const overview = `/merchant/sdk/apps/${appId}`;

  // The first browser switches to live.
  await page.goto(overview);
  await expect(testModeSwitch(page)).toHaveAttribute("aria-checked", "true");
  await testModeSwitch(page).click();
  await expect(testModeSwitch(page)).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);

  // A second browser has chosen nothing: it starts from the person's last choice, live; then it
  // switches itself back to test.
  const other = await browserSignedIn(browser, email);
  await other.goto(overview);
  await expect(testModeSwitch(other)).toHaveAttribute("aria-checked", "false");
  await testModeSwitch(other).click();
  await expect(testModeSwitch(other)).toHaveAttribute("aria-checked", "true");
  await other.reload();
  await expect(testModeSwitch(other)).toHaveAttribute("aria-checked", "true");
  await expect(other.getByTestId("test-mode-banner")).toBeVisible();

  // The first browser still shows live: the second one's choice was its own.
  await page.reload();
  await expect(testModeSwitch(page)).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);

  // A third browser starts from the person's last choice: test, just made in the second.
  const third = await browserSignedIn(browser, email);
  await third.goto(overview);
  await expect(testModeSwitch(third)).toHaveAttribute("aria-checked", "true");
});
