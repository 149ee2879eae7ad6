// The console as a newcomer from Stripe expects it, in a real browser: the home card counts what its
// mode badge says; tables have human headers that say which balance; controls a role cannot use are
// shown disabled with the reason; an invitee works in the inviting account (a personal account only
// when they ask for one), and every page names the account it is in, with a switcher.
import { expect, test } from "@playwright/test";
import { createApplicationInBrowser, PASSWORD, signInInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";
import { api, createKey, db, disconnect } from "./helpers";

test.afterAll(disconnect);

async function wallets(key: string, count: number) {
  for (let i = 0; i < count; i++) {
    const made = await api(key, "POST", "/api/public/sdk/v1/wallets", {
      externalUserId: `first_hour_${Date.now()}_${i}`,
      currency: "USD",
      email: "ada@example.com",
    });
    expect(made.status).toBe(201);
  }
}

/** A person with a console password who belongs to `accountId` as `role` and to no account of their own. */
async function member(accountId: string, role: "viewer" | "developer") {
  const client = await db();
  const { hashPassword } = await import("@/lib/console/password");
  const { newId } = await import("@/lib/ids");
  const email = uniqueEmail(role);
  const person = await client.merchantUser.create({
    data: { id: newId("usr"), email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() },
  });
  await client.membership.create({ data: { id: newId("mem"), accountId, merchantId: person.id, role } });
  return email;
}

test("the home card counts what its mode badge says, and the wallets table says which balance", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("counts"));
  const appId = await createApplicationInBrowser(page, "Counted app");
  await wallets(await createKey(appId, "test"), 2);
  await wallets(await createKey(appId, "live"), 3);
  await createKey(appId, "live");

  await page.goto("/merchant/sdk");
  const card = page.getByTestId("application-card").filter({ hasText: "Counted app" });
  await expect(card).toContainText("Test");
  await expect(card.getByTestId("count-wallets")).toHaveText("2");
  await expect(card.getByTestId("count-keys")).toHaveText("1");

  // The test pages list the same.
  await page.goto(`/merchant/sdk/apps/${appId}/wallets`);
  const headers = page.getByRole("table", { name: "Wallets" }).getByRole("columnheader");
  await expect(headers).toHaveText([
    "Your user ID",
    "Holder",
    "Available balance",
    "Status",
    "Account number",
    "Created",
  ]);
  await expect(page.getByRole("table", { name: "Wallets" }).locator("tbody tr")).toHaveCount(2);
});

test("a viewer sees the controls they cannot use disabled, with the reason", async ({ page }) => {
  await signUpInBrowser(page, uniqueEmail("gate-owner"));
  const appId = await createApplicationInBrowser(page, "Gated app");
  const { accountId } = await (await db()).application.findUniqueOrThrow({ where: { id: appId } });
  const viewer = await member(accountId, "viewer");
  await page.context().clearCookies();
  await signInInBrowser(page, viewer);

  await page.goto(`/merchant/sdk/apps/${appId}/webhooks`);
  const add = page.getByRole("region", { name: "Add an endpoint" });
  await expect(add.getByRole("button", { name: /Add endpoint/ })).toBeDisabled();
  await expect(add.getByTestId("role-reason")).toHaveText(
    "Your role (viewer) cannot change test-mode settings. Ask an owner of the account.",
  );
  // The application's name: shown, not editable, and why.
  await page.goto(`/merchant/sdk/apps/${appId}`);
  await expect(page.getByLabel("Application name")).toBeDisabled();
  await expect(page.getByText("Your role (viewer) cannot create or rename applications.")).toBeVisible();
});

test("an invitee works in the inviting account, makes a personal one only when asked, and every page names it", async ({
  page,
}) => {
  await signUpInBrowser(page, uniqueEmail("inviter"));
  const appId = await createApplicationInBrowser(page, "Inviter's app");
  const client = await db();
  const { accountId } = await client.application.findUniqueOrThrow({ where: { id: appId } });
  const { name: accountName } = await client.account.findUniqueOrThrow({ where: { id: accountId } });
  const developer = await member(accountId, "developer");
  await page.context().clearCookies();
  await signInInBrowser(page, developer);

  // Home: named, the inviting account's application listed, creating refused up front, with why.
  const bar = page.getByTestId("current-account");
  await expect(bar).toContainText(`Account: ${accountName}`);
  await expect(bar).toContainText("your role: developer");
  await expect(page.getByTestId("application-card")).toHaveText(/Inviter's app/);
  await expect(page.getByRole("button", { name: "Create application" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "New application" }).getByTestId("role-reason")).toContainText(
    "Your role (developer) cannot create or rename applications.",
  );
  const person = await client.merchantUser.findUniqueOrThrow({ where: { email: developer } });
  expect(await client.membership.count({ where: { merchantId: person.id } })).toBe(1);

  // The application's pages and the team page name the same account.
  await page.goto(`/merchant/sdk/apps/${appId}/events`);
  await expect(page.getByTestId("current-account")).toContainText(`Account: ${accountName}`);
  await page.goto("/merchant/sdk/team");
  await expect(page.getByTestId("current-account")).toContainText(`Account: ${accountName}`);

  // Asked for: a personal account, where the console now is, empty and open to applications.
  await page.goto("/merchant/sdk");
  await page.getByRole("button", { name: "Create a personal account" }).click();
  await expect(bar).toContainText(`Account: ${developer}`);
  await expect(bar).toContainText("your role: owner");
  await expect(page.getByTestId("application-card")).toHaveCount(0);
  await createApplicationInBrowser(page, "My own app");
  expect(await client.membership.count({ where: { merchantId: person.id } })).toBe(2);

  // Two accounts: the switcher goes back to the inviting one, and its application.
  await page.goto("/merchant/sdk");
  await page.getByLabel("Switch account").selectOption(accountId);
  await page.getByRole("button", { name: "Switch" }).click();
  await expect(page.getByTestId("current-account")).toContainText(`Account: ${accountName}`);
  await expect(page.getByTestId("application-card")).toHaveText(/Inviter's app/);
});
