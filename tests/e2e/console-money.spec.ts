// The console's money screens in Chromium: funding a wallet from the Balance page's transfer form, the
// wallet's bank account added in its country's form (fields changing with the country, a bad routing
// number refused by its field, the number shown only masked), a payout held and moved through the
// simulator's in transit and paid, a transfer back to the balance; the application's own account and
// a failed payout on the Balance page; and in live mode an account added after re-authenticating,
// while a live payout without a payout rail is refused plainly.
import { expect, test, type Page } from "@playwright/test";
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

async function addUsAccount(page: Page, holder: string, routing = "110000000") {
  const form = page.getByRole("region", { name: "Bank accounts", exact: true });
  await form.getByLabel("Country").fill("US");
  await form.getByLabel("Holder name").fill(holder);
  await form.getByLabel("Routing number").fill(routing);
  await form.getByLabel("Account number").fill("000123456789");
  await form.getByRole("button", { name: "Add bank account" }).click();
}

test("wallet and balance money screens: bank accounts, payouts with the simulator's moves, transfers, live re-authentication", async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("money");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Money");
  await page.goto(`/merchant/sdk/apps/${appId}/keys`);
  const key = await createKeyInBrowser(page, "money");
  const headers = { Authorization: `Bearer ${key}` };
  expect(
    (
      await request.post("/api/public/sdk/v1/test/top-ups", { headers, data: { amount: 500, currency: "USD" } })
    ).status(),
  ).toBe(201);
  const userId = `user_${Date.now()}`;
  const created = await request.post("/api/public/sdk/v1/wallets", {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  const { id: walletId } = (await created.json()) as { id: string };

  // The Balance page funds the wallet.
  await page.goto(`/merchant/sdk/apps/${appId}/balance`);
  const fund = page.getByRole("region", { name: "Transfer", exact: true });
  await fund.getByLabel("To", { exact: true }).fill(userId);
  await fund.getByLabel("Transfer amount").fill("200");
  await fund.getByRole("button", { name: "Transfer" }).click();
  await expect(fund.getByRole("status")).toHaveText(`Moved 200.00 USD from the balance to ${userId}.`);
  await expect(page.getByTestId("balance-available")).toHaveText("300.00 USD");

  // The wallet's bank account, in its country's form.
  await page.goto(`/merchant/sdk/apps/${appId}/wallets/${walletId}`);
  const accounts = page.getByRole("region", { name: "Bank accounts", exact: true });
  await expect(accounts.getByText("No bank accounts yet")).toBeVisible();
  await accounts.getByLabel("Country").fill("GB");
  await expect(accounts.getByLabel("Sort code")).toBeVisible();
  await expect(accounts.getByLabel("Routing number")).toHaveCount(0);
  await accounts.getByLabel("Country").fill("DE");
  await expect(accounts.getByLabel("IBAN")).toBeVisible();
  await addUsAccount(page, "Ada Lovelace", "110000001");
  await expect(accounts.getByText("routingNumber must be 9 digits passing the ABA checksum.")).toBeVisible();
  await addUsAccount(page, "Ada Lovelace");
  await expect(accounts.getByRole("status")).toHaveText("Recorded US USD account ••••6789.");
  const accountTable = page.getByRole("table", { name: "Bank accounts" });
  await expect(accountTable).toContainText("US USD ••••6789 (110000000)");
  await expect(page.locator("body")).not.toContainText("000123456789");

  // A payout held at once, then moved as its bank would.
  const payouts = page.getByRole("region", { name: "Payouts", exact: true });
  await payouts.getByLabel("Payout amount (USD)").fill("50");
  await payouts.getByRole("button", { name: "Pay out" }).click();
  await expect(payouts.getByRole("status").first()).toContainText("of 50.00 USD is pending.");
  const payoutTable = page.getByRole("table", { name: "Payouts" });
  await expect(payoutTable.getByRole("row")).toHaveCount(2);
  await expect(payoutTable).toContainText("pending");
  await expect(page.getByText("150.00 USD").first()).toBeVisible();
  await payoutTable.getByRole("button", { name: /^In transit/ }).click();
  await expect(payoutTable).toContainText("in transit");
  await payoutTable.getByRole("button", { name: /^Paid/ }).click();
  await expect(payoutTable.getByRole("button", { name: /^Returned/ })).toBeVisible();
  await expect(payoutTable).toContainText("paid");

  // And back to the balance.
  const back = page.getByRole("region", { name: "Transfer", exact: true });
  await back.getByLabel("To", { exact: true }).fill("balance");
  await back.getByLabel("Transfer amount").fill("25");
  await back.getByRole("button", { name: "Transfer" }).click();
  await expect(back.getByRole("status")).toHaveText(`Moved 25.00 USD from ${userId} to the balance.`);

  // The application's own account on the Balance page; a payout that fails gives the money back.
  await page.goto(`/merchant/sdk/apps/${appId}/balance`);
  await expect(page.getByTestId("balance-available")).toHaveText("325.00 USD");
  await addUsAccount(page, "Money Inc");
  await expect(page.getByRole("region", { name: "Bank accounts", exact: true }).getByRole("status")).toHaveText(
    "Recorded US USD account ••••6789.",
  );
  const own = page.getByRole("region", { name: "Payouts", exact: true });
  await own.getByLabel("Payout amount (USD)").fill("100");
  await own.getByRole("button", { name: "Pay out" }).click();
  await expect(own.getByRole("status").first()).toContainText("is pending.");
  await expect(page.getByTestId("balance-available")).toHaveText("225.00 USD");
  await page
    .getByRole("table", { name: "Payouts" })
    .getByRole("button", { name: /^Failed/ })
    .click();
  await expect(page.getByRole("table", { name: "Payouts" })).toContainText("failed");
  await expect(page.getByTestId("balance-available")).toHaveText("325.00 USD");

  // Live mode: an account after confirming it is you; no payout rail here, so a payout is refused.
  await showLiveMode(email, appId);
  await replaceSession(context, email, { authenticatedAt: Math.floor(Date.now() / 1000) - 11 * 60 });
  await page.goto(`/merchant/sdk/apps/${appId}/balance`);
  await expect(page.getByRole("region", { name: "Payouts", exact: true })).toContainText(
    "Live payouts go through the payout rail",
  );
  await addUsAccount(page, "Money Inc");
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await dialog.getByLabel("Password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("region", { name: "Bank accounts", exact: true }).getByRole("status")).toHaveText(
    "Recorded US USD account ••••6789.",
  );
  await expect(page.getByRole("table", { name: "Payouts" })).toHaveCount(0);
  const live = page.getByRole("region", { name: "Payouts", exact: true });
  await live.getByLabel("Payout amount (USD)").fill("1");
  await live.getByRole("button", { name: "Pay out" }).click();
  await expect(live.getByRole("alert")).toContainText("Live payouts need a payout rail connector");
});
