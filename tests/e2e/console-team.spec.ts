// Teams and email in the browser (issue 27): an owner invites a viewer, whose mail arrives at a real
// SMTP server (smtp-server, on the port playwright.config.ts gives the server's SMTP_URL); the
// viewer joins through its link, sees no keys, and a forged server action replayed with the viewer's
// cookie is refused. A password is reset by the mailed link, and sign-up answers a taken address
// exactly as a new one.
import { expect, test, type Page, type Request } from "@playwright/test";
import { startSmtpInbox } from "../helpers/smtp-inbox";
import { createApplicationInBrowser, PASSWORD, signInInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";
import { db, disconnect } from "./helpers";

test.describe.configure({ mode: "serial" });

let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

test.beforeAll(async () => {
  inbox = await startSmtpInbox(Number(process.env.E2E_SMTP_PORT));
});

test.afterAll(async () => {
  await inbox.close();
  await disconnect();
});

/** The link in the newest mail to `to` (waiting for the worker to send it). */
async function mailedLink(to: string, subject: RegExp): Promise<string> {
  const mail = await inbox.waitFor(to, subject);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in:\n${mail.text}`);
  // The server names itself by its configured base URL; the browser reaches it on baseURL.
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signUpOnly(page: Page, email: string, password = PASSWORD) {
  await page.goto("/merchant/sdk/sign-up");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  return (await page.getByRole("status").textContent()) ?? "";
}

test("an owner invites a viewer by email; the viewer joins, sees no keys, and a forged action is refused", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signUpInBrowser(page, uniqueEmail("team-owner"));
  const appId = await createApplicationInBrowser(page, "Team app");

  // The owner renames the application once while the request is recorded, to replay it later.
  let recorded: Request | undefined;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"] && request.postData()?.includes("Renamed once"))
      recorded = request;
  });
  const nameField = page.getByLabel("Application name");
  await nameField.fill("Renamed once");
  await nameField.press("Enter");
  await expect.poll(() => recorded !== undefined).toBe(true);
  await expect
    .poll(async () => (await (await db()).application.findUniqueOrThrow({ where: { id: appId } })).name)
    .toBe("Renamed once");
  await (await db()).application.update({ where: { id: appId }, data: { name: "Team app" } });

  const viewerEmail = uniqueEmail("team-viewer");
  await page.goto("/merchant/sdk/team");
  await page.getByLabel("Email").fill(viewerEmail);
  await page.getByLabel("Role", { exact: true }).selectOption("viewer");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Invitation to" })).toContainText("queued");

  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(await mailedLink(viewerEmail, /invited/));
  await expect(viewer.getByRole("heading", { name: /^Join / })).toBeVisible();
  await viewer.getByLabel("Password").fill(PASSWORD);
  await viewer.getByRole("button", { name: "Create account and join" }).click();
  await expect(viewer.getByRole("status")).toContainText("Your account is ready");
  await signInInBrowser(viewer, viewerEmail);
  await viewer.goto(`/merchant/sdk/apps/${appId}`);
  await expect(viewer.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(viewer.getByText("does not show this mode's secret")).toBeVisible();
  await viewer.goto(`/merchant/sdk/apps/${appId}/keys`);
  await expect(viewer.getByText("Not shown to viewers")).toBeVisible();

  // The owner's rename request, replayed with the viewer's session: refused, nothing changed.
  const forged = recorded!;
  // The viewer's own cookie goes with it (the context's jar), not the owner's.
  const { cookie: _ownerCookie, ...headers } = forged.headers();
  const response = await viewer.request.fetch(forged.url(), {
    method: "POST",
    headers,
    data: forged.postDataBuffer() ?? undefined,
  });
  expect(response.status()).toBeLessThan(500);
  expect(await response.text()).toContain("Your role (viewer) cannot");
  expect((await (await db()).application.findUniqueOrThrow({ where: { id: appId } })).name).toBe("Team app");

  // The owner sees the viewer on the team page, and an invitation to them again is refused.
  await page.goto("/merchant/sdk/team");
  await expect(page.getByTestId("member-row").filter({ hasText: viewerEmail })).toBeVisible();
  await page.getByLabel("Email").fill(viewerEmail);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("#invite-email-error")).toContainText("already a member");
  await viewer.context().close();
});

test("a forgotten password is reset by the link in the mail, which works once", async ({ page }) => {
  const email = uniqueEmail("reset");
  await signUpOnly(page, email);
  await page.goto("/merchant/sdk/forgot-password");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const link = await mailedLink(email, /Reset your password/);
  await page.goto(link);
  await page.getByLabel("New password").fill("violet tractor mends quietly");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("heading", { name: "Password changed" })).toBeVisible();
  await signInInBrowser(page, email, "violet tractor mends quietly");
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("alert").filter({ hasText: "already used" })).toBeVisible();
});

test("sign-up answers a taken address exactly as a new one, and tells the address's owner", async ({ page }) => {
  const taken = uniqueEmail("taken");
  await signUpOnly(page, taken);
  await page.context().clearCookies();
  const fresh = uniqueEmail("fresh");
  const answers = [await signUpOnly(page, fresh), await signUpOnly(page, taken, "another long passphrase here")];
  expect(answers[1]).toBe(answers[0]!.replace(fresh, taken));
  await mailedLink(taken, /Someone tried to sign up/);
  await mailedLink(fresh, /Confirm your email address/);
});
