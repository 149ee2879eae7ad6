// Console tables fit their cards at common desktop widths, with the long values real merchants have:
// nothing (Revoke, "Last used", "Created", audit details) hides behind a sideways scroll.
import { expect, test, type Page } from "@playwright/test";
import { createBusyApplication } from "./console-busy-application";
import { db, disconnect } from "./helpers";

test.afterAll(disconnect);

/** Every table on the page that is wider than the box it scrolls in, with both widths. */
function overflowingTables(page: Page) {
  return page.locator("table").evaluateAll((tables) =>
    tables
      .map((table) => ({
        caption: table.querySelector("caption")?.textContent ?? "(no caption)",
        scrollWidth: table.scrollWidth,
        clientWidth: table.parentElement?.clientWidth ?? 0,
      }))
      .filter((t) => t.scrollWidth > t.clientWidth),
  );
}

test("no console table scrolls sideways at 1280 or 1440 px wide, with long names, URLs, scopes and details", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { appId, base, receiver, externalUserIds } = await createBusyApplication(page);
  try {
    const client = await db();
    const wallet = await client.wallet.findFirstOrThrow({
      where: { applicationId: appId, externalUserId: externalUserIds[0] },
    });
    const endpoint = await client.webhookEndpoint.findFirstOrThrow({ where: { applicationId: appId } });
    const pages = [
      `${base}/keys`,
      `${base}/webhooks`,
      `${base}/webhooks/endpoints/${endpoint.id}`,
      `${base}/wallets`,
      `${base}/wallets/${wallet.id}`,
      `${base}/events`,
      `${base}/logs`,
      `${base}/audit`,
    ];
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of pages) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        // Every one of these pages lists something by now; a page without its table proves nothing.
        expect(await page.locator("table").count(), `${path} has a table`).toBeGreaterThan(0);
        expect(await overflowingTables(page), `${path} at ${width} px`).toEqual([]);
      }
    }
  } finally {
    await receiver.close();
  }
});
