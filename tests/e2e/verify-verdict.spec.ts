// One verdict per check on the public verify pages, in a real browser: a signed statement or letter
// whose fragment was altered by one character gets a single verdict, first on the page, that it was
// altered, and none of its figures shown as valid; the token's or letter's check against our records
// is shown apart as "what our records say"; the revocation line says what happened (never "could not
// be reached" when nothing was asked); changing only the fragment in an open tab checks the new
// document; /treasury/verify states amounts in the currency's units.
import { expect, test, type Page } from "@playwright/test";
import {
  api,
  createAppWithKey,
  createKey,
  db,
  disconnect,
  fundLiveWallet,
  guardExternalRequests,
  saveScreenshot,
} from "./helpers";

test.afterAll(disconnect);

const today = () => new Date().toISOString().slice(0, 10);

type Signed = { id: string; document: string; verifyUrl: string };

async function fundedTestWallet(currency: string, amount: number) {
  const { key } = await createAppWithKey();
  const userId = `e2e_verdict_${Date.now()}`;
  const wallet = await api(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: userId,
    currency,
    email: "ada@example.com",
    name: "Ada Obi",
    address: { line1: "1 High Street", city: "London", country: "GB" },
  });
  expect(wallet.status).toBe(201);
  expect((await api(key, "POST", `/api/public/sdk/v1/test/wallets/${userId}/fund`, { amount })).status).toBe(201);
  return { key, userId };
}

async function statement(): Promise<Signed> {
  const { key, userId } = await fundedTestWallet("USD", 42.5);
  const made = await api<Signed>(key, "POST", `/api/public/sdk/v1/wallets/${userId}/statements`, {
    periodStart: today(),
    periodEnd: today(),
  });
  expect(made.status).toBe(201);
  return made.body;
}

async function fundsLetter(): Promise<Signed> {
  const { key, userId } = await fundedTestWallet("GBP", 250.75);
  const made = await api<Signed>(key, "POST", `/api/public/sdk/v1/wallets/${userId}/proofs`, { kind: "funds" });
  expect(made.status).toBe(201);
  return made.body;
}

/** The same JWS with one character of its signed payload changed, as a hand on the link would. */
function altered(jws: string): string {
  const [header, payload, signature] = jws.split(".") as [string, string, string];
  const at = Math.floor(payload.length / 2);
  const swapped = payload[at] === "A" ? "B" : "A";
  return `${header}.${payload.slice(0, at)}${swapped}${payload.slice(at + 1)}.${signature}`;
}

function withDocument(verifyUrl: string, jws: string): string {
  return `${verifyUrl.split("#")[0]}#document=${jws}`;
}

/** The verdict is the page's first result: above the records' answer and the form. */
async function expectVerdictFirst(page: Page) {
  const verdict = await page.getByTestId("verdict").boundingBox();
  const records = await page.getByTestId("records").boundingBox();
  const form = await page.locator("main form").first().boundingBox();
  expect(verdict && records && form).toBeTruthy();
  expect(verdict!.y).toBeLessThan(records!.y);
  expect(verdict!.y).toBeLessThan(form!.y);
}

async function expectAlteredVerdict(page: Page, noun: string) {
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "invalid");
  await expect(verdict).toContainText(`Altered: this is not the ${noun} we signed`);
  await expect(verdict).toContainText("bad_signature");
  // None of the document's figures is shown, valid or otherwise.
  await expect(page.getByTestId("document-fields")).toHaveCount(0);
  // Nothing on the page reads as a pass.
  await expect(page.locator("main")).not.toContainText("✓");
  // Revocation: nothing was asked, and the page says exactly that.
  const revocation = page.getByTestId("document-revocation");
  await expect(revocation).toHaveAttribute("data-state", "not-asked");
  await expect(revocation).toContainText("not asked");
  await expect(page.locator("main")).not.toContainText("could not be reached");
  await expectVerdictFirst(page);
}

test("/verify gives an altered statement one verdict, first: altered, no figures; our records' answer apart", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const signed = await statement();
  await page.goto(withDocument(signed.verifyUrl, altered(signed.document)));
  await expectAlteredVerdict(page, "statement");
  // What our records say about the token (it is genuine) is there, apart and labelled as such.
  const records = page.getByTestId("records");
  await expect(records).toContainText("What our records say");
  await expect(records.getByTestId("records-result")).toHaveAttribute("data-valid", "true");
  await expect(records).toContainText("$42.50");
  await saveScreenshot(page, testInfo, "verify-altered-statement");
  guard.assertNoExternalRequests();
});

