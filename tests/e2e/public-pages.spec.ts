// The public pages in a real browser against the production build: a statement made over the API
// verifies on /verify (and its QR code encodes that very link), an invalid token is explained,
// /verify/proof checks a letter, /treasury draws its charts, amounts read as currency ($, £, CHF)
// and times carry their UTC value, and /docs lists every operation in its server-rendered HTML and
// lets the interactive reference flow in the page, without fetching anything from outside. Each
// page's screenshot is saved as an artifact.
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

type Statement = { token: string; document: string; verifyUrl: string; qrSvg: string };
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
  // The signed statement rides in the fragment (tests/e2e/signed-documents.spec.ts checks it).
  expect(statement.verifyUrl).toBe(`${baseURL}/verify?token=${statement.token}#document=${statement.document}`);
  // The QR code is exactly the verify link's code, so scanning it opens this same page.
  expect(statement.qrSvg).toBe(
    await QRCode.toString(statement.verifyUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
  );

  const response = await page.goto(statement.verifyUrl);
  expect(response?.headers()["x-service-schema-version"]).toBe("1.1");
  // The signed statement in the link gives the verdict; the token's check is what our records say.
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-verdict", "valid");
  const result = page.getByTestId("records-result");
  await expect(result).toHaveAttribute("data-valid", "true");
  await expect(result).toContainText("one we issued");
  await expect(result).toContainText("Ada Obi");
  // Balances as currency with GBP's two decimals; the issue time as a <time> with UTC on hover.
  await expect(result).toContainText("£250.75");
  await expect(result).not.toContainText("GBP");
  const issued = result.locator("dd time[title$=' UTC']").first();
  await expect(issued).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
  const issuedIso = await issued.getAttribute("datetime");
  await expect(issued).toHaveAttribute(
    "title",
    `${new Date(issuedIso ?? "").toISOString().slice(0, 19).replace("T", " ")} UTC`,
  );
  // The period is two calendar days, never shifted by a time zone.
  await expect(result.locator(`time[datetime="${today()}"]`)).toHaveCount(2);
  await saveScreenshot(page, testInfo, "verify-valid");

  // Pasting the token into the form gives the same answer, as the verdict.
  await page.goto("/verify");
  await page.getByLabel("Statement token").fill(statement.token);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("verify-result")).toHaveAttribute("data-valid", "true");
  await expect(page.getByTestId("verify-result")).toContainText("Valid statement");
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
  await expect(page.getByTestId("proof-result")).toContainText("£250.75");
  await expect(page.getByTestId("proof-result").locator("time[title$=' UTC']")).toHaveCount(2);
  await saveScreenshot(page, testInfo, "verify-proof");

  await page.goto("/verify/proof?account=1234567890&kind=funds");
  await expect(page.getByTestId("proof-result")).toContainText("check digit");
  guard.assertNoExternalRequests();
});

test("/treasury shows live figures and draws its charts", async ({ page }, testInfo) => {
  // The figures are cached for 60 seconds, and earlier tests may have loaded an empty treasury.
  test.setTimeout(150_000);
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

  const figures = page.getByRole("table", { name: "Treasury figures per currency" });
  // 1200.50 funded, 150 captured: 1050.50 owed and held, one active card, 150 of volume, written as
  // CHF amounts with CHF's 2 decimals, and no wallet overdrawn by the card network ("—").
  const chf = figures.getByRole("row", { name: /^CHF 1 1 CHF\s1,050\.50 CHF\s1,050\.50 100% CHF\s150\.00 —$/ });
  await expect(async () => {
    await page.goto("/treasury");
    await expect(chf).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 90_000, intervals: [2_000, 5_000] });
  await expect(page.getByRole("heading", { level: 1, name: "Treasury" })).toBeVisible();
  await expect(page.getByTestId("treasury-empty")).toHaveCount(0);
  for (const chart of ["Liabilities vs reserves", "Coverage ratio", "Card volume, last 30 days"]) {
    await expect(page.getByRole("img", { name: chart })).toBeVisible();
  }
  // One bar per currency and series (2 + 1 + 1 for CHF), each value written beside it as currency.
  expect(await page.locator("[data-chart] [data-bar]").count()).toBeGreaterThanOrEqual(4);
  const liabilities = page.locator('[data-chart="Liabilities vs reserves"]');
  await expect(liabilities).toContainText("CHF");
  await expect(liabilities).toContainText("1,050.50");
  // Chart labels are page-sized text, not scaled-down drawing text.
  const fontSizes = await liabilities
    .locator("[role=img] *")
    .evaluateAll((els) =>
      els
        .filter((el) => el.childElementCount === 0 && el.textContent?.trim())
        .map((el) => parseFloat(getComputedStyle(el).fontSize)),
    );
  expect(fontSizes.length).toBeGreaterThan(0);
  expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(13);
  await expect(page.getByRole("main").locator("time").first()).toHaveAttribute("title", / UTC$/);
  await expect(page.getByRole("link", { name: "Download as JSON" })).toHaveAttribute(
    "href",
    "/api/public/treasury/stats.json",
  );
  await saveScreenshot(page, testInfo, "treasury");
  guard.assertNoExternalRequests();
});

