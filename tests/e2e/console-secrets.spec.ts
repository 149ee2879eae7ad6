// Rolling a webhook signing secret without downtime, in the console: the pending secret and its
// switch time (in the browser's zone) show at once; test events stay signed with the current secret,
// so a receiver holding [current, pending] accepts them; after "Activate now" they are signed with the
// new one, which that receiver still accepts and a receiver holding only the old secret refuses (401);
// the activation's own event (webhook_secret.rotated) is counted apart.
// Live mode has a secret of its own.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { db, disconnect } from "./helpers";
import {
  createApplicationInBrowser,
  screenshotBothWidths,
  signUpInBrowser,
  startReceiver,
  uniqueEmail,
} from "./console-helpers";

// Tokyo has no daylight saving: its wall clock is always UTC+9, so the local text is predictable.
test.use({ timezoneId: "Asia/Tokyo", locale: "en-US" });

test.afterAll(disconnect);

const SECRET = /^whsec_[0-9A-Za-z]{40}$/;

async function text(page: Page, testId: string): Promise<string> {
  await expect(page.getByTestId(testId)).toHaveText(SECRET);
  return (await page.getByTestId(testId).textContent()) ?? "";
}

/** The event kind a delivery's body names (the envelope's `event`). */
function kindOf(body: string): unknown {
  return (JSON.parse(body) as { event?: unknown }).event;
}

async function sendTestEvent(page: Page, url: string) {
  const endpoint = page.getByRole("listitem").filter({ hasText: url });
  await endpoint.getByRole("button", { name: "Send test event" }).click();
  await expect(endpoint.getByTestId("test-event-result")).toContainText("It appears under Recent deliveries");
}

