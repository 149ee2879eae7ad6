// The console's webhook flow end to end: register an endpoint on a local receiver, create a wallet
// through the API, watch the delivery arrive verified, inspect it, send a test event, and replay
// until the limit message shows; and an endpoint's health as the delivery engine records it.
import { expect, test } from "@playwright/test";
import { api, db } from "./helpers";
import {
  createApplicationInBrowser,
  createKeyInBrowser,
  screenshotBothWidths,
  signUpInBrowser,
  startReceiver,
  uniqueEmail,
} from "./console-helpers";

test("a newcomer receives a verified webhook on their own receiver and can replay it up to the limit", async ({
  page,
}, testInfo) => {
  await signUpInBrowser(page, uniqueEmail("webhooks"));
  const appId = await createApplicationInBrowser(page, "Webhook demo");

  // Copy the secret and a key the way a newcomer would: from the console.
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_[0-9A-Za-z]{40}$/);
  let secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
  const receiver = await startReceiver(() => secret);
  try {
    await page.getByRole("link", { name: "API keys" }).click();
    const key = await createKeyInBrowser(page, "Demo backend");
    expect(key).toMatch(/^sk_test_/);

    // Register the endpoint; a bad URL is refused next to the field.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await expect(page.getByText("No endpoints yet")).toBeVisible();
    await expect(page.getByText("No deliveries yet")).toBeVisible();
    await screenshotBothWidths(page, testInfo, "webhooks-empty");
    await page.getByLabel("Endpoint URL").fill("ftp://example.com/hook");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.locator("#endpoint-url-error")).toBeVisible();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Endpoint added")).toBeVisible();
    await expect(page.getByRole("paragraph").filter({ hasText: receiver.url })).toBeVisible();

    // A wallet created through the API is delivered, signed with the secret shown in the console.
    const wallet = await api(key, "POST", "/api/public/sdk/v1/wallets", {
      externalUserId: "hook_user_1",
      currency: "USD",
      email: "hook@example.com",
    });
    expect(wallet.status).toBe(201);
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(receiver.received[0]?.verified).toBe(true);
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({
      event: "wallet.provisioned",
      schema_version: "1.1",
    });

    // The delivery shows up in the table with its status and response code.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("delivery-row").filter({ hasText: "succeeded" })).toHaveCount(1, { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("delivery-row").first()).toContainText("200");
    await screenshotBothWidths(page, testInfo, "webhooks-deliveries");

    // Filters narrow the table.
    await page.getByLabel("Status").selectOption("failed");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No deliveries match these filters")).toBeVisible();
    await page.getByRole("link", { name: "Clear" }).click();

    // The detail view shows the exact body that was sent and signed.
    await page.getByTestId("delivery-row").first().getByRole("link", { name: "wallet.provisioned" }).click();
    await expect(page.getByRole("heading", { name: "wallet.provisioned" })).toBeVisible();
    await expect(page.getByTestId("attempt-body").first()).toHaveText(receiver.received[0]?.body ?? "");
    // The delivery's one attempt so far is its first try, not a retry.
    await expect(page.getByText("first", { exact: true })).toBeVisible();
    await expect(page.getByText("x-service-signature:").first()).toBeVisible();
    await screenshotBothWidths(page, testInfo, "delivery-detail");

    // Replays: five are accepted within the hour, the sixth is refused with a clear message.
    for (let i = 1; i <= 5; i++) {
      await page.getByRole("button", { name: "Replay delivery" }).click();
      await expect(page.getByTestId("replay-result")).toContainText("Replay queued");
      await expect(page.getByRole("button", { name: "Replay delivery" })).toBeEnabled();
    }
    await page.getByRole("button", { name: "Replay delivery" }).click();
    await expect(page.getByTestId("replay-result")).toContainText("Replay limit reached");
    await expect(page.getByTestId("replay-result")).toContainText("5 times per hour");
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(6);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    await page.reload();
    await expect(page.getByText("replay", { exact: true }).first()).toBeVisible();
    await screenshotBothWidths(page, testInfo, "delivery-replay-limited");

    // After rolling the secret now the receiver, updated with the new secret, still verifies a test event.
    await page.getByRole("link", { name: "Overview" }).click();
    await page.getByRole("button", { name: "Roll secret" }).click();
    await page.getByRole("dialog").getByRole("radio", { name: /^Now/ }).check();
    await page.getByRole("dialog").getByRole("button", { name: "Roll secret" }).click();
    await expect(page.getByText("A new secret is in effect")).toBeVisible();
    await expect(page.getByTestId("webhook-secret")).not.toHaveText(secret);
    secret = (await page.getByTestId("webhook-secret").textContent()) ?? "";
    const before = receiver.received.length;
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText("It appears under Recent deliveries")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(before);
    expect(receiver.received.at(-1)?.verified).toBe(true);

    // The audit log records the endpoint, the replays and the test event.
    await page.goto(`/merchant/sdk/apps/${appId}/audit`);
    for (const action of ["webhook_endpoint.created", "webhook_delivery.replayed", "webhook_endpoint.tested"]) {
      await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
    }
  } finally {
    await receiver.close();
  }
});

