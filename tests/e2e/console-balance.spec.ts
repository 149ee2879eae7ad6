// The console's Balance page: a test top-up from its form, a transfer to a wallet listed with the
// wallet named and shown on the wallet's transactions as a transfer, the settlement report saved as
// CSV, and in live mode an owner's bank deposit after re-authenticating (signed in long ago).
import { expect, test } from "@playwright/test";
import { disconnect } from "./helpers";
import {
  createApplicationInBrowser,
  createKeyInBrowser,
  PASSWORD,
  replaceSession,
  showLiveMode,
  signUpInBrowser,
  uniqueEmail,
} from "./console-helpers";

test.afterAll(disconnect);

test("the balance page tops up, lists transfers, downloads the report and records a live deposit", async ({
  page,
  request,
  context,
}) => {
  const email = uniqueEmail("balance");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Balance");
  await page.goto(`/merchant/sdk/apps/${appId}/keys`);
  const key = await createKeyInBrowser(page, "money");
  const headers = { Authorization: `Bearer ${key}` };

  await page.goto(`/merchant/sdk/apps/${appId}`);
  await page.getByRole("link", { name: "Balance" }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/${appId}/balance$`));
  await expect(page.getByText("No balance yet")).toBeVisible();
  await page.getByLabel("Amount", { exact: true }).fill("250.50");
  await page.getByRole("button", { name: "Top up" }).click();
  await expect(page.getByRole("status")).toContainText("Added 250.50 USD; the balance is now 250.50 USD.");
  await expect(page.getByTestId("balance-available")).toHaveText("250.50 USD");

  const userId = `user_${Date.now()}`;
  const wallet = await request.post("/api/public/sdk/v1/wallets", {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  const { id: walletId } = (await wallet.json()) as { id: string };
  const transfer = await request.post("/api/public/sdk/v1/transfers", {
    headers,
    data: { from: { type: "balance" }, to: { type: "wallet", externalUserId: userId }, amount: 50, currency: "USD" },
  });
  expect(transfer.status()).toBe(201);
  const { id: transferId } = (await transfer.json()) as { id: string };

  await page.reload();
  await expect(page.getByTestId("balance-available")).toHaveText("200.50 USD");
  const movements = page.getByRole("table", { name: "Balance movements" });
  const row = movements.getByRole("row").filter({ hasText: transferId });
  await expect(row).toContainText(userId);
  await expect(row).toContainText("-50.00 USD");
  await expect(row).toContainText("200.50 USD");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download CSV" }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^balance-test-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await (await saved.createReadStream()).toArray()).join("");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe("created_at,kind,id,wallet,description,amount,currency,balance_after");
  expect(lines).toContainEqual(
    expect.stringMatching(new RegExp(`,transfer,${transferId},${userId},Transfer,-50\\.00,USD,200\\.50$`)),
  );
  expect(lines.at(-1)).toMatch(/,closing_balance,,,,,USD,200\.50$/);

  // The wallet's page lists the transfer among its transactions.
  await page.goto(`/merchant/sdk/apps/${appId}/wallets/${walletId}`);
  await expect(page.getByText("transfer", { exact: true }).first()).toBeVisible();

  // Live mode: a deposit under a bank reference, after confirming it is the owner.
  await showLiveMode(email, appId);
  await replaceSession(context, email, { authenticatedAt: Math.floor(Date.now() / 1000) - 11 * 60 });
  await page.goto(`/merchant/sdk/apps/${appId}/balance`);
  await page.getByLabel("Amount", { exact: true }).fill("1000");
  await page.getByLabel("Bank reference").fill("WIRE-E2E-1");
  await page.getByRole("button", { name: "Record deposit" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("status")).toContainText("Added 1,000.00 USD");
  await expect(page.getByTestId("balance-available")).toHaveText("1,000.00 USD");
  // The same reference again is refused by its field.
  await page.getByLabel("Amount", { exact: true }).fill("1000");
  await page.getByLabel("Bank reference").fill("WIRE-E2E-1");
  await page.getByRole("button", { name: "Record deposit" }).click();
  await expect(page.getByText("WIRE-E2E-1 was already recorded")).toBeVisible();
});