type OpenApi = {
  info: { title: string };
  paths: Record<string, Record<string, { summary?: string }>>;
  webhooks?: Record<string, Record<string, { summary?: string }>>;
};

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

function operationsOf(items: OpenApi["paths"] | undefined) {
  return Object.entries(items ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, summary: operation.summary ?? "" })),
  );
}

/** The text a reader sees in server-rendered HTML: no scripts (the RSC payload), no tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

test("/docs lists every operation of the OpenAPI document in its server-rendered HTML", async ({ request }) => {
  const document = (await (await request.get("/api/public/openapi.json")).json()) as OpenApi;
  const operations = [...operationsOf(document.paths), ...operationsOf(document.webhooks)];
  expect(operations.length).toBeGreaterThan(0);

  // No JavaScript runs here: this is what a crawler, a slow phone or a blocked script sees.
  const response = await request.get("/docs");
  expect(response.status()).toBe(200);
  const html = await response.text();
  const text = visibleText(html);
  expect(text).toContain("POST /api/public/sdk/v1/wallets");
  for (const operation of operations) {
    expect(text, operation.key).toContain(operation.key);
    expect(text, operation.key).toContain(operation.summary);
  }
  // Exactly the document's operations, each once.
  const listed = [...html.matchAll(/data-operation="([^"]+)"/g)].map((m) =>
    (m[1] ?? "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'"),
  );
  expect(listed.sort()).toEqual(operations.map((o) => o.key).sort());
  // One product name on the page.
  expect(text).toContain("Wallet & Card Service");
  expect(text).not.toContain("Wallet, Card and Verification Service");
});

test("/docs renders the interactive reference from our own bundle in the page's own scroll", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  await page.goto("/docs");
  // The server's list is there at once; the reference follows once its script has loaded.
  await expect(page.getByTestId("operation-list").getByText("Provision a wallet")).toBeVisible();
  const reference = page.locator("rapi-doc");
  await expect(reference.getByText("Provision a wallet").first()).toBeVisible({ timeout: 30_000 });
  await expect(reference.getByText("Retrieve a wallet").first()).toBeVisible();
  await expect(reference.getByText("Issue a statement").first()).toBeVisible();
  await expect(reference.getByText("Check a statement token").first()).toBeVisible();
  // The reference's title is the product's one name, whatever the document's title says.
  await expect(reference.locator("#api-title")).toContainText("Wallet & Card Service");
  await page.waitForLoadState("networkidle");

  // The page scrolls as one: the reference is taller than the window, the document scrolls, and
  // neither the reference's ancestors nor its own content frame is a scroll box cutting it short.
  const layout = await page.evaluate(() => {
    const host = document.querySelector("rapi-doc");
    if (!host?.shadowRoot) throw new Error("no rapi-doc");
    const frames: Element[] = [];
    for (let el: Element | null = host; el; el = el.parentElement) frames.push(el);
    frames.push(...host.shadowRoot.querySelectorAll(".body, .main-content"));
    const scrollBoxes = frames
      .filter((el) => el !== document.documentElement && el !== document.body)
      .filter((el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.clientHeight}/${el.scrollHeight}`);
    return {
      scrollBoxes,
      referenceHeight: host.getBoundingClientRect().height,
      viewport: window.innerHeight,
      scrollingElementHeight: document.scrollingElement?.scrollHeight ?? 0,
    };
  });
  expect(layout.scrollBoxes).toEqual([]);
  expect(layout.referenceHeight).toBeGreaterThan(layout.viewport * 3);
  expect(layout.scrollingElementHeight).toBeGreaterThan(layout.referenceHeight);

  // An operation in the server's list jumps the page itself to that operation in the reference.
  await page
    .getByTestId("operation-list")
    .getByRole("link", { name: /Issue a statement/ })
    .click();
  await expect(reference.locator("h2", { hasText: "Issue a statement" })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(layout.viewport);

  // The window at the operation (a full-page picture of the whole reference would be huge).
  const file = testInfo.outputPath("docs.png");
  await page.screenshot({ path: file });
  await testInfo.attach("docs", { path: file, contentType: "image/png" });
  guard.assertNoExternalRequests();
});
