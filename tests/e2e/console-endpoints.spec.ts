// Managing a webhook endpoint from its console page, end to end against local receivers: a test
// event of every kind arrives verified, an edited URL takes the next one, a receiver answering 500
// shows as a failure with its reason and in the figures, and a deleted endpoint leaves the list
// while its deliveries still open.
import { expect, test } from "@playwright/test";
import { EVENT_TYPES } from "@/lib/events/record-event";
import { startReceiver as startScriptedReceiver } from "../helpers/webhook-receiver";
import {
  createApplicationInBrowser,
  screenshotBothWidths,
  signUpInBrowser,
  startReceiver,
  uniqueEmail,
} from "./console-helpers";

test("a merchant tests, edits, watches and deletes an endpoint from its page", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signUpInBrowser(page, uniqueEmail("endpoints"));
  const appId = await createApplicationInBrowser(page, "Endpoint workbench");

  await page.getByRole("button", { name: "Reveal secret" }).first().click();
  await expect(page.getByTestId("webhook-secret").first()).toHaveText(/^whsec_[0-9A-Za-z]{40}$/);
  const secret = (await page.getByTestId("webhook-secret").first().textContent()) ?? "";
  const first = await startReceiver(() => secret);
  const second = await startReceiver(() => secret);
  const failing = await startScriptedReceiver(() => ({ status: 500, body: "receiver is down for maintenance" }));
  try {
    // Register on the webhooks page, then open the endpoint's own page from its link.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("Endpoint URL").fill(first.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Endpoint added")).toBeVisible();
    await page.getByRole("link", { name: first.url }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();
    await expect(page.getByTestId("endpoint-url")).toHaveText(first.url);
    // Nothing sent yet: not "Healthy — Deliveries are succeeding" next to "Last success: never".
    await expect(page.getByTestId("endpoint-health")).toContainText("No deliveries yet");

    // A test event of each kind: the receiver gets all five, each signature verifying.
    const kind = page.getByLabel("Test event kind");
    const result = page.getByTestId("test-event-result");
    for (const type of EVENT_TYPES) {
      await kind.selectOption(type);
      await page.getByRole("button", { name: "Send test event" }).click();
      await expect(result).toHaveText(`Sent ${type}. It appears under Recent deliveries.`);
    }
    await expect.poll(() => first.received.length, { timeout: 30_000 }).toBe(EVENT_TYPES.length);
    expect(first.received.every((r) => r.verified)).toBe(true);
    const bodies = first.received.map((r) => JSON.parse(r.body) as { event: string; data: { id: string } });
    expect(bodies.map((b) => b.event).sort()).toEqual([...EVENT_TYPES].sort());
    expect(bodies.find((b) => b.event === "card.issued")?.data.id).toMatch(/^card_[0-9A-Za-z]{24}$/);
    await page.reload();
    // The page lists the newest 20 deliveries (RECENT_DELIVERIES in lib/console/endpoint-detail.ts, whose
    // imports a browser test cannot load); there are more kinds than that.
    await expect(page.getByTestId("endpoint-delivery-row")).toHaveCount(Math.min(EVENT_TYPES.length, 20));
    await expect(page.getByTestId("endpoint-delivery-row").first().getByText("Test", { exact: true })).toBeVisible();

    // Edit the URL: the next test event goes to the second receiver.
    await page.getByLabel("Endpoint URL").fill(second.url);
    await page.getByRole("button", { name: "Save endpoint" }).click();
    await expect(page.getByText("Endpoint saved.")).toBeVisible();
    await expect(page.getByTestId("endpoint-url")).toHaveText(second.url);
    await kind.selectOption("card.captured");
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(result).toHaveText("Sent card.captured. It appears under Recent deliveries.");
    await expect.poll(() => second.received.length, { timeout: 20_000 }).toBe(1);
    expect(second.received[0]?.verified).toBe(true);
    expect(JSON.parse(second.received[0]?.body ?? "{}")).toMatchObject({ event: "card.captured" });
    expect(first.received).toHaveLength(EVENT_TYPES.length);

    // A receiver answering 500: the failure shows with its status and what the receiver said.
    await page.getByLabel("Endpoint URL").fill(failing.url);
    await page.getByRole("button", { name: "Save endpoint" }).click();
    await expect(page.getByTestId("endpoint-url")).toHaveText(failing.url);
    await kind.selectOption("card.refunded");
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(result).toHaveText("Sent card.refunded. It appears under Recent deliveries.");
    await failing.waitFor(1);
    const failure = page.getByTestId("endpoint-failure").first();
    await expect(async () => {
      await page.reload();
      await expect(failure).toContainText("500", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(failure).toContainText("card.refunded");
    await expect(failure).toContainText("receiver is down for maintenance");
    await expect(page.getByTestId("endpoint-health")).toContainText("Failing");

    // The figures: one test event of each kind and one more succeeded, then the 500 (perhaps retried).
    const succeeded = EVENT_TYPES.length + 1;
    const day = page.getByTestId("endpoint-stats-24h");
    await expect(day).toContainText("Last 24 hours");
    const attempts = Number((await day.locator("td").nth(1).textContent()) ?? "0");
    expect(attempts).toBeGreaterThanOrEqual(succeeded + 1);
    await expect(day.locator("td").nth(2)).toHaveText(`${((succeeded / attempts) * 100).toFixed(1)}%`);
    await expect(day.locator("td").nth(3)).toHaveText(/^\d+ ms$/);
    await expect(day.locator("td").nth(4)).toHaveText(/^\d+ ms$/);
    await expect(page.getByTestId("endpoint-stats-7d").locator("td").nth(1)).toHaveText(String(attempts));
    await screenshotBothWidths(page, testInfo, "endpoint-page");

    // Failed deliveries link to their delivery page; keep one to open after the delete.
    const deliveryHref = (await failure.getByRole("link", { name: "card.refunded" }).getAttribute("href")) ?? "";
    expect(deliveryHref).toMatch(/\/webhooks\/deliveries\/whd_/);

    // Delete, after confirming: back on the webhooks page with no endpoint left.
    await page.getByRole("button", { name: "Delete endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await expect(dialog).toContainText(failing.url);
    await dialog.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page).toHaveURL(new RegExp(`/merchant/sdk/apps/${appId}/webhooks$`));
    await expect(page.getByText("No endpoints yet")).toBeVisible();
    await expect(page.getByTestId("delivery-row").filter({ hasText: "endpoint deleted" })).toHaveCount(
      EVENT_TYPES.length + 2,
    );

    // Its delivery page still opens, saying the endpoint was deleted; the event is marked a test.
    await page.goto(deliveryHref);
    await expect(page.getByRole("heading", { level: 1, name: "card.refunded" })).toBeVisible();
    await expect(page.getByTestId("endpoint-deleted")).toContainText("endpoint deleted");
    await expect(page.getByText("Test", { exact: true })).toBeVisible();
    await expect(page.getByText("receiver is down for maintenance").first()).toBeVisible();
    await page.getByRole("button", { name: "Replay delivery" }).click();
    await expect(page.getByTestId("replay-result")).toContainText("deleted");
    await screenshotBothWidths(page, testInfo, "delivery-endpoint-deleted");

    // The events list marks the test events.
    await page.goto(`/merchant/sdk/apps/${appId}/events`);
    await expect(page.getByText("Test", { exact: true })).toHaveCount(EVENT_TYPES.length + 2);
  } finally {
    await Promise.all([first.close(), second.close(), failing.close()]);
  }
});
