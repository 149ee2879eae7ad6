// A card's console page: reached from its wallet's card list, it shows the card's summary, and for a
// test card reveals the full number, expiry and CVC (the merchant signed in just now, so no second
// password prompt), hidden again on request; no serious accessibility finding either way.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { disconnect } from "./helpers";
import { createApplicationInBrowser, createKeyInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";

test.afterAll(disconnect);

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")} — ${v.help}`));
}

test("a test card's page reveals its details to the merchant", async ({ page, request }) => {
  await signUpInBrowser(page, uniqueEmail("card-details"));
  const appId = await createApplicationInBrowser(page, "Card details");
  await page.goto(`/merchant/sdk/apps/${appId}/keys`);
  const key = await createKeyInBrowser(page, "cards");
  const headers = { Authorization: `Bearer ${key}` };
  const userId = `user_${Date.now()}`;
  const wallet = await request.post("/api/public/sdk/v1/wallets", {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  const card = await request.post("/api/public/sdk/v1/cards", {
    headers,
    data: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  const { id: walletId } = (await wallet.json()) as { id: string };
  const { id: cardId, last4 } = (await card.json()) as { id: string; last4: string };

  await page.goto(`/merchant/sdk/apps/${appId}/wallets/${walletId}`);
  await page.getByRole("link", { name: `•••• ${last4}` }).click();
  await expect(page).toHaveURL(new RegExp(`/cards/${cardId}$`));
  await expect(page.getByTestId("card-summary")).toContainText(userId);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Reveal details" }).click();
  const details = page.getByTestId("card-details");
  await expect(details.getByLabel("Number", { exact: true })).toHaveText(new RegExp(`^4242 42\\d\\d \\d{4} ${last4}$`));
  await expect(details.getByLabel("CVC", { exact: true })).toHaveText(/^\d{3}$/);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(details.getByLabel("Number (hidden)")).toHaveText(`•••• •••• •••• ${last4}`);
});
