// /webhooks/security in a real browser against the production build: it shows the current schema
// version from lib/schema-versions.json (and is served with it as its header), every receiver
// example exactly as the file the integration tests run, reads on a phone without sideways
// scrolling, and is reached from /docs.
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { guardExternalRequests, saveScreenshot } from "./helpers";

const versionsFile = JSON.parse(readFileSync(path.join(process.cwd(), "lib/schema-versions.json"), "utf8")) as {
  versions: { version: string; status: string; released: string }[];
};
const current = versionsFile.versions.find((v) => v.status === "current");

const EXAMPLES = [
  { language: "Next.js (App Router)", file: "lib/webhooks/receiver-examples/next-route.ts" },
  { language: "Node.js (node:http)", file: "lib/webhooks/receiver-examples/node-http.mjs" },
  { language: "Express", file: "lib/webhooks/receiver-examples/express.mjs" },
  { language: "Python", file: "lib/webhooks/receiver-examples/receiver.py" },
  { language: "Go", file: "lib/webhooks/receiver-examples/receiver.go" },
];

test("/webhooks/security shows the current schema version and every receiver example verbatim", async ({
  page,
}, testInfo) => {
  if (!current) throw new Error("lib/schema-versions.json has no current version");
  const guard = guardExternalRequests(page);
  const response = await page.goto("/webhooks/security");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["x-service-schema-version"]).toBe(current.version);

  await expect(page.getByRole("heading", { level: 1, name: "Webhook security and schema versions" })).toBeVisible();
  for (const section of [
    "Verifying a delivery",
    "Receiver examples",
    "Replay safety",
    "Rotating the secret",
    "Schema versions",
    "Test your receiver",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  }
  await expect(page.getByTestId("current-schema-version")).toHaveText(current.version);
  const versions = page.getByRole("table", { name: "Schema versions" });
  await expect(versions.getByRole("row")).toHaveCount(versionsFile.versions.length + 1);
  await expect(
    versions.getByRole("row", {
      name: new RegExp(`^${current.version.replaceAll(".", "\\.")} Current ${current.released}`),
    }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Migration guides" })).toBeVisible();

  for (const example of EXAMPLES) {
    await expect(page.getByRole("heading", { level: 3, name: example.language, exact: true })).toBeVisible();
    const shown = await page.locator(`figure[data-file="${example.file}"] code`).textContent();
    expect(shown, example.file).toBe(readFileSync(path.join(process.cwd(), example.file), "utf8"));
  }
  // The language links jump to their example.
  await page.getByRole("navigation", { name: "Receiver examples" }).getByRole("link", { name: "Go" }).click();
  await expect(page).toHaveURL(/#example-go$/);
  await expect(page.getByRole("heading", { level: 3, name: "Go", exact: true })).toBeInViewport();

  await saveScreenshot(page, testInfo, "webhooks-security");
  guard.assertNoExternalRequests();
});

test("/webhooks/security reads on a phone: only code blocks scroll sideways", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/webhooks/security");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await saveScreenshot(page, testInfo, "webhooks-security-phone");
});

test("/docs links to /webhooks/security", async ({ page }) => {
  await page.goto("/docs");
  await page.getByRole("link", { name: "Webhook security" }).click();
  await expect(page).toHaveURL(/\/webhooks\/security$/);
  await expect(page.getByRole("heading", { level: 1, name: "Webhook security and schema versions" })).toBeVisible();
});