test("a rolled test secret is pending until activated, and receivers holding both secrets never miss a delivery", async ({
  page,
}, testInfo) => {
  await signUpInBrowser(page, uniqueEmail("secrets"));
  const appId = await createApplicationInBrowser(page, "Secret roll");
  const overview = `/merchant/sdk/apps/${appId}`;
  await expect(page.getByRole("heading", { name: "Webhook signing secret (test mode)" })).toBeVisible();

  await page.getByRole("button", { name: "Reveal secret" }).click();
  const current = await text(page, "webhook-secret");

  // Roll "in 1 hour": the dialog explains, the new secret shows at once beside its switch time.
  await page.getByRole("button", { name: "Roll secret" }).click();
  const dialog = page.getByRole("dialog", { name: "Roll the test mode signing secret?" });
  await expect(dialog).toContainText("stay signed with the current secret");
  await dialog.getByRole("radio", { name: "In 1 hour" }).check();
  const rolledAt = Date.now();
  await dialog.getByRole("button", { name: "Roll secret" }).click();
  await expect(dialog).toBeHidden();
  const pending = await text(page, "pending-webhook-secret");
  expect(pending).not.toBe(current);
  await expect(page.getByTestId("webhook-secret")).toHaveText(current);
  await expect(page.getByRole("button", { name: "Copy pending secret" })).toBeVisible();

  const switchTime = page.getByTestId("pending-switch-time").locator("time");
  const switchAt = new Date((await switchTime.getAttribute("datetime")) ?? "");
  expect(Math.abs(switchAt.getTime() - (rolledAt + 3_600_000))).toBeLessThan(60_000);
  const tokyo = new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: "Asia/Tokyo",
  }).format(switchAt);
  await expect(switchTime).toContainText(tokyo);
  await expect(switchTime).toContainText("GMT+9");
  await expect(switchTime).toContainText(/in (59 minutes|1 hour)\b/);
  await screenshotBothWidths(page, testInfo, "secret-pending");
  // The panel with a pending secret, and the roll dialog open over it, pass axe (WCAG 2.1 A and AA).
  await page.getByRole("button", { name: "Roll secret" }).click();
  await expect(dialog).toContainText("The secret pending now is discarded and replaced.");
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Two receivers: one deployed with both secrets first, one still holding only the old one.
  const both = await startReceiver(() => [current, pending]);
  const oldOnly = await startReceiver(() => current);
  try {
    await page.getByRole("link", { name: "Webhooks" }).click();
    for (const receiver of [both, oldOnly]) {
      await page.getByLabel("Endpoint URL").fill(receiver.url);
      await page.getByRole("button", { name: "Add endpoint" }).click();
      await expect(page.getByRole("link", { name: receiver.url })).toBeVisible();
    }

    // Before the switch: signed with the current secret; both receivers accept.
    await sendTestEvent(page, both.url);
    await sendTestEvent(page, oldOnly.url);
    await expect.poll(() => both.received.length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => oldOnly.received.length, { timeout: 20_000 }).toBe(1);
    expect(both.received[0]?.verified).toBe(true);
    expect(oldOnly.received[0]?.verified).toBe(true);

    // Activate now: the pending secret becomes the one in use.
    await page.goto(overview);
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(page.getByTestId("pending-webhook-secret")).toHaveText(pending);
    await page.getByRole("button", { name: "Activate now" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Activate now" }).click();
    await expect(page.getByTestId("pending-webhook-secret")).toHaveCount(0);
    await expect(page.getByTestId("webhook-secret")).toHaveText(pending);
    await page.reload();
    await page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(page.getByTestId("webhook-secret")).toHaveText(pending);
    await expect(page.getByTestId("pending-webhook-secret")).toHaveCount(0);

    // The activation is itself an event (webhook_secret.rotated), which these endpoints also get:
    // counted apart from the test events below.
    const rotated = (r: typeof both) => r.received.filter((w) => kindOf(w.body) === "webhook_secret.rotated");
    const others = (r: typeof both) => r.received.filter((w) => kindOf(w.body) !== "webhook_secret.rotated");

    // After: signed with the new secret; the receiver with both accepts, the old-only one answers 401.
    await page.getByRole("link", { name: "Webhooks" }).click();
    await sendTestEvent(page, both.url);
    await sendTestEvent(page, oldOnly.url);
    await expect.poll(() => others(both).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => others(oldOnly).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(others(both)[1]?.verified).toBe(true);
    expect(others(oldOnly)[1]?.verified).toBe(false);
    // The rotation's event came signed with the new secret: accepted by one, refused by the other.
    await expect.poll(() => rotated(both).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => rotated(oldOnly).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(rotated(both)[0]?.verified).toBe(true);
    expect(rotated(oldOnly).every((w) => !w.verified)).toBe(true);
    const client = await db();
    await expect
      .poll(async () => {
        const attempt = await client.webhookAttempt.findFirst({
          where: { delivery: { applicationId: appId, endpoint: { url: oldOnly.url } } },
          orderBy: { createdAt: "desc" },
        });
        return attempt?.statusCode;
      })
      .toBe(401);
  } finally {
    await both.close();
    await oldOnly.close();
  }

  // Live mode signs with a secret of its own.
  await page.goto(overview);
  await page.getByRole("switch", { name: "Test mode" }).click();
  await expect(page.getByRole("heading", { name: "Webhook signing secret (live mode)" })).toBeVisible();
  await page.getByRole("button", { name: "Reveal secret" }).click();
  const live = await text(page, "webhook-secret");
  expect([current, pending]).not.toContain(live);
  await expect(page.getByTestId("pending-webhook-secret")).toHaveCount(0);

  // Each step is in the audit log, with its mode: the test secret rolled and activated, and
  // revealed in both modes.
  await page.goto(`${overview}/audit`);
  const auditRows = page.getByRole("table", { name: "Audit log" }).getByRole("row");
  for (const [action, mode] of [
    ["webhook_secret.rolled", "test"],
    ["webhook_secret.activated", "test"],
    ["webhook_secret.revealed", "test"],
    ["webhook_secret.revealed", "live"],
  ]) {
    await expect(
      auditRows
        .filter({ hasText: action })
        .filter({ hasText: `mode: ${mode}` })
        .first(),
    ).toBeVisible();
  }
});
