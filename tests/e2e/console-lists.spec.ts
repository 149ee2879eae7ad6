// Console lists that scale: more than a page of wallets, events and audit entries walked with
// Older/Newest, "Search by id" landing on each kind of object, and times in the reader's zone.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { api, createKey, db, disconnect, guardExternalRequests } from "./helpers";
import { createApplicationInBrowser, screenshotBothWidths, signUpInBrowser, uniqueEmail } from "./console-helpers";

// Tokyo has no daylight saving: its wall clock is always UTC+9, so the local text is predictable.
test.use({ timezoneId: "Asia/Tokyo", locale: "en-US" });

test.afterAll(disconnect);

const SEEDED = 60;

/** 60 wallets, events and audit entries, the newest 3 minutes old, written straight into the database. */
async function seed(appId: string) {
  const client = await db();
  const { merchantId } = await client.membership.findFirstOrThrow({
    where: { role: "owner", account: { applications: { some: { id: appId } } } },
  });
  const tag = randomBytes(4).toString("hex");
  const at = (i: number) => new Date(Date.now() - 3 * 60_000 - i * 60_000);
  await client.wallet.createMany({
    data: Array.from({ length: SEEDED }, (_, i) => ({
      id: `wal_seed${tag}${String(i).padStart(3, "0")}`,
      applicationId: appId,
      livemode: false,
      externalUserId: `seeded-${String(i).padStart(3, "0")}`,
      email: `seeded-${i}@example.com`,
      currency: "USD",
      accountNumber: `5${tag}${String(i).padStart(3, "0")}`,
      createdAt: at(i),
    })),
  });
  await client.event.createMany({
    data: Array.from({ length: SEEDED }, (_, i) => ({
      id: `evt_seed${tag}${String(i).padStart(3, "0")}`,
      applicationId: appId,
      livemode: false,
      type: "wallet.provisioned",
      data: { seeded: i },
      sequence: i + 1,
      createdAt: at(i),
    })),
  });
  await client.auditLog.createMany({
    data: Array.from({ length: SEEDED }, (_, i) => ({
      id: `aud_seed${tag}${String(i).padStart(3, "0")}`,
      merchantId,
      applicationId: appId,
      action: "key.created",
      detail: { seeded: i },
      createdAt: at(i),
    })),
  });
}

const rows = (page: Page, caption: string) => page.getByRole("table", { name: caption }).locator("tbody tr");

/** Walks a list: a full first page, Older to the rest, Newest back to the first page. */
async function walkList(page: Page, path: string, caption: string, label: string, total: number) {
  await page.goto(path);
  await expect(rows(page, caption)).toHaveCount(50);
  const pager = page.getByRole("navigation", { name: `${label} pages` });
  await pager.getByRole("link", { name: /Older/ }).click();
  await expect(page).toHaveURL(/[?&]after=/);
  await expect(rows(page, caption)).toHaveCount(total - 50);
  await expect(pager.getByRole("link", { name: /Older/ })).toHaveCount(0);
  await pager.getByRole("link", { name: /Newest/ }).click();
  await expect(page).not.toHaveURL(/after=/);
  await expect(rows(page, caption)).toHaveCount(50);
}

async function searchById(page: Page, id: string) {
  await page.getByLabel("Search by id").fill(id);
  await page.getByLabel("Search by id").press("Enter");
}

