// The public face in a real browser against the production build: the front page says what the
// service is and how to start, every public page shares one header whose links all answer, the
// header and the content start at the same left edge on every page (desktop and phone), the
// favicon is served, dates read in the reader's zone with UTC on hover, and the treasury explains
// itself when there is nothing live to show.
import { expect, test, type Page } from "@playwright/test";
import { guardExternalRequests, saveScreenshot } from "./helpers";

const PUBLIC_PAGES = ["/", "/docs", "/verify", "/verify/proof", "/treasury", "/webhooks/security"] as const;

/** Hydration problems show up as console errors or uncaught page errors; a test collects both. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

test("the front page names the product, shows the quick start and links to every public page", async ({
  page,
}, testInfo) => {
  const guard = guardExternalRequests(page);
  const errors = collectPageErrors(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Wallet & Card Service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wallet & Card Service");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  const main = page.getByRole("main");
  for (const topic of [
    "Wallets and virtual cards",
    "Signed webhooks",
    "Public verification",
    "Treasury transparency",
  ]) {
    await expect(main.getByRole("heading", { level: 3, name: topic })).toBeVisible();
  }

  // The README's start, the bootstrap command, and a curl with BASE set once and used in the URL.
  const quickStart = page.getByTestId("quick-start");
  await expect(quickStart.getByRole("heading", { level: 2 })).toContainText("Quick start");
  const snippets = await quickStart.locator("pre").allTextContents();
  expect(snippets[0]).toBe("npm install && npm run dev");
  expect(snippets[1]).toBe("npm run cli -- bootstrap");
  expect(snippets[2]).toMatch(/^BASE=http:\/\/localhost:3000\b/);
  expect(snippets[2]).toContain("curl -s $BASE/api/public/sdk/v1/wallets");
  expect(snippets[2]).toContain('-H "Authorization: Bearer $KEY"');
  expect(snippets[2]?.match(/BASE=/g)).toHaveLength(1);

  // Links whose text says where they go, to each public page and the console.
  const expected: [string, string][] = [
    ["Read the API docs", "/docs"],
    ["Open the merchant console", "/merchant/sdk"],
    ["Verify a statement", "/verify"],
    ["Verify a proof letter", "/verify/proof"],
    ["See the treasury figures", "/treasury"],
    ["Learn to verify webhook signatures", "/webhooks/security"],
  ];
  for (const [name, href] of expected) {
    await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }

  await saveScreenshot(page, testInfo, "front-page");
  expect(errors).toEqual([]);
  guard.assertNoExternalRequests();
});

test("every link in the main navigation answers 200, and the console link is there", async ({ page, request }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(new Set(hrefs)).toEqual(new Set([...PUBLIC_PAGES, "/merchant/sdk"]));
  for (const href of hrefs) {
    const response = await request.get(href);
    expect(response.status(), href).toBe(200);
    expect(response.headers()["content-type"], href).toContain("text/html");
  }
  await expect(nav.getByRole("link", { name: "Merchant console" })).toHaveAttribute("href", "/merchant/sdk");
});

for (const viewport of [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`every public page has the same header and one left edge (${viewport.name}, ${viewport.width}px)`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const errors = collectPageErrors(page);
    const edges: Record<string, { nav: number; navWidth: number; brand: number; main: number; h1: number }> = {};
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // /docs: wait for the interactive reference, whose own markup must not add landmarks or headings.
      if (path === "/docs") await expect(page.locator("rapi-doc #api-title")).toBeVisible({ timeout: 30_000 });
      // Landmarks: one banner holding the main navigation, one main, one h1.
      await expect(page.getByRole("banner")).toHaveCount(1);
      const nav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
      await expect(nav).toBeVisible();
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      // The link to the page itself is marked as the current one (the brand link stands for "/").
      if (path !== "/") {
        await expect(nav.locator(`a[href="${path}"]`)).toHaveAttribute("aria-current", "page");
        await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
      }

      const box = async (locator: ReturnType<Page["locator"]>) => {
        const b = await locator.boundingBox();
        if (!b) throw new Error(`${path}: no box`);
        return b;
      };
      const navBox = await box(nav);
      edges[path] = {
        nav: navBox.x,
        navWidth: navBox.width,
        brand: (await box(nav.getByRole("link", { name: "Wallet & Card Service" }))).x,
        main: (await box(page.locator("main#main"))).x,
        h1: (await box(page.getByRole("heading", { level: 1 }))).x,
      };
      // Nothing makes the page scroll sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        path,
      ).toBeLessThanOrEqual(0);
      // The whole page, except /docs, whose full reference is tens of thousands of pixels tall.
      const name = `${viewport.name}${path === "/" ? "-home" : path.replaceAll("/", "-")}`;
      const file = testInfo.outputPath(`${name}.png`);
      await page.screenshot({ path: file, fullPage: path !== "/docs" });
      await testInfo.attach(name, { path: file, contentType: "image/png" });
    }
    const first = edges["/"];
    if (!first) throw new Error("no measurement of /");
    for (const [path, edge] of Object.entries(edges)) {
      expect(edge, path).toEqual(first);
    }
    // The content starts where the header's brand starts.
    expect(first.h1).toBe(first.brand);
    expect(errors).toEqual([]);
  });
}

test("/favicon.ico and the SVG icon are served as images, and pages point at them", async ({ page, request }) => {
  const ico = await request.get("/favicon.ico");
  expect(ico.status()).toBe(200);
  expect(ico.headers()["content-type"]).toMatch(/^image\//);
  const bytes = await ico.body();
  // An ICO file starts with reserved 0, type 1 (icon) and its image count.
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);

  await page.goto("/verify");
  const icons = await page
    .locator('head link[rel="icon"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
  expect(icons.some((href) => href.startsWith("/favicon.ico"))).toBe(true);
  const svgHref = icons.find((href) => href.startsWith("/icon"));
  if (!svgHref) throw new Error(`no SVG icon among ${icons.join(", ")}`);
  const svg = await request.get(svgHref);
  expect(svg.status()).toBe(200);
  expect(svg.headers()["content-type"]).toContain("image/svg+xml");
});

test.describe("in the reader's time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo", locale: "en-GB" });

  test("/treasury shows its as-of time locally with the UTC value on hover, or explains an empty treasury", async ({
    page,
    request,
  }, testInfo) => {
    const errors = collectPageErrors(page);
    const stats = (await (await request.get("/api/public/treasury/stats.json")).json()) as {
      as_of: string;
      currencies: unknown[];
    };
    await page.goto("/treasury");

    const asOf = page.getByRole("main").locator("time").first();
    const iso = await asOf.getAttribute("datetime");
    expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const utc = `${new Date(iso ?? "").toISOString().slice(0, 19).replace("T", " ")} UTC`;
    await expect(asOf).toHaveAttribute("title", utc);
    // After hydration the text is Tokyo's wall clock (UTC+9), not the UTC fallback.
    await expect(asOf).toContainText("GMT+9");
    await expect(asOf).not.toHaveText(utc);

    const empty = page.getByTestId("treasury-empty");
    if (stats.currencies.length === 0) {
      // A fresh database: the page says what it will show and why it shows nothing yet.
      await expect(empty.getByRole("heading", { level: 2 })).toHaveText("No live wallets yet");
      await expect(empty).toContainText("liabilities");
      await expect(empty).toContainText("reserves");
      await expect(empty).toContainText("coverage ratio");
      await expect(empty).toContainText("only live-mode data counts");
      await expect(page.getByRole("table", { name: "Treasury figures per currency" })).toHaveCount(0);
    } else {
      // Another test made live data first: the figures show, and the empty state does not.
      await expect(empty).toHaveCount(0);
      await expect(page.getByRole("table", { name: "Treasury figures per currency" })).toBeVisible();
    }
    await saveScreenshot(page, testInfo, "treasury-tokyo");
    expect(errors).toEqual([]);
  });
});
