// Whatever a merchant (or a link someone sends them) puts in a console or public page's address, the
// page answers without a server error: every query parameter each page reads, given a NUL byte, SQL
// wildcards, a repeated key, a 10,000-character value or generated strings of any code points, and
// every id in a console path given the same. A 5xx there would mean a query the database refused.
import fc from "fast-check";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { createApplicationInBrowser, signUpInBrowser, uniqueEmail } from "./console-helpers";
import { api, createKey, disconnect } from "./helpers";

test.afterAll(disconnect);

const FIXED: string[] = [
  "\u0000",
  "wal_\u0000",
  "%",
  "_",
  "%_%",
  "'; SELECT 1; --",
  "\\",
  "x".repeat(10_000),
  "😀",
  "\uFFFF",
  " ",
  "-1",
  "1e309",
  "2026-02-30T25:61",
  "+275760-09-13T00:00:00Z",
];

// Generated values of any code point (lone surrogates included; URLSearchParams sends them as U+FFFD).
const GENERATED = fc.sample(fc.string({ unit: "binary", maxLength: 40 }), { numRuns: 12, seed: 20261125 });

const HOSTILE = [...FIXED, ...GENERATED];

/** Each console page with the query parameters it reads. */
function pages(base: string, wallet: string): Array<[path: string, params: string[]]> {
  return [
    ["/merchant/sdk", []],
    ["/merchant/sdk/sign-in", ["error", "callbackUrl"]],
    ["/merchant/sdk/account", ["after"]],
    ["/merchant/sdk/team", ["account"]],
    ["/merchant/sdk/invitations", ["token"]],
    ["/merchant/sdk/verify-email", ["token"]],
    [base, []],
    [`${base}/keys`, ["after"]],
    [`${base}/webhooks`, ["status", "type", "endpoint", "after"]],
    [`${base}/wallets`, ["q", "after"]],
    [`${base}/wallets/${wallet}`, ["cards_after", "transactions_after"]],
    [`${base}/events`, ["type", "after"]],
    [`${base}/logs`, ["status", "method", "path", "key", "range", "from", "to", "tz", "after", "request"]],
    [`${base}/audit`, ["after"]],
    [`${base}/search`, ["id"]],
  ];
}

/** Each page that takes an id in its path, with the id left for the hostile value. */
function idPaths(base: string, appId: string): Array<(id: string) => string> {
  return [
    (id) => `/merchant/sdk/apps/${id}`,
    (id) => `/merchant/sdk/apps/${id}/wallets`,
    (id) => `${base}/wallets/${id}`,
    (id) => `${base}/events/${id}`,
    (id) => `${base}/logs/${id}`,
    (id) => `${base}/webhooks/deliveries/${id}`,
    (id) => `${base}/webhooks/endpoints/${id}`,
    // Another application's id shape with a NUL inside.
    (id) => `/merchant/sdk/apps/${appId}${id}/keys`,
  ];
}

/** Each parameter of each page given every hostile value, and once as a repeated key (an array). */
function queryUrls(pagesWithParams: Array<[path: string, params: string[]]>): string[] {
  return pagesWithParams.flatMap(([path, params]) =>
    params.flatMap((param) => [
      ...HOSTILE.map((value) => `${path}?${new URLSearchParams({ [param]: value })}`),
      `${path}?${param}=a&${param}=b`,
    ]),
  );
}

/** The URLs that answered 5xx, with their status, one request at a time. */
async function serverErrors(request: APIRequestContext, urls: string[]): Promise<string[]> {
  const failures: string[] = [];
  for (const url of urls) {
    const status = await statusOf(request, url);
    if (status >= 500) failures.push(`${status} ${url.slice(0, 160)}`);
  }
  return failures;
}

async function statusOf(request: APIRequestContext, url: string): Promise<number> {
  const response = await request.get(url, { maxRedirects: 0 });
  await response.dispose();
  return response.status();
}

test("no query string or path id makes a console page answer with a server error", async ({ page }) => {
  test.setTimeout(300_000);
  await signUpInBrowser(page, uniqueEmail("hostile"));
  const appId = await createApplicationInBrowser(page, "Hostile input");
  const base = `/merchant/sdk/apps/${appId}`;
  const key = await createKey(appId, "test");
  const wallet = await api<{ id: string }>(key, "POST", "/api/public/sdk/v1/wallets", {
    externalUserId: "hostile_user",
    currency: "USD",
    email: "hostile@example.com",
  });
  expect(wallet.status).toBe(201);

  for (const [path] of pages(base, wallet.body.id)) {
    // Signed in: each page itself answers 200, not a redirect to the sign-in page.
    if (!path.endsWith("/sign-in")) expect(await statusOf(page.request, path), path).toBe(200);
  }
  const failures = await serverErrors(page.request, [
    ...queryUrls(pages(base, wallet.body.id)),
    ...idPaths(base, appId).flatMap((path) =>
      HOSTILE.filter((v) => v.length < 1_000).map((value) =>
        path(encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, "\uFFFD"))),
      ),
    ),
  ]);
  expect(failures).toEqual([]);
});

test("no query string makes a public page answer with a server error", async ({ request }) => {
  test.setTimeout(120_000);
  // The public pages that read their query string.
  const failures = await serverErrors(
    request,
    queryUrls([
      ["/verify", ["token"]],
      ["/verify/proof", ["account", "kind", "reference"]],
      // The pages mailed links open, signed out.
      ["/merchant/sdk/reset-password", ["token"]],
      ["/merchant/sdk/invitations", ["token"]],
      ["/merchant/sdk/verify-email", ["token"]],
    ]),
  );
  expect(failures).toEqual([]);
});
