// Shared Playwright helpers: where the server runs, direct access to its private database through
// the same domain functions the CLI uses (an application with keys, a merchant), a guard that
// fails a test on any request leaving localhost, and screenshots saved as test artifacts.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

type E2eState = { databaseUrl: string; baseURL: string };

let state: E2eState | undefined;

/** The running server's base URL and database, written by scripts/e2e-server.ts. */
export function e2eState(): E2eState {
  if (state) return state;
  const file = process.env.E2E_STATE_FILE;
  if (!file) throw new Error("E2E_STATE_FILE is not set: run the suite with `npx playwright test`.");
  state = JSON.parse(readFileSync(file, "utf8")) as E2eState;
  return state;
}

export function baseURL(): string {
  return e2eState().baseURL;
}

// lib/config reads the environment once, so the e2e database must be in place before lib/db loads.
/** The e2e server's database, for seeding rows a spec cannot make through the UI or the API. */
export async function db() {
  process.env.DATABASE_URL = e2eState().databaseUrl;
  const { prisma } = await import("@/lib/db/client");
  return prisma();
}

/** A merchant with one application and an API key (all scopes unless given) in the e2e database. */
export async function createAppWithKey(
  options: { mode?: "test" | "live"; scopes?: readonly string[]; name?: string } = {},
) {
  const client = await db();
  const { newId, randomBase62 } = await import("@/lib/ids");
  const { createApplication } = await import("@/lib/applications/create-application");
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const merchant = await client.merchantUser.create({
    data: { id: newId("usr"), email: `e2e-${randomBase62(10)}@example.test`, name: "E2E Merchant" },
  });
  const { application, webhookSecrets } = await createApplication(client, {
    merchantId: merchant.id,
    name: options.name ?? "E2E app",
  });
  const { secret } = await createApiKey(client, {
    applicationId: application.id,
    mode: options.mode ?? "test",
    name: "e2e key",
    scopes: options.scopes,
  });
  // The secret signing the deliveries of the key's mode.
  return {
    merchant,
    application,
    appId: application.id,
    key: secret,
    webhookSecret: webhookSecrets[options.mode ?? "test"],
  };
}

/** Another key for an existing application (e.g. a live key beside the test one). */
export async function createKey(
  applicationId: string,
  mode: "test" | "live",
  scopes?: readonly string[],
): Promise<string> {
  const client = await db();
  const { createApiKey } = await import("@/lib/keys/create-api-key");
  const { secret } = await createApiKey(client, { applicationId, mode, name: `e2e ${mode} key`, scopes });
  return secret;
}

/** Funds a live wallet the way the operator's `cli wallets fund` does (live mode has no funding API). */
export async function fundLiveWallet(applicationId: string, externalUserId: string, amount: number): Promise<void> {
  const client = await db();
  const { fundWallet } = await import("@/lib/ledger/fund-wallet");
  await client.$transaction((tx) => fundWallet(tx, { applicationId, livemode: true }, externalUserId, { amount }));
}

/** Calls the service's JSON API with a key, the way an integrating server would. */
export async function api<T = unknown>(
  key: string,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  pathname: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<{ status: number; body: T; requestId: string }> {
  const response = await fetch(`${baseURL()}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as T,
    requestId: response.headers.get("x-request-id") ?? "",
  };
}

/**
 * Records every request the page makes to a host other than the e2e server; call
 * `assertNoExternalRequests()` at the end of a test (these machines, and many users, reach no CDN).
 */
export function guardExternalRequests(page: Page): { external: string[]; assertNoExternalRequests(): void } {
  const port = new URL(baseURL()).port;
  const local = new Set(["127.0.0.1", "localhost", "[::1]"]);
  const external: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (!local.has(url.hostname) || url.port !== port) external.push(request.url());
  });
  return {
    external,
    assertNoExternalRequests() {
      if (external.length > 0) throw new Error(`requests left localhost:\n${external.join("\n")}`);
    },
  };
}

/** Saves a full-page screenshot under test-results/ and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
  return path.relative(process.cwd(), file);
}

/** Closes the Prisma pool so the worker exits promptly (call from afterAll when the DB was used). */
export async function disconnect(): Promise<void> {
  const { disconnectDb } = await import("@/lib/db/client");
  await disconnectDb();
}
