// Issue 38 in the console, in real Chromium against the production build: an endpoint's description,
// metadata rows and throttle on its forms (refused out of range, read back by the API), and Recover on
// the endpoint page after a local receiver was down: every missed event arrives once, verified, in
// order per wallet, while the page follows the recovery to completed on its own; a second recovery
// against the receiver down again shows its error and is canceled, naming the member.
import { createHmac, timingSafeEqual } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { startReceiver as startScriptedReceiver } from "../helpers/webhook-receiver";
import { api } from "./helpers";
import {
  createApplicationInBrowser,
  createKeyInBrowser,
  screenshotBothWidths,
  signUpInBrowser,
  uniqueEmail,
} from "./console-helpers";

type ApiEndpoint = {
  id: string;
  description: string | null;
  metadata: Record<string, string>;
  maxPerSecond: number | null;
};

/** `ms` as a datetime-local value in the browser's own time zone, as a member would type it. */
function localTime(page: Page, ms: number): Promise<string> {
  return page.evaluate((at) => {
    const d = new Date(at);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, ms);
}

test("a merchant describes, tags and throttles an endpoint from its forms", async ({ page }, testInfo) => {
  await signUpInBrowser(page, uniqueEmail("endpoint-settings"));
  await createApplicationInBrowser(page, "Endpoint settings");
  await page.getByRole("link", { name: "API keys" }).click();
  const key = await createKeyInBrowser(page, "Settings check");
  const url = "http://127.0.0.1:9/hooks";
  const readBack = async () =>
    (await api<{ data: ApiEndpoint[] }>(key, "GET", "/api/public/sdk/v1/webhooks/endpoints")).body.data;

  await page.getByRole("link", { name: "Webhooks" }).click();
  await page.getByLabel("Endpoint URL").fill(url);
  await page.getByLabel("Description").fill("Orders, staging");
  await page.getByLabel("Metadata key 1").fill("team");
  await page.getByLabel("Metadata value 1").fill("payments");
  await page.getByRole("button", { name: "Add metadata" }).click();
  await page.getByLabel("Metadata key 2").fill("region");
  await page.getByLabel("Metadata value 2").fill("eu");
  // Past the API's limit: said next to the field, with what was typed kept.
  await page.getByLabel("Max deliveries per second").fill("5000");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.locator("#new-endpoint-max-per-second-error")).toContainText("from 1 to 1000");
  await expect(page.getByLabel("Description")).toHaveValue("Orders, staging");
  await expect(page.getByLabel("Metadata value 2")).toHaveValue("eu");
  expect(await readBack()).toEqual([]);

  await page.getByLabel("Max deliveries per second").fill("5");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Endpoint added")).toBeVisible();
  await expect(page.getByText("Orders, staging")).toBeVisible();
  await expect(page.getByText("at most 5/s")).toBeVisible();
  expect(await readBack()).toEqual([
    expect.objectContaining({
      description: "Orders, staging",
      metadata: { team: "payments", region: "eu" },
      maxPerSecond: 5,
    }),
  ]);

  // The endpoint's page shows them, and its edit form starts from them.
  await page.getByRole("link", { name: url }).click();
  await expect(page.getByTestId("endpoint-description")).toHaveText("Orders, staging");
  await expect(page.getByTestId("endpoint-throttle")).toHaveText("At most 5 a second");
  await expect(page.getByTestId("endpoint-metadata")).toContainText("team: payments");
  await expect(page.getByTestId("endpoint-metadata")).toContainText("region: eu");
  await expect(page.getByLabel("Max deliveries per second")).toHaveValue("5");
  await screenshotBothWidths(page, testInfo, "endpoint-settings");

  // Edit: another description, the first metadata row removed, no throttle.
  await page.getByLabel("Description").fill("Orders, production");
  await page.getByRole("button", { name: "Remove metadata row 1" }).click();
  await page.getByLabel("Max deliveries per second").fill("");
  await page.getByRole("button", { name: "Save endpoint" }).click();
  await expect(page.getByText("Endpoint saved.")).toBeVisible();
  await expect(page.getByTestId("endpoint-description")).toHaveText("Orders, production");
  await expect(page.getByTestId("endpoint-throttle")).toHaveText("No limit");
  await expect(page.getByTestId("endpoint-metadata")).toHaveText("region: eu");
  await expect(page.getByLabel("Metadata key 1")).toHaveValue("region");
  expect(await readBack()).toEqual([
    expect.objectContaining({ description: "Orders, production", metadata: { region: "eu" }, maxPerSecond: null }),
  ]);
});

