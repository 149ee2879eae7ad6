// The request log as a merchant uses it: mint keys in the console, call the API with them (a
// success, a 4xx, an idempotent replay), then find those requests with every filter, by request id,
// open one, and follow the links between a request, its event and its delivery.
import { expect, test, type Page } from "@playwright/test";
import { api, baseURL, db, disconnect, guardExternalRequests } from "./helpers";
import {
  createApplicationInBrowser,
  createKeyInBrowser,
  screenshotBothWidths,
  signUpInBrowser,
  startReceiver,
  uniqueEmail,
} from "./console-helpers";

test.afterAll(disconnect);
// A zone far from the server's UTC, so a time filter read in the wrong zone finds nothing.
test.use({ timezoneId: "Asia/Tokyo" });

const rows = (page: Page) => page.getByRole("table", { name: "Requests" }).locator("tbody tr");

async function openRequestLog(page: Page) {
  await page.getByRole("link", { name: "Request log" }).click();
  await expect(page).toHaveURL(/\/logs$/);
}

async function filter(page: Page, fields: { label: string; value: string; select?: boolean }[]) {
  await openRequestLog(page);
  for (const field of fields) {
    // A select's option by its value or its visible label.
    if (field.select) await page.getByLabel(field.label, { exact: true }).selectOption(field.value);
    else await page.getByLabel(field.label, { exact: true }).fill(field.value);
  }
  await page.getByRole("button", { name: "Filter" }).click();
}

