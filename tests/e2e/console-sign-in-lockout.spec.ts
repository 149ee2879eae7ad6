// Sign-in lockout in a real browser (issue 35, Medium 1): the device cookie set at sign-in lets the
// owner back in after strangers spent the account's sign-in budget from many addresses, while a
// browser without it is refused (docs/decisions/sign-in-lockout.md).
import { randomInt } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "./helpers";
import { PASSWORD, signInInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";

async function trySignIn(page: Page, email: string, password: string) {
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `198.19.${randomInt(256)}.${randomInt(1, 255)}` });
  await page.goto("/merchant/sdk/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("the owner's browser signs in after strangers spent the account's budget; a cookieless one does not", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("lockout");
  await signUpInBrowser(page, email);
  const device = (await page.context().cookies()).find((cookie) => cookie.name === "console-device");
  expect(device).toMatchObject({ httpOnly: true, path: "/api/auth", sameSite: "Lax" });
  expect(device!.expires * 1000).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

  // Strangers: wrong passwords, each from another address, until the account's budget of 10 (the
  // owner's own first sign-in, before their browser had the cookie, counted too) is spent; then the
  // right one is refused there.
  const stranger = await browser.newContext({ baseURL: baseURL() });
  const strangerPage = await stranger.newPage();
  for (let attempt = 0; attempt < 9; attempt++) {
    await trySignIn(strangerPage, email, `wrong guess number ${attempt}`);
    await expect(strangerPage.getByText("That email and password do not match an account.")).toBeVisible();
  }
  await trySignIn(strangerPage, email, "wrong guess number 9");
  await expect(strangerPage.getByText(/Too many sign-in attempts/)).toBeVisible();
  await trySignIn(strangerPage, email, PASSWORD);
  await expect(strangerPage.getByText(/Too many sign-in attempts/)).toBeVisible();
  await stranger.close();

  // The owner, signed out, signs in again from their own browser.
  await page.context().clearCookies({ name: "next-auth.session-token" });
  await signInInBrowser(page, email);
});
