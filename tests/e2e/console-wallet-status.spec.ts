// A wallet's console page freezes, unfreezes and closes it: freezing shows the wallet frozen, closing
// a wallet with money is refused with the reason beside the button, and once emptied the close (after
// its confirmation) shows it closed with its card canceled and no buttons left.
import { expect, test } from "@playwright/test";
import { disconnect } from "./helpers";
import { createApplicationInBrowser, createKeyInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";

test.afterAll(disconnect);

test("a wallet's page freezes, unfreezes and closes it", async ({ page, request }) => {
  await signUpInBrowser(page, uniqueEmail("wallet-status"));
  const appId = await createApplicationInBrowser(page, "Wallet status");
  await page.goto(`/merchant/sdk/apps/${appId}/keys`);
  const key = await createKeyInBrowser(page, "wallets");
  const headers = { Authorization: `Bearer ${key}` };
  const userId = `user_${Date.now()}`;
  const wallet = await request.post("/api/public/sdk/v1/wallets", {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  const { id: walletId } = (await wallet.json()) as { id: string };
  const card = await request.post("/api/public/sdk/v1/cards", {
    headers,
    data: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  const { id: cardId } = (await card.json()) as { id: string };
  await request.post(`/api/public/sdk/v1/test/wallets/${userId}/fund`, { headers, data: { amount: 10 } });

  await page.goto(`/merchant/sdk/apps/${appId}/wallets/${walletId}`);
  const actions = page.getByTestId("wallet-status-actions");
  await actions.getByRole("button", { name: "Freeze wallet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Frozen: the wallet is frozen." })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Unfreeze wallet" })).toBeVisible();
  await actions.getByRole("button", { name: "Unfreeze wallet" }).click();
  await expect(actions.getByRole("button", { name: "Freeze wallet" })).toBeVisible();

  // Closing asks first; with money in it, it is refused and nothing changes.
  page.once("dialog", (dialog) => void dialog.accept());
  await actions.getByRole("button", { name: "Close wallet" }).click();
  await expect(page.getByRole("status").filter({ hasText: "still has money" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Freeze wallet" })).toBeVisible();

  // Spent and captured: empty, so it closes, canceling its card.
  const spend = await request.post(`/api/public/sdk/v1/cards/${cardId}/authorizations`, {
    headers,
    data: { amount: 10, merchant: { name: "Corner Coffee" } },
  });
  const { id: authorizationId } = (await spend.json()) as { id: string };
  await request.post(`/api/public/sdk/v1/authorizations/${authorizationId}/capture`, { headers, data: {} });
  page.once("dialog", (dialog) => void dialog.accept());
  await actions.getByRole("button", { name: "Close wallet" }).click();
  await expect(page.getByTestId("wallet-status-actions")).toHaveCount(0);
  await expect(page.getByRole("row").filter({ hasText: cardId })).toContainText("canceled");
  const after = await request.get(`/api/public/sdk/v1/wallets/${userId}`, { headers });
  expect(((await after.json()) as { status: string }).status).toBe("closed");
});
