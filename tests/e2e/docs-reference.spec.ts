// /docs says which operations need a key (issue 23): every SDK operation carries an "API key" note
// with its scope and RapiDoc's bearer scheme, every public one a "No key" note and "Not Required";
// a key entered once in the reference's bar is sent by "Try" on every SDK operation (and its
// request really carries it), and the reference is set in the page's own fonts.
import { expect, test } from "@playwright/test";
import { createAppWithKey, disconnect, guardExternalRequests } from "./helpers";

type SecurityRequirement = Record<string, string[]>;
type OpenApi = { paths: Record<string, Record<string, { security?: SecurityRequirement[] }>> };

const anchorFor = (method: string, path: string) => `${method}-${path.replace(/[\s#:?&={}]/g, "-")}`;

test.afterAll(disconnect);

test("/docs marks each operation with the key it needs, or none, and takes the key once for every Try", async ({
  page,
  request,
}, testInfo) => {
  // RapiDoc's first load of the whole document, then a check per operation: more than the default minute
  // (over two minutes on the CI machine of 2026-11-27, which ran the baseline five times slower than before).
  test.setTimeout(300_000);
  const document = (await (await request.get("/api/public/openapi.json")).json()) as OpenApi;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      anchor: anchorFor(method, path),
      path,
      scope: operation.security?.find((r) => Object.keys(r).length > 0)?.bearerAuth?.[0],
    })),
  );
  const sdk = operations.filter((o) => o.scope);
  const open = operations.filter((o) => !o.scope);
  expect(sdk.length).toBeGreaterThan(10);
  expect(open.map((o) => o.path)).toEqual(expect.arrayContaining(["/api/public/health", "/api/public/verify/proof"]));

  const guard = guardExternalRequests(page);
  await page.goto("/docs");
  const reference = page.locator("rapi-doc");
  await expect(reference.locator("#api-title")).toBeVisible({ timeout: 30_000 });

  // One note per operation, under its method and path: the key and its scope, or none.
  const note = (anchor: string) => reference.locator(`> [slot="${anchor}"]`);
  for (const operation of sdk) {
    await expect(note(operation.anchor), operation.anchor).toHaveAttribute("data-access", "bearer");
    await expect(note(operation.anchor), operation.anchor).toContainText(`with scope ${operation.scope}`);
  }
  for (const operation of open) {
    await expect(note(operation.anchor), operation.anchor).toHaveAttribute("data-access", "none");
  }

  // RapiDoc's own line per operation: before a key, SDK operations need one and public ones do not.
  const authenticationLine = (path: string) =>
    page.evaluate((p) => {
      const host = window.document.querySelector("rapi-doc");
      const requestElement = [...(host?.shadowRoot?.querySelectorAll("api-request") ?? [])].find(
        (r) => r.getAttribute("path") === p,
      );
      const text = requestElement?.shadowRoot?.querySelector('[part="wrap-request-btn"]')?.textContent ?? "";
      return /Authentication\s+(.*?)\s+(?:FILL EXAMPLE|TRY)/s.exec(text.replace(/\s+/g, " "))?.[1] ?? text;
    }, path);
  expect(await authenticationLine("/api/public/sdk/v1/wallets/{externalUserId}")).toBe("Required (None Applied)");
  expect(await authenticationLine("/api/public/health")).toBe("Not Required");
  // ... in the page's muted text, not RapiDoc's alarm red (no key entered is the normal state).
  const noneAppliedColour = await page.evaluate(() => {
    const host = window.document.querySelector("rapi-doc");
    const requestElement = [...(host?.shadowRoot?.querySelectorAll("api-request") ?? [])].find(
      (r) => r.getAttribute("path") === "/api/public/sdk/v1/wallets/{externalUserId}",
    );
    const span = [...(requestElement?.shadowRoot?.querySelectorAll('[part="wrap-request-btn"] span') ?? [])].find(
      (s) => s.textContent?.includes("None Applied"),
    );
    return span ? getComputedStyle(span).color : null;
  });
  expect(noneAppliedColour).toBe("rgb(71, 85, 105)");

  // Not a key: refused in words, nothing applied.
  const keyField = page.getByLabel("API key for “Try”");
  await keyField.fill("hello");
  await page.getByRole("button", { name: "Use key" }).click();
  await expect(page.getByTestId("api-key-status")).toContainText("That is not an API key");

  // "Enter your key" from an operation leads to the one field; the key then applies everywhere.
  const { key } = await createAppWithKey();
  await note(anchorFor("get", "/api/public/sdk/v1/wallets/{externalUserId}"))
    .getByRole("button", { name: "Enter your key" })
    .click();
  await expect(keyField).toBeFocused();
  await keyField.fill(key);
  await page.getByRole("button", { name: "Use key" }).click();
  await expect(page.getByTestId("api-key-status")).toContainText(`Using test key …${key.slice(-4)}`);
  expect(await authenticationLine("/api/public/sdk/v1/wallets/{externalUserId}")).toBe("HTTP Bearer in header");
  expect(await authenticationLine("/api/public/health")).toBe("Not Required");

  // "Try" sends it: the wallet does not exist in this new application (404), rather than a 401.
  const sent = page.waitForRequest((r) => r.url().includes("/api/public/sdk/v1/wallets/user_42"));
  await page.evaluate(() => {
    const host = window.document.querySelector("rapi-doc");
    const requestElement = [...(host?.shadowRoot?.querySelectorAll("api-request") ?? [])].find(
      (r) => r.getAttribute("path") === "/api/public/sdk/v1/wallets/{externalUserId}",
    );
    const input = requestElement?.shadowRoot?.querySelector<HTMLInputElement>('input[data-pname="externalUserId"]');
    if (input) input.value = "user_42";
    requestElement?.shadowRoot?.querySelector<HTMLButtonElement>('[part~="btn-try"]')?.click();
  });
  const tried = await sent;
  expect(tried.headers()["authorization"]).toBe(`Bearer ${key}`);
  expect((await tried.response())?.status()).toBe(404);

  // The reference is set in the page's fonts.
  const fonts = await page.evaluate(() => ({
    page: getComputedStyle(window.document.body).fontFamily,
    reference: window.document.querySelector("rapi-doc")?.getAttribute("regular-font"),
  }));
  expect(fonts.reference).toBe(fonts.page);

  await note(anchorFor("get", "/api/public/sdk/v1/wallets/{externalUserId}")).scrollIntoViewIfNeeded();
  // The window at that operation (the whole reference is tens of thousands of pixels tall).
  const file = testInfo.outputPath("docs-key-applied.png");
  await page.screenshot({ path: file });
  await testInfo.attach("docs-key-applied", { path: file, contentType: "image/png" });
  guard.assertNoExternalRequests();
});
