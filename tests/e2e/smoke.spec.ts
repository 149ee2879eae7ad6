// Proves the e2e harness itself: the production build serves pages with the schema-version header,
// nothing is fetched from outside localhost, and the helpers' keys work against the running server.
import { expect, test } from "@playwright/test";
import { api, createAppWithKey, disconnect, guardExternalRequests, saveScreenshot } from "./helpers";

test.afterAll(disconnect);

test("the home page is served by the production build, from localhost only", async ({ page }, testInfo) => {
  const guard = guardExternalRequests(page);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-service-schema-version"]).toBe("1.1");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await saveScreenshot(page, testInfo, "home");
  guard.assertNoExternalRequests();
});

test("a key made by the helpers provisions a wallet over HTTP", async () => {
  const { key } = await createAppWithKey();
  const created = await api<{ id: string; livemode: boolean }>(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: "e2e_smoke_user",
    currency: "USD",
    email: "smoke@example.com",
  });
  expect(created.status).toBe(201);
  expect(created.body.id).toMatch(/^wal_/);
  expect(created.body.livemode).toBe(false);
});