test("an endpoint the delivery engine disabled shows Disabled with its reason, and enabling it makes it healthy", async ({
  page,
}, testInfo) => {
  await signUpInBrowser(page, uniqueEmail("health"));
  const appId = await createApplicationInBrowser(page, "Endpoint health");
  await page.getByRole("link", { name: "Webhooks" }).click();
  // Nothing listens on the discard port.
  const url = "http://127.0.0.1:9/hooks";
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Endpoint added")).toBeVisible();
  const health = page.getByTestId("endpoint-health");
  await expect(health).toContainText("No deliveries yet");
  await expect(health).not.toContainText("Deliveries are succeeding");
  await expect(health).toContainText("Last success: never");

  // What the engine writes after three days of failures with no success.
  const reason =
    "Disabled automatically: every delivery failed for 3 days (since 2026-11-20T09:00:00.000Z) with no success; last error: HTTP 503";
  const client = await db();
  const { count } = await client.webhookEndpoint.updateMany({
    where: { applicationId: appId },
    data: {
      enabled: false,
      consecutiveFailures: 41,
      failingSince: new Date("2026-11-20T09:00:00.000Z"),
      lastFailureAt: new Date("2026-11-23T09:00:05.000Z"),
      lastFailureReason: "HTTP 503",
      lastSuccessAt: new Date("2026-11-19T18:30:00.000Z"),
      disabledAt: new Date("2026-11-23T09:00:05.000Z"),
      disabledReason: reason,
    },
  });
  expect(count).toBe(1);

  await page.reload();
  await expect(health.getByText("Disabled", { exact: true })).toBeVisible();
  await expect(page.getByTestId("endpoint-disabled-reason")).toHaveText(reason);
  // Times read in the browser's zone; their exact UTC value is the hover title.
  const at = (utc: string) => health.locator(`time[title="${utc}"]`);
  await expect(at("2026-11-23 09:00:05 UTC")).toHaveCount(2);
  await expect(health).toContainText("41 failures in a row since");
  await expect(at("2026-11-20 09:00:00 UTC")).toHaveCount(1);
  await expect(health).toContainText("— HTTP 503");
  await expect(at("2026-11-19 18:30:00 UTC")).toHaveCount(1);
  await screenshotBothWidths(page, testInfo, "webhooks-endpoint-disabled");

  // Enabling by hand clears the reason and the streak.
  await page.getByRole("switch", { name: `Endpoint ${url} enabled` }).click();
  await expect(health.getByText("Healthy", { exact: true })).toBeVisible();
  await expect(page.getByTestId("endpoint-disabled-reason")).toHaveCount(0);
  await expect(health).not.toContainText("failures in a row");
});
