// Helpers for the console specs: signing up through the browser, a local webhook receiver that
// verifies signatures, and screenshots at desktop and phone widths.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { saveScreenshot } from "./helpers";

export const PASSWORD = "correct horse battery staple";

export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.test`;
}

/** Signs up through the sign-up page and waits for the applications page. */
export async function signUpInBrowser(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/merchant/sdk/sign-up");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
}

/** Creates an application from the console's home page and returns its id from the overview. */
export async function createApplicationInBrowser(page: Page, name: string): Promise<string> {
  await page.goto("/merchant/sdk");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create application" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return (await page.getByTestId("application-id").textContent())?.trim() ?? "";
}

/** A full-page screenshot at desktop width and another at phone width. */
export async function screenshotBothWidths(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await saveScreenshot(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, testInfo, `${name}-phone`);
  await page.setViewportSize(desktop);
}

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; verified: boolean };

/** A webhook receiver on 127.0.0.1 that checks x-service-signature like a merchant's would (401 on mismatch). */
export async function startReceiver(secret: () => string) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const expected = createHmac("sha256", secret()).update(body).digest("hex");
      const given = String(req.headers["x-service-signature"] ?? "");
      const verified = given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
      received.push({ headers: req.headers, body, verified });
      res.writeHead(verified ? 200 : 401, { "content-type": "text/plain" }).end(verified ? "ok" : "bad signature");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("receiver is not listening on TCP");
  return {
    url: `http://127.0.0.1:${address.port}/webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