test("/verify puts a genuine statement's verdict first, with what was signed", async ({ page }) => {
  const signed = await statement();
  await page.goto(signed.verifyUrl);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(verdict).toContainText("Genuine statement");
  await expect(page.getByTestId("document-revocation")).toHaveAttribute("data-status", "current");
  await expect(page.getByTestId("document-fields").locator("[data-field=closing_balance] dd")).toHaveText("42.5");
  await expectVerdictFirst(page);
});

test("/verify checks the new document when only the fragment changes in an open tab", async ({ page }) => {
  const signed = await statement();
  await page.goto(signed.verifyUrl);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("document-fields")).toHaveCount(1);

  const tampered = altered(signed.document);
  await page.evaluate((jws) => {
    window.location.hash = `#document=${jws}`;
  }, tampered);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "invalid");
  await expect(page.getByTestId("document-fields")).toHaveCount(0);

  await page.evaluate((jws) => {
    window.location.hash = `#document=${jws}`;
  }, signed.document);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("document-fields")).toHaveCount(1);
});

test("/verify with a token and no document gives the token's answer as the verdict", async ({ page }) => {
  const signed = await statement();
  await page.goto(signed.verifyUrl.split("#")[0]!);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(verdict.getByTestId("verify-result")).toContainText("$42.50");
  await expect(page.getByTestId("records")).toHaveCount(0);
});

test("/verify/proof gives an altered letter one verdict, first: altered, no figures; our records' answer apart", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const signed = await fundsLetter();
  await page.goto(withDocument(signed.verifyUrl, altered(signed.document)));
  await expectAlteredVerdict(page, "letter");
  const records = page.getByTestId("records");
  await expect(records).toContainText("What our records say");
  await expect(records.getByTestId("proof-result")).toHaveAttribute("data-valid", "true");
  await saveScreenshot(page, testInfo, "verify-altered-letter");

  // The genuine letter, in the same tab: its verdict, then its figures.
  await page.evaluate((jws) => {
    window.location.hash = `#document=${jws}`;
  }, signed.document);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
  await expect(page.getByTestId("verdict")).toContainText("Genuine letter");
  await expect(page.getByTestId("document-fields").locator("[data-field=amount] dd")).toHaveText("250.75");
  guard.assertNoExternalRequests();
});

test("/treasury/verify states amounts in the currency's units and shows no figure of an altered proof", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const { appId } = await createAppWithKey();
  const live = await createKey(appId, "live");
  const userId = `e2e_pol_${Date.now()}`;
  const wallet = await api(live, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: userId,
    currency: "USD",
    email: "ada@example.com",
  });
  expect(wallet.status).toBe(201);
  await fundLiveWallet(appId, userId, 12.5);
  await db();
  const { takeLiabilitySnapshot } = await import("@/lib/liabilities/take-liability-snapshot");
  const taken = await takeLiabilitySnapshot({ proofRetentionDays: 90 });
  expect(taken.taken).toBe(true);
  const proof = await api<Record<string, unknown>>(live, "GET", `/api/public/sdk/v1/wallets/${userId}/liability-proof`);
  expect(proof.status).toBe(200);

  await page.goto("/treasury/verify");
  await page.getByLabel("Inclusion proof (JSON)").fill(JSON.stringify(proof.body));
  await page.getByRole("button", { name: "Verify" }).click();
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-verdict", "valid");
  await expect(verdict.getByTestId("proof-balance")).toHaveText("12.50 USD");
  await expect(verdict).not.toContainText("minor units");
  await saveScreenshot(page, testInfo, "treasury-verify-valid");

  await page.getByLabel("Inclusion proof (JSON)").fill(JSON.stringify({ ...proof.body, balance_minor: "99999" }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(verdict).toHaveAttribute("data-verdict", "invalid");
  await expect(verdict).not.toContainText("999.99");
  await expect(verdict).not.toContainText("12.50");
  await expect(page.locator("main")).not.toContainText("✓");
  guard.assertNoExternalRequests();
});