test("a merchant finds their API requests by status, method, path, key, time and id, and follows them to events and deliveries", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const guard = guardExternalRequests(page);
  await signUpInBrowser(page, uniqueEmail("request-log"));
  const appId = await createApplicationInBrowser(page, "Request log demo");
  const base = `/merchant/sdk/apps/${appId}`;

  await openRequestLog(page);
  await expect(page.getByText("No requests yet")).toBeVisible();

  await page.getByRole("link", { name: "API keys" }).click();
  const backend = await createKeyInBrowser(page, "Backend");
  const reporting = await createKeyInBrowser(page, "Reporting");

  // An endpoint on a local receiver, so the wallet's event has a delivery to link to.
  const receiver = await startReceiver(() => "not the secret");
  try {
    const client = await db();
    const { newId } = await import("@/lib/ids");
    await client.webhookEndpoint.create({
      data: { id: newId("we"), applicationId: appId, livemode: false, url: receiver.url, events: [] },
    });

    const wallet = { externalUserId: "log_user_1", currency: "USD", email: "ada@example.com" };
    const created = await api(backend, "POST", "/api/public/sdk/v1/wallets", wallet, "order-7");
    const replayed = await api(backend, "POST", "/api/public/sdk/v1/wallets", wallet, "order-7");
    const missing = await api(backend, "GET", "/api/public/sdk/v1/wallets/nobody_here");
    const read = await api(reporting, "GET", "/api/public/sdk/v1/wallets/log_user_1");
    expect([created.status, replayed.status, missing.status, read.status]).toEqual([201, 201, 404, 200]);
    // A request without a usable key is not the application's, and is not listed.
    expect((await api("sk_test_notakey00000000000000000000", "GET", "/api/public/sdk/v1/wallets/x")).status).toBe(401);

    // Rows are written about a second after their requests.
    await openRequestLog(page);
    await expect(async () => {
      await page.reload();
      await expect(rows(page)).toHaveCount(4, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(rows(page).first()).toContainText("GET");
    await expect(rows(page).first()).toContainText("/api/public/sdk/v1/wallets/log_user_1");
    await expect(rows(page).first()).toContainText("Reporting");
    await expect(page.getByText("idempotent replay")).toHaveCount(1);
    await screenshotBothWidths(page, testInfo, "request-log");

    // Each filter narrows the list, and travels in the query string.
    await filter(page, [{ label: "Status", value: "4xx", select: true }]);
    await expect(page).toHaveURL(/status=4xx/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("404");
    await expect(rows(page).first()).toContainText("wallet_not_found");

    await filter(page, [{ label: "Status", value: "2xx", select: true }]);
    await expect(rows(page)).toHaveCount(3);

    await filter(page, [{ label: "Method", value: "POST", select: true }]);
    await expect(rows(page)).toHaveCount(2);

    await filter(page, [{ label: "Path contains", value: "nobody" }]);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("nobody_here");

    await filter(page, [{ label: "API key", value: `Reporting (sk_test_••••${reporting.slice(-4)})`, select: true }]);
    await expect(page).toHaveURL(/key=key_/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("log_user_1");

    await filter(page, [{ label: "Time", value: "1h", select: true }]);
    await expect(rows(page)).toHaveCount(4);

    await filter(page, [
      { label: "From", value: "2020-01-01T00:00" },
      { label: "To", value: "2020-01-02T00:00" },
    ]);
    await expect(page.getByText("No request matches these filters")).toBeVisible();
    // From and To are typed in the browser's zone (Tokyo here, UTC+9), as the list shows its times.
    await expect(page.getByText("In your time zone, Asia/Tokyo.")).toBeVisible();
    const wallClock = (offsetMinutes: number, zone: string) =>
      page.evaluate(
        ([minutes, timeZone]) =>
          new Date(Date.now() + Number(minutes) * 60_000)
            .toLocaleString("sv-SE", { timeZone: String(timeZone) })
            .slice(0, 16)
            .replace(" ", "T"),
        [offsetMinutes, zone] as const,
      );
    await filter(page, [
      { label: "From", value: await wallClock(-10, "Asia/Tokyo") },
      { label: "To", value: await wallClock(10, "Asia/Tokyo") },
    ]);
    await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
    await expect(rows(page)).toHaveCount(4);
    // The same range written in UTC wall-clock time is nine hours ago in Tokyo: nothing then.
    await filter(page, [
      { label: "From", value: await wallClock(-10, "UTC") },
      { label: "To", value: await wallClock(10, "UTC") },
    ]);
    await expect(page.getByText("No request matches these filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(rows(page)).toHaveCount(4);

    // An unknown id says so; a known one opens the request.
    await page.getByLabel("Request id").fill("req_doesnotexist");
    await page.getByRole("button", { name: "Open request" }).click();
    await expect(page.getByRole("status")).toContainText("No test request with the id req_doesnotexist");
    await page.getByLabel("Request id").fill(created.requestId);
    await page.getByRole("button", { name: "Open request" }).click();
    await expect(page).toHaveURL(`${baseURL()}${base}/logs/${created.requestId}`);
    await expect(page.getByRole("heading", { level: 1, name: "POST /api/public/sdk/v1/wallets" })).toBeVisible();
    const facts = page.getByRole("region", { name: "Request", exact: true });
    await expect(facts).toContainText(created.requestId);
    await expect(facts).toContainText("201");
    await expect(facts).toContainText(`Backend (sk_test_••••${backend.slice(-4)})`);
    await expect(facts).toContainText("order-7");
    await expect(facts).toContainText("127.0.0.1");
    await expect(facts).toContainText("Idempotent replayNo");
    // Bodies pretty-printed.
    await expect(page.getByTestId("request-body")).toContainText('"externalUserId": "log_user_1"');
    await expect(page.getByTestId("response-body")).toContainText('"idempotent_replay": false');
    await screenshotBothWidths(page, testInfo, "request-detail");

    // The event it caused, with its delivery; the delivery links back to the request.
    const events = page.getByRole("region", { name: "Events this request caused" });
    await expect(events).toContainText("wallet.provisioned");
    await events.getByRole("link", { name: /^whd_/ }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/webhooks/deliveries/whd_`));
    await page.getByRole("link", { name: created.requestId }).click();
    await expect(page).toHaveURL(`${baseURL()}${base}/logs/${created.requestId}`);

    // From the events list too.
    await page.getByRole("link", { name: "Events", exact: true }).click();
    await page.getByRole("link", { name: created.requestId }).click();
    await expect(page.getByRole("heading", { level: 1, name: "POST /api/public/sdk/v1/wallets" })).toBeVisible();

    // The replay is marked as one.
    await page.goto(`${base}/logs?request=${replayed.requestId}`);
    await expect(page).toHaveURL(`${baseURL()}${base}/logs/${replayed.requestId}`);
    await expect(page.getByRole("region", { name: "Request", exact: true })).toContainText(
      "Idempotent replayYes: the stored answer was sent again",
    );
    await expect(page.getByText("This request changed nothing that fires a webhook.")).toBeVisible();
  } finally {
    await receiver.close();
  }
  guard.assertNoExternalRequests();
});
