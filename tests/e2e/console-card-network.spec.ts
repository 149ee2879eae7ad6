// A test card's console page sends the card network's messages through the built-in simulator: an
// authorization, then its clearing by the authorization's id, each answered on the page, and the
// authorization's history shown oldest first, on the card's page and on its wallet's; no serious
// accessibility finding.
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

test("a test card's page sends network messages and shows the authorization's history", async ({ page, request }) => {
  await signUpInBrowser(page, uniqueEmail("card-network"));
  const appId = await createApplicationInBrowser(page, "Card network");
  await page.goto(`/merchant/sdk/apps/${appId}/keys`);
  const key = await createKeyInBrowser(page, "network");
  const headers = { Authorization: `Bearer ${key}` };
  const userId = `user_${Date.now()}`;
  await request.post("/api/public/sdk/v1/wallets", {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  const card = await request.post("/api/public/sdk/v1/cards", {
    headers,
    data: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  await request.post(`/api/public/sdk/v1/test/wallets/${userId}/fund`, { headers, data: { amount: 100 } });
  const { id: cardId } = (await card.json()) as { id: string };

  await page.goto(`/merchant/sdk/apps/${appId}/cards/${cardId}`);
  const form = page.getByTestId("network-simulator-form");
  await form.getByLabel("Message").selectOption("authorization");
  await form.getByLabel(/^Amount/).fill("30");
  await form.getByLabel(/^Merchant/).fill("Corner Diner");
  await form.getByLabel(/^Category/).fill("5812");
  await form.getByRole("button", { name: "Send" }).click();
  const result = page.getByTestId("network-result");
  await expect(result).toContainText("approved 30 USD");
  const authorizationId = /auth_[0-9A-Za-z]{24}/.exec((await result.textContent()) ?? "")?.[0];
  expect(authorizationId).toBeDefined();

  await form.getByLabel("Message").selectOption("clearing");
  await form.getByLabel(/^Amount/).fill("34.5");
  await form.getByLabel(/^Authorization/).fill(authorizationId ?? "");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(result).toContainText("clearing");
  await expect(result).toContainText("applied");

  const history = page
    .getByTestId("card-authorization")
    .filter({ hasText: authorizationId ?? "" })
    .getByTestId("authorization-history");
  await expect(history.locator("li")).toHaveCount(2);
  await expect(history.locator("li").nth(0)).toContainText("authorization 30 USD");
  await expect(history.locator("li").nth(1)).toContainText("clearing 34.5 USD");
  expect(await seriousViolations(page)).toEqual([]);

  // The wallet's page shows the same steps under the authorization, and the balance they left.
  await page.getByRole("link", { name: `← Wallet ${userId}` }).click();
  const row = page.locator(`tr#${authorizationId}`);
  await expect(row.getByTestId("authorization-steps").locator("li")).toHaveText([
    "authorization 30.00 USD",
    "clearing 34.50 USD",
  ]);
  await expect(page.getByText("65.50 USD").first()).toBeVisible();
});