test("after its receiver was down, Recover on the endpoint page brings every missed event once, in order per wallet", async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const email = uniqueEmail("recovery");
  await signUpInBrowser(page, email);
  const appId = await createApplicationInBrowser(page, "Recovery");
  await page.getByRole("button", { name: "Reveal secret" }).first().click();
  await expect(page.getByTestId("webhook-secret").first()).toHaveText(/^whsec_[0-9A-Za-z]{40}$/);
  const secret = (await page.getByTestId("webhook-secret").first().textContent()) ?? "";
  // A real receiver that answers 503 while "down" and 200 once back, verifying each signature itself.
  let down = true;
  const answers: number[] = [];
  const receiver = await startScriptedReceiver((request) => {
    const expected = Buffer.from(createHmac("sha256", secret).update(request.rawBody).digest("hex"));
    const given = Buffer.from(String(request.headers["x-service-signature"] ?? ""));
    const verified = given.length === expected.length && timingSafeEqual(given, expected);
    const status = !verified ? 401 : down ? 503 : 200;
    answers.push(status);
    return { status, body: down ? "down for maintenance" : "ok" };
  });
  try {
    await page.getByRole("link", { name: "API keys" }).click();
    const key = await createKeyInBrowser(page, "Recovery backend");
    await page.getByRole("link", { name: "Webhooks" }).click();
    await page.getByLabel("Endpoint URL").fill(receiver.url);
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByText("Endpoint added")).toBeVisible();
    await page.getByRole("link", { name: receiver.url }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Webhook endpoint" })).toBeVisible();

    // The outage: two wallets with a card each, four events, every first try answered 503.
    const outageStart = Date.now() - 60_000;
    for (const user of ["recovery_user_a", "recovery_user_b"]) {
      const wallet = await api(key, "POST", "/api/public/sdk/v1/wallets", {
        externalUserId: user,
        currency: "USD",
        email: "holder@example.com",
      });
      expect(wallet.status).toBe(201);
      const card = await api(key, "POST", "/api/public/sdk/v1/cards", {
        externalUserId: user,
        kind: "virtual",
        currency: "USD",
      });
      expect(card.status).toBe(201);
    }
    await receiver.waitFor(4, 30_000);
    expect(answers.slice(0, 4)).toEqual([503, 503, 503, 503]);
    const missed = new Set(receiver.received.map((r) => (JSON.parse(r.rawBody.toString("utf8")) as { id: string }).id));
    expect(missed.size).toBe(4);

    // Back up; recover since a minute before the outage, typed in the browser's zone. The retries
    // would come a minute or more later: the recovery takes them over.
    down = false;
    await page.getByLabel("Recover since").fill(await localTime(page, outageStart));
    await page.getByRole("button", { name: "Start recovery" }).click();
    await expect(page.getByTestId("recovery-result")).toHaveText("Recovery started: 4 deliveries to send, in order.");
    const latest = page.getByTestId("recovery-row").first();
    // The page reads itself again while the recovery runs: no reload here.
    await expect(latest).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    await expect(latest.getByTestId("recovery-progress")).toHaveText("4 of 4 done, 0 left");
    await expect(latest.getByTestId("recovery-sent")).toHaveText("4 / 0");
    await screenshotBothWidths(page, testInfo, "endpoint-recovery-completed");

    // Each missed event answered 200 once, every signature verified, per wallet in order.
    const delivered = receiver.received
      .filter((_, index) => answers[index] === 200)
      .map(
        (r) =>
          JSON.parse(r.rawBody.toString("utf8")) as {
            id: string;
            sequence: number;
            data: { id: string; walletId?: string };
          },
      );
    expect(answers.every((status) => status !== 401)).toBe(true);
    expect(delivered.map((e) => e.id).sort()).toEqual([...missed].sort());
    const perWallet = new Map<string, number[]>();
    for (const e of delivered) {
      const wallet = e.data.walletId ?? e.data.id;
      perWallet.set(wallet, [...(perWallet.get(wallet) ?? []), e.sequence]);
    }
    expect([...perWallet.values()]).toEqual([
      [1, 2],
      [1, 2],
    ]);

    // Down again: a recovery of every delivery (the succeeded ones too) waits on its first, saying
    // why, until the member cancels it.
    down = true;
    await page.getByLabel(/^In the last \d+ days/).check();
    await page.getByLabel("Also re-send deliveries that succeeded").check();
    await page.getByRole("button", { name: "Start recovery" }).click();
    await expect(page.getByTestId("recovery-row")).toHaveCount(2);
    await expect(page.getByTestId("recovery-result")).toHaveText("Recovery started: 4 deliveries to send, in order.");
    await expect(latest).toHaveAttribute("data-status", "running");
    await expect(latest.getByText("succeeded ones too")).toBeVisible();
    await expect(latest.getByTestId("recovery-error")).toContainText("503", { timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Start recovery" })).toBeDisabled();
    await expect(page.getByText("A recovery is running; cancel it or let it finish first.")).toBeVisible();
    await latest.getByRole("button", { name: "Cancel recovery" }).click();
    await expect(latest).toHaveAttribute("data-status", "canceled");
    await expect(latest.getByTestId("recovery-cancel-reason")).toHaveText(`Canceled by ${email}`);
    await expect(latest.getByTestId("recovery-progress")).toHaveText("0 of 4 done, 4 left");
    await expect(page.getByRole("button", { name: "Start recovery" })).toBeEnabled();
    // Nothing more was answered 200: each event arrived once.
    expect(answers.filter((status) => status === 200)).toHaveLength(4);
    await screenshotBothWidths(page, testInfo, "endpoint-recovery-canceled");

    // Both are in the audit log, under the member.
    await page.goto(`/merchant/sdk/apps/${appId}/audit`);
    for (const action of ["webhook_recovery.started", "webhook_recovery.canceled"])
      await expect(page.getByText(action, { exact: true }).first()).toBeVisible();
  } finally {
    await receiver.close();
  }
});
