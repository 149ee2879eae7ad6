// The card details page in a real browser: a page on the session's origin frames it and sees the
// number, a page on any other origin cannot (Content-Security-Policy frame-ancestors), and the link
// works once. A frame the browser refuses, or the link opened in a tab of its own, shows nothing and
// spends nothing: the session's origin can still show the number afterwards. The framing pages are
// served by two small servers on localhost's ports, as an application's own pages would be.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { baseURL, createAppWithKey } from "./helpers";

/** A server answering every path with a page that frames `?src=`. */
async function framingServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://localhost").searchParams.get("src") ?? "";
    const escaped = src.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><title>Holder's app</title><h1>Your card</h1>` +
        `<iframe id="card" title="Card details" src="${escaped}" allow="clipboard-write" width="360" height="240"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}

async function detailsSession(request: APIRequestContext, key: string, cardId: string, origin: string) {
  const response = await request.post(`${baseURL()}/api/public/sdk/v1/cards/${cardId}/details-sessions`, {
    headers: { Authorization: `Bearer ${key}` },
    data: { origin },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { url: string }).url;
}

/** A fresh test card, over the API. */
async function testCard(request: APIRequestContext) {
  const { key } = await createAppWithKey();
  const headers = { Authorization: `Bearer ${key}` };
  const userId = `user_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const wallet = await request.post(`${baseURL()}/api/public/sdk/v1/wallets`, {
    headers,
    data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  expect(wallet.status()).toBe(201);
  const card = await request.post(`${baseURL()}/api/public/sdk/v1/cards`, {
    headers,
    data: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  const { id: cardId, last4 } = (await card.json()) as { id: string; last4: string };
  return { key, cardId, last4 };
}

test.describe("card details page framing", () => {
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };
  test.beforeAll(async () => {
    [allowed, other] = await Promise.all([framingServer(), framingServer()]);
  });
  test.afterAll(async () => {
    await Promise.all([allowed, other].map(({ server }) => new Promise((resolve) => server.close(resolve))));
  });

  test("the session's origin frames the page and sees the number; another origin cannot; the link works once", async ({
    page,
    request,
  }) => {
    const { key } = await createAppWithKey();
    const headers = { Authorization: `Bearer ${key}` };
    const userId = `user_${Date.now()}`;
    expect(
      (
        await request.post(`${baseURL()}/api/public/sdk/v1/wallets`, {
          headers,
          data: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
        })
      ).status(),
    ).toBe(201);
    const card = await request.post(`${baseURL()}/api/public/sdk/v1/cards`, {
      headers,
      data: { externalUserId: userId, kind: "virtual", currency: "USD" },
    });
    const { id: cardId, last4 } = (await card.json()) as { id: string; last4: string };

    // Allowed: the frame shows the number (ending in the card's last4), expiry and CVC.
    const url = await detailsSession(request, key, cardId, allowed.origin);
    await page.goto(`${allowed.origin}/?src=${encodeURIComponent(url)}`);
    const frame = page.frameLocator("#card");
    await expect(frame.locator("#number")).toHaveText(new RegExp(`^4242 42\\d\\d \\d{4} ${last4}$`));
    await expect(frame.locator("#cvc")).toHaveText(/^\d{3}$/);
    await expect(frame.getByRole("button", { name: "Copy" })).toHaveCount(3);

    // The same link again: spent, the expired page (still framable by its origin).
    await page.goto(`${allowed.origin}/?src=${encodeURIComponent(url)}`);
    await expect(frame.getByText("This link has expired")).toBeVisible();

    // Another origin: the browser refuses to render the page in its frame.
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("frame-ancestors")) refusals.push(message.text());
    });
    const elsewhere = await detailsSession(request, key, cardId, allowed.origin);
    await page.goto(`${other.origin}/?src=${encodeURIComponent(elsewhere)}`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(frame.locator("#number")).toHaveCount(0);
  });

  test("a frame the browser refuses spends nothing: the session's origin still sees the number after", async ({
    page,
    request,
  }) => {
    const { key, cardId, last4 } = await testCard(request);
    const url = await detailsSession(request, key, cardId, allowed.origin);
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("frame-ancestors")) refusals.push(message.text());
    });
    await page.goto(`${other.origin}/?src=${encodeURIComponent(url)}`);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    await expect(page.frameLocator("#card").locator("#number")).toHaveCount(0);

    await page.goto(`${allowed.origin}/?src=${encodeURIComponent(url)}`);
    await expect(page.frameLocator("#card").locator("#number")).toHaveText(new RegExp(`${last4}$`));
  });

  test("the link opened in a tab of its own shows nothing and spends nothing", async ({ page, request }) => {
    const { key, cardId, last4 } = await testCard(request);
    const url = await detailsSession(request, key, cardId, allowed.origin);
    const direct = await page.goto(url);
    expect(direct?.status()).toBe(403);
    await expect(page.getByText("Open this inside your app.")).toBeVisible();
    await expect(page.locator("#number")).toHaveCount(0);

    await page.goto(`${allowed.origin}/?src=${encodeURIComponent(url)}`);
    await expect(page.frameLocator("#card").locator("#number")).toHaveText(new RegExp(`${last4}$`));
  });
});