test("pages through long lists, finds objects by id and shows times locally", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const guard = guardExternalRequests(page);
  await signUpInBrowser(page, uniqueEmail("lists"));
  const appId = await createApplicationInBrowser(page, "Busy shop");
  const base = `/merchant/sdk/apps/${appId}`;
  await seed(appId);

  // One wallet with a card, funded and spent from through the API, for the card and authorization ids.
  const key = await createKey(appId, "test");
  const created = await api<{ id: string }>(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: "holder-1",
    currency: "USD",
    email: "holder@example.com",
  });
  expect(created.status).toBe(201);
  const card = await api<{ id: string }>(key, "POST", "/api/public/sdk/v1/cards", {
    externalUserId: "holder-1",
    kind: "virtual",
    currency: "USD",
  });
  expect(card.status).toBe(201);
  expect((await api(key, "POST", "/api/public/sdk/v1/test/wallets/holder-1/fund", { amount: 50 })).status).toBe(201);
  const spend = await api<{ id: string }>(key, "POST", `/api/public/sdk/v1/cards/${card.body.id}/authorizations`, {
    amount: 7.5,
    merchant: { name: "Corner Coffee", category: "5814", country: "NG" },
  });
  expect(spend.status).toBe(201);

  // Lists: 61 wallets (60 seeded, one from the API), events (60 seeded and the API's), 60+ audit entries.
  await walkList(page, `${base}/wallets`, "Wallets", "Wallets", SEEDED + 1);
  const client = await db();
  const eventCount = await client.event.count({ where: { applicationId: appId, livemode: false } });
  const auditCount = await client.auditLog.count({ where: { applicationId: appId } });
  await walkList(page, `${base}/events`, "Events", "Events", eventCount);
  await walkList(page, `${base}/audit`, "Audit log", "Audit log", auditCount);

  // The search is kept on the next page.
  await page.goto(`${base}/wallets?q=seeded-0`);
  await expect(rows(page, "Wallets")).toHaveCount(50);
  await page.getByRole("navigation", { name: "Wallets pages" }).getByRole("link", { name: /Older/ }).click();
  await expect(page).toHaveURL(/q=seeded-0/);
  await expect(rows(page, "Wallets")).toHaveCount(10);
  await expect(rows(page, "Wallets").first()).toContainText("seeded-050");
  await screenshotBothWidths(page, testInfo, "wallets-older-page");

  // A cursor that is not a row of this list says so instead of failing.
  await page.goto(`${base}/wallets?after=evt_not_a_wallet`);
  await expect(page.getByText("This page link does not point into this list")).toBeVisible();

  // Times: the reader's zone (Tokyo) with how long ago, and the exact UTC value on hover.
  await client.wallet.updateMany({
    where: { applicationId: appId, externalUserId: "seeded-000" },
    data: { createdAt: new Date(Date.now() - 3 * 60_000 - 20_000) },
  });
  await page.goto(`${base}/wallets?q=seeded-000`);
  const time = rows(page, "Wallets").first().locator("time");
  await expect(time).toHaveAttribute("title", /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await expect(time).toContainText("GMT+9");
  await expect(time).toContainText(/\b3 minutes ago/);
  await expect(time).not.toContainText("UTC");

  // Search by id lands on each kind of object.
  const walletId = created.body.id;
  await searchById(page, walletId);
  await expect(page).toHaveURL(`${base}/wallets/${walletId}`);
  await expect(page.getByRole("heading", { level: 1, name: "holder-1" })).toBeVisible();

  // A card opens its own page.
  await searchById(page, card.body.id);
  await expect(page).toHaveURL(`${base}/cards/${card.body.id}`);
  await expect(page.getByTestId("card-summary")).toBeVisible();

  // A hold moves no money yet, so the authorization is shown on its card's row.
  await searchById(page, spend.body.id);
  await expect(page).toHaveURL(`${base}/wallets/${walletId}#${card.body.id}`);
  await expect(page.locator(`tr[id="${card.body.id}"]`)).toBeVisible();

  const event = await client.event.findFirstOrThrow({ where: { walletId }, orderBy: { sequence: "asc" } });
  await searchById(page, event.id);
  await expect(page).toHaveURL(`${base}/events/${event.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "wallet.provisioned" })).toBeVisible();
  await expect(page.getByTestId("event-data")).toContainText('"externalUserId": "holder-1"');

  const endpoint = await client.webhookEndpoint.create({
    data: {
      id: `we_${randomBytes(6).toString("hex")}`,
      applicationId: appId,
      livemode: false,
      url: "https://example.com/hook",
      events: [],
    },
  });
  const delivery = await client.webhookDelivery.create({
    data: {
      id: `whd_${randomBytes(6).toString("hex")}`,
      applicationId: appId,
      livemode: false,
      eventId: event.id,
      endpointId: endpoint.id,
    },
  });
  await searchById(page, delivery.id);
  await expect(page).toHaveURL(`${base}/webhooks/deliveries/${delivery.id}`);

  // The event page lists its deliveries with links.
  await page.goto(`${base}/events`);
  await page.getByRole("link", { name: event.id }).click();
  await expect(page.getByRole("table", { name: "Deliveries of this event" })).toContainText(delivery.id);

  const requestId = `req_${randomBytes(8).toString("hex")}`;
  await client.requestLog.create({
    data: {
      id: requestId,
      applicationId: appId,
      livemode: false,
      method: "POST",
      path: "/api/public/sdk/v1/wallets",
      status: 201,
      latencyMs: 12,
      createdAt: new Date(),
    },
  });
  await searchById(page, requestId);
  await expect(page).toHaveURL(`${base}/logs/${requestId}`);

  // Unknown ids, and another mode's, say so.
  await page.goto(`${base}/wallets`);
  await searchById(page, "wal_doesnotexist");
  await expect(page.getByText("No object with id wal_doesnotexist in this application")).toBeVisible();
  const live = await client.wallet.create({
    data: {
      id: `wal_live${randomBytes(6).toString("hex")}`,
      applicationId: appId,
      livemode: true,
      externalUserId: "live-holder",
      email: "live@example.com",
      currency: "USD",
      accountNumber: `4${randomBytes(5).toString("hex")}`,
    },
  });
  await searchById(page, live.id);
  await expect(page.getByText(`${live.id} is a live object; you are viewing test data.`)).toBeVisible();
  await screenshotBothWidths(page, testInfo, "search-other-mode");
  await page.getByRole("button", { name: "Switch to live mode and open it" }).click();
  await expect(page).toHaveURL(`${base}/wallets/${live.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "live-holder" })).toBeVisible();
  await expect(page.getByTestId("test-mode-banner")).toHaveCount(0);

  guard.assertNoExternalRequests();
});
