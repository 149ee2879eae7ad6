// The public pages in a real browser against the production build: a statement made over the API
// verifies on /verify (and its QR code encodes that very link), an invalid token is explained,
// /verify/proof checks a letter, /treasury draws its charts, and /docs lists the wallet endpoints
// without fetching anything from outside. Each page's screenshot is saved as an artifact.
import { expect, test } from "@playwright/test";
import QRCode from "qrcode";
import {
  api,
  createAppWithKey,
  createKey,
  disconnect,
  fundLiveWallet,
  guardExternalRequests,
  saveScreenshot,
} from "./helpers";

test.afterAll(disconnect);

const today = () => new Date().toISOString().slice(0, 10);

type Statement = { token: string; verifyUrl: string; qrSvg: string };
type Wallet = { accountNumber: string };
type Proof = { reference: string; verifyUrl: string };

async function walletWithStatement() {
  const { key } = await createAppWithKey();
  const userId = `e2e_${Date.now()}`;
  const wallet = await api<Wallet>(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: userId,
    currency: "GBP",
    email: "ada@example.com",
    name: "Ada Obi",
    address: { line1: "1 High Street", city: "London", country: "GB" },
  });
  expect(wallet.status).toBe(201);
  expect((await api(key, "POST", `/api/public/sdk/v1/test/wallets/${userId}/fund`, { amount: 250.75 })).status).toBe(
    201,
  );
  const statement = await api<Statement>(key, "POST", `/api/public/sdk/v1/wallets/${userId}/statements`, {
    periodStart: today(),
    periodEnd: today(),
  });
  expect(statement.status).toBe(201);
  return { key, userId, accountNumber: wallet.body.accountNumber, statement: statement.body };
}

test("/verify shows a valid statement for a token made over the API, reached through its QR link", async ({
  page,
  baseURL,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const { statement } = await walletWithStatement();
  expect(statement.verifyUrl).toBe(`${baseURL}/verify?token=${statement.token}`);
  // The QR code is exactly the verify link's code, so scanning it opens this same page.
  expect(statement.qrSvg).toBe(
    await QRCode.toString(statement.verifyUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  );

  const response = await page.goto(statement.verifyUrl);
  expect(response?.headers()["x-service-schema-version"]).toBe("1.1");
  const result = page.getByTestId("verify-result");
  await expect(result).toHaveAttribute("data-valid", "true");
  await expect(result).toContainText("Valid statement");
  await expect(result).toContainText("Ada Obi");
  await expect(result).toContainText("250.75 GBP");
  await saveScreenshot(page, testInfo, "verify-valid");

  // Pasting the token into the form gives the same answer.
  await page.goto("/verify");
  await page.getByLabel("Statement token").fill(statement.token);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("verify-result")).toHaveAttribute("data-valid", "true");
  guard.assertNoExternalRequests();
});

test("/verify explains an invalid token", async ({ page }, testInfo) => {
  const guard = guardExternalRequests(page);
  await page.goto("/verify");
  await page.getByLabel("Statement token").fill("vst_not-a-real-token");
  await page.getByRole("button", { name: "Verify" }).click();
  const result = page.getByTestId("verify-result");
  await expect(result).toHaveAttribute("data-valid", "false");
  await expect(result).toContainText("malformed");
  await page.goto(`/verify?token=vst_${"Z".repeat(32)}`);
  await expect(page.getByTestId("verify-result")).toContainText("not_found");
  await saveScreenshot(page, testInfo, "verify-invalid");
  guard.assertNoExternalRequests();
});

test("/verify/proof checks a letter by account number, and shows the amount only with the reference", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const { key, userId, accountNumber } = await walletWithStatement();
  const proof = await api<Proof>(key, "POST", `/api/public/sdk/v1/wallets/${userId}/proofs`, { kind: "funds" });
  expect(proof.status).toBe(201);

  await page.goto("/verify/proof");
  await page.getByLabel("Account number").fill(accountNumber);
  await page.getByLabel("Letter").selectOption("funds");
  await page.getByRole("button", { name: "Verify" }).click();
  const result = page.getByTestId("proof-result");
  await expect(result).toHaveAttribute("data-valid", "true");
  await expect(result).toContainText("A*** O***");
  await expect(result).not.toContainText("250.75");

  await page.goto(proof.body.verifyUrl);
  await expect(page.getByTestId("proof-result")).toContainText("250.75 GBP");
  await saveScreenshot(page, testInfo, "verify-proof");

  await page.goto("/verify/proof?account=1234567890&kind=funds");
  await expect(page.getByTestId("proof-result")).toContainText("check digit");
  guard.assertNoExternalRequests();
});

test("/treasury shows live figures and draws its charts", async ({ page }, testInfo) => {
  const guard = guardExternalRequests(page);
  const { appId } = await createAppWithKey();
  const liveKey = await createKey(appId, "live");
  const wallet = await api(liveKey, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: "e2e_live",
    currency: "CHF",
    email: "l@example.com",
  });
  expect(wallet.status).toBe(201);
  // Live money moves only through the operator's funding and real card spends.
  await fundLiveWallet(appId, "e2e_live", 1200.5);
  const card = await api<{ id: string }>(liveKey, "POST", "/api/public/sdk/v1/cards", {
    externalUserId: "e2e_live",
    kind: "virtual",
    currency: "CHF",
  });
  expect(card.status).toBe(201);
  const hold = await api<{ id: string }>(liveKey, "POST", `/api/public/sdk/v1/cards/${card.body.id}/authorizations`, {
    amount: 200,
    merchant: { name: "Café" },
  });
  expect(hold.status).toBe(201);
  expect(
    (await api(liveKey, "POST", `/api/public/sdk/v1/authorizations/${hold.body.id}/capture`, { amount: 150 })).status,
  ).toBe(200);

  await page.goto("/treasury");
  await expect(page.getByRole("heading", { name: "Treasury" })).toBeVisible();
  const figures = page.getByRole("table", { name: "Treasury figures per currency" });
  // 1200.50 funded, 150 captured: 1050.50 owed and held, one active card, 150 of volume, in CHF's 2 decimals.
  await expect(figures.getByRole("row", { name: /^CHF 1 1 1,050\.50 1,050\.50 100% 150\.00/ })).toBeVisible();
  for (const chart of ["Liabilities vs reserves", "Coverage ratio", "Card volume, last 30 days"]) {
    await expect(page.getByRole("img", { name: chart })).toBeVisible();
  }
  expect(await page.locator("svg[data-chart] rect").count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole("link", { name: "Download as JSON" })).toHaveAttribute(
    "href",
    "/api/public/treasury/stats.json",
  );
  await saveScreenshot(page, testInfo, "treasury");
  guard.assertNoExternalRequests();
});

test("/docs renders the interactive reference from our own bundle and lists the wallet endpoints", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  await page.goto("/docs");
  await expect(page.getByText("Provision a wallet").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Retrieve a wallet").first()).toBeVisible();
  await expect(page.getByText("Issue a statement").first()).toBeVisible();
  await expect(page.getByText("Check a statement token").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  await saveScreenshot(page, testInfo, "docs");
  guard.assertNoExternalRequests();
});
