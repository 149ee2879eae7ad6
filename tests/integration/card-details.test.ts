// Card details sessions: a one-time, 10-minute link to a page showing a card's Luhn-valid number,
// expiry and CVC, framed only by the session's origin; the number appears in no table (except
// sealed), no log and no API answer; canceled cards, other applications' cards, bad origins and
// missing scopes are refused.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as createSessionRoute } from "@/app/api/public/sdk/v1/cards/[id]/details-sessions/route";
import { POST as cancelRoute } from "@/app/api/public/sdk/v1/cards/[id]/cancel/route";
import { GET as getCardRoute } from "@/app/api/public/sdk/v1/cards/[id]/route";
import { POST as spendRoute } from "@/app/api/public/sdk/v1/cards/[id]/authorizations/route";
import { POST as issueCardRoute } from "@/app/api/public/sdk/v1/cards/route";
import { GET as listCardsRoute } from "@/app/api/public/sdk/v1/wallets/[externalUserId]/cards/route";
import { POST as createWalletRoute } from "@/app/api/public/sdk/v1/wallets/route";
import { POST as fundRoute } from "@/app/api/public/sdk/v1/test/wallets/[externalUserId]/fund/route";
import { GET as listEventsRoute } from "@/app/api/public/sdk/v1/events/route";
import { GET as detailsPage, HEAD as detailsPageHead, POST as revealRoute } from "@/app/card-details/[token]/route";
import { isLuhnValid, mintCardNumber, TEST_CARD_BIN } from "@/lib/cards/card-number";
import { openDetailsSession } from "@/lib/cards/open-details-session";
import { prisma } from "@/lib/db/client";
import { loggedBody, REDACTED } from "@/lib/request-log/redact";
import { flushRequestLog } from "@/lib/request-log/writer";
import { callRoute, type CallResult } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";

const ORIGIN = "https://app.example.com";

/** Every API answer of a test, to prove the number is in none of them. */
let answers: string[] = [];
async function call(...args: Parameters<typeof callRoute>): Promise<CallResult> {
  const result = await callRoute(...args);
  answers.push(result.text, JSON.stringify([...result.headers]));
  return result;
}

async function walletWithCard(key: string) {
  const userId = uniqueUserId();
  const wallet = await call(createWalletRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    key,
    body: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  expect(wallet.status).toBe(201);
  const card = await call(issueCardRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/cards",
    key,
    body: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  expect(card.status).toBe(201);
  return { userId, cardId: card.json.id as string, last4: card.json.last4 as string };
}

const createSession = (key: string, cardId: string, body: unknown = { origin: ORIGIN }) =>
  call(createSessionRoute, {
    method: "POST",
    path: `/api/public/sdk/v1/cards/${cardId}/details-sessions`,
    key,
    body,
    params: { id: cardId },
  });

/** The page a link opens (spending nothing), as a browser loading it into a frame asks for it. */
async function openPage(url: string, headers: Record<string, string> = { "sec-fetch-dest": "iframe" }) {
  const { pathname } = new URL(url);
  const token = pathname.split("/").pop()!;
  const response = await detailsPage(new Request(`http://localhost${pathname}`, { headers }), {
    params: Promise.resolve({ token }),
  });
  return { response, html: await response.text(), token };
}

/** The page's script asking for the details once it has confirmed its frame: this spends the link. */
async function reveal(
  url: string,
  headers: Record<string, string> = { "x-card-details": "reveal", "sec-fetch-site": "same-origin" },
) {
  const { pathname } = new URL(url);
  const token = pathname.split("/").pop()!;
  const response = await revealRoute(new Request(`http://localhost${pathname}`, { method: "POST", headers }), {
    params: Promise.resolve({ token }),
  });
  return { response, json: (await response.json()) as { number?: string; expiry?: string; cvc?: string } };
}

/** The number as the page shows it: four groups of four digits. */
function shownNumber(json: { number?: string }): string {
  if (!/^\d{4} \d{4} \d{4} \d{4}$/.test(json.number ?? "")) throw new Error(`no number: ${JSON.stringify(json)}`);
  return json.number!.replaceAll(" ", "");
}

/** Rows of every table in every schema of ours whose text contains `needle`. */
async function tablesContaining(needle: string): Promise<string[]> {
  const tables = await prisma().$queryRaw<{ schema: string; name: string }[]>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`;
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const quoted = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
    const [row] = await prisma().$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM ${quoted} t WHERE t::text LIKE $1`,
      `%${needle}%`,
    );
    if (row && row.n > 0n) found.push(`${schema}.${name}`);
  }
  return found;
}

let logged: string[] = [];
beforeEach(() => {
  answers = [];
  logged = [];
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[method].bind(console);
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((a) =>
            typeof a === "string" ? a : JSON.stringify(a, (_k, v) => (typeof v === "bigint" ? String(v) : v)),
          )
          .join(" "),
      );
      original(...args);
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    const original = stream.write.bind(stream);
    vi.spyOn(stream, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
      logged.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return original(chunk, ...rest);
    }) as typeof stream.write);
  }
});
afterEach(() => vi.restoreAllMocks());

describe("card details sessions", () => {
  it("shows a Luhn-valid number once, framed only by the origin, and the number appears in no table, log or API answer", async () => {
    const app = await setupApp();
    const { userId, cardId, last4 } = await walletWithCard(app.key);
    const session = await createSession(app.key, cardId);
    expect(session.status).toBe(201);
    expect(session.json).toMatchObject({ object: "card_details_session", cardId, livemode: false });
    expect(session.json.id).toMatch(/^cds_/);
    const expiresIn = Date.parse(session.json.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(9 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);

    // The page itself carries no number: only its script, which may call back to this service alone.
    const page = await openPage(session.json.url);
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    expect(page.response.headers.get("content-security-policy")).toContain("connect-src 'self'");
    expect(page.response.headers.get("cache-control")).toBe("no-store");
    expect(page.response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.html).not.toMatch(/\d{4} \d{4}/);
    expect(page.html).toContain(`data-origin="${ORIGIN}"`);
    const shown = await reveal(session.json.url);
    expect(shown.response.status).toBe(200);
    expect(shown.response.headers.get("cache-control")).toBe("no-store");
    const number = shownNumber(shown.json);
    expect(number).toHaveLength(16);
    expect(isLuhnValid(number)).toBe(true);
    expect(number.startsWith(TEST_CARD_BIN)).toBe(true);
    expect(number.slice(-4)).toBe(last4);
    expect(shown.json.cvc).toMatch(/^\d{3}$/);
    expect(shown.json.expiry).toMatch(/^\d{2}\/\d{2}$/);
    expect((await reveal(session.json.url)).response.status).toBe(410);

    // Used once: the same link is now the expired page, still framable by its origin only.
    const again = await openPage(session.json.url);
    expect(again.response.status).toBe(410);
    expect(again.html).toContain("This link has expired");
    expect(again.html).not.toContain(number.slice(0, 8));
    expect(again.response.headers.get("content-security-policy")).toContain(`frame-ancestors ${ORIGIN}`);
    expect(again.response.headers.get("cache-control")).toBe("no-store");

    // More of the API's answers about this card: none carries the number.
    const key = app.key;
    await call(getCardRoute, { path: `/api/public/sdk/v1/cards/${cardId}`, key, params: { id: cardId } });
    await call(listCardsRoute, {
      path: `/api/public/sdk/v1/wallets/${userId}/cards`,
      key,
      params: { externalUserId: userId },
    });
    await call(fundRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/test/wallets/${userId}/fund`,
      key,
      body: { amount: 50 },
      params: { externalUserId: userId },
    });
    await call(spendRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/cards/${cardId}/authorizations`,
      key,
      body: { amount: 5, merchant: { name: "Corner Coffee", category: "5814", country: "NG" } },
      params: { id: cardId },
    });
    await call(listEventsRoute, { path: "/api/public/sdk/v1/events", key });
    await createSession(app.key, cardId); // a second session, answered and logged too
    await flushRequestLog();

    const grouped = number.replace(/(\d{4})(?=\d)/g, "$1 ");
    for (const form of [number, grouped]) {
      expect(await tablesContaining(form)).toEqual([]);
      expect(answers.filter((text) => text.includes(form))).toEqual([]);
      expect(logged.filter((line) => line.includes(form))).toEqual([]);
    }
    // The card's row holds it sealed; the session only the token's hash.
    const stored = await prisma().card.findUniqueOrThrow({ where: { id: cardId } });
    expect(stored.sealedDetails).toMatch(/^v1\./);
    const token = page.token;
    expect(await tablesContaining(token)).toEqual([]);
    const logRows = await prisma().requestLog.findMany({
      where: { applicationId: app.appId, path: { contains: "details-sessions" } },
    });
    expect(logRows.length).toBeGreaterThan(0);
    for (const row of logRows) expect(row.responseBody ?? "").not.toMatch(/cdt_[0-9A-Za-z]/);
  });

  it("expires an unused link after 10 minutes with the 410 page", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const session = await createSession(app.key, cardId);
    const token = new URL(session.json.url).pathname.split("/").pop()!;
    const later = new Date(Date.now() + 10 * 60_000 + 1_000);
    expect(await openDetailsSession(prisma(), token, later)).toEqual({ kind: "expired", origin: ORIGIN });
    // Still unused, so within its 10 minutes it opens.
    expect((await openDetailsSession(prisma(), token)).kind).toBe("shown");

    const other = await createSession(app.key, cardId);
    await prisma().cardDetailsSession.update({
      where: { id: other.json.id },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    const page = await openPage(other.json.url);
    expect(page.response.status).toBe(410);
    expect(page.html).toContain("This link has expired");
  });

  it("lets exactly one of two racing requests see the details", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const session = await createSession(app.key, cardId);
    const reveals = await Promise.all([reveal(session.json.url), reveal(session.json.url), reveal(session.json.url)]);
    expect(reveals.map((r) => r.response.status).sort()).toEqual([200, 410, 410]);
  });

  it("spends nothing on the page itself, on a load as anything but a frame, or on a reveal not from the page", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const session = await createSession(app.key, cardId);
    // Loaded twice into a frame: the page both times; opened in a tab (or a preview's document): 403.
    expect((await openPage(session.json.url)).response.status).toBe(200);
    expect((await openPage(session.json.url)).response.status).toBe(200);
    for (const destination of ["document", "image", "empty"]) {
      const tab = await openPage(session.json.url, { "sec-fetch-dest": destination });
      expect(tab.response.status).toBe(403);
      expect(tab.html).toContain("Open this inside your app");
      expect(tab.response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    // A reveal without the page's header, or from another site: refused, and the link not spent.
    expect((await reveal(session.json.url, {})).response.status).toBe(403);
    const crossSite = { "x-card-details": "reveal", "sec-fetch-site": "cross-site" };
    expect((await reveal(session.json.url, crossSite)).response.status).toBe(403);
    expect((await reveal(session.json.url)).response.status).toBe(200);
    expect((await openPage(session.json.url)).response.status).toBe(410);
  });

  it("answers an unknown or malformed link with the expired page, framable by nobody, and HEAD without spending it", async () => {
    for (const token of ["cdt_" + "x".repeat(40), "nonsense", "%00"]) {
      const response = await detailsPage(new Request(`http://localhost/card-details/${token}`), {
        params: Promise.resolve({ token }),
      });
      expect(response.status).toBe(410);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const session = await createSession(app.key, cardId);
    expect(detailsPageHead().status).toBe(405);
    expect((await openPage(session.json.url)).response.status).toBe(200);
  });

  it("refuses a canceled card's session (409 card_canceled), and a link made before the cancel no longer opens", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const before = await createSession(app.key, cardId);
    const cancel = await call(cancelRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/cards/${cardId}/cancel`,
      key: app.key,
      params: { id: cardId },
    });
    expect(cancel.status).toBe(200);
    const refused = await createSession(app.key, cardId);
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ type: "conflict_error", code: "card_canceled" });
    expect((await openPage(before.json.url)).response.status).toBe(410);
  });

  it("answers 404 for another application's card and for the other mode's", async () => {
    const mine = await setupApp();
    const theirs = await setupApp();
    const { cardId } = await walletWithCard(theirs.key);
    const refused = await createSession(mine.key, cardId);
    expect(refused.status).toBe(404);
    expect(refused.json.error).toMatchObject({ code: "card_not_found", param: "id" });
    const live = await createKey(theirs.appId, { mode: "live" });
    expect((await createSession(live.secret, cardId)).status).toBe(404);
    expect(await prisma().cardDetailsSession.count({ where: { cardId } })).toBe(0);
  });

  it("refuses an origin with a path, userinfo, another scheme or not in origin form (400 naming origin)", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const bad = [
      "https://app.example.com/",
      "https://app.example.com/checkout",
      "https://user:pass@app.example.com",
      "https://app.example.com?x=1",
      "https://app.example.com#x",
      "ftp://app.example.com",
      "javascript:alert(1)",
      "https://APP.example.com",
      "https://app.example.com:443",
      "https://app.example.com; script-src *",
      "https://app.example.com 'unsafe-inline'",
      "app.example.com",
      "",
      "http://app.example.com", // http only for localhost in test mode
      "http://127.0.0.1:3000",
    ];
    for (const origin of bad) {
      const res = await createSession(app.key, cardId, { origin });
      expect(res.status, origin).toBe(400);
      expect(res.json.error, origin).toMatchObject({ code: "validation_failed", param: "origin" });
    }
    for (const body of [{}, { origin: 42 }, { origin: ORIGIN, extra: 1 }]) {
      expect((await createSession(app.key, cardId, body)).status).toBe(400);
    }
    expect(await prisma().cardDetailsSession.count({ where: { cardId } })).toBe(0);
    for (const origin of [
      "http://localhost:5173",
      "http://localhost",
      "https://localhost:8443",
      "https://[::1]:8443",
    ]) {
      expect((await createSession(app.key, cardId, { origin })).status, origin).toBe(201);
    }
  });

  it("requires https in live mode, where without CARD_LIVE_BIN a card has no number yet (409 card_details_unavailable)", async () => {
    const app = await setupApp();
    const live = await createKey(app.appId, { mode: "live" });
    const { cardId } = await walletWithCard(live.secret);
    const http = await createSession(live.secret, cardId, { origin: "http://localhost:5173" });
    expect(http.status).toBe(400);
    expect(http.json.error).toMatchObject({ code: "validation_failed", param: "origin" });
    const unavailable = await createSession(live.secret, cardId);
    expect(unavailable.status).toBe(409);
    expect(unavailable.json.error).toMatchObject({ code: "card_details_unavailable" });
    expect((await prisma().card.findUniqueOrThrow({ where: { id: cardId } })).sealedDetails).toBeNull();
  });

  it("needs the cards:details scope, which a key without a scope list holds", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    const without = await createKey(app.appId, { scopes: ["cards:read", "cards:write"] });
    const refused = await createSession(without.secret, cardId);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: "scope_missing" });
    const only = await createKey(app.appId, { scopes: ["cards:details"] });
    expect((await createSession(only.secret, cardId)).status).toBe(201);
  });

  it("gives a card issued before card details a number ending in its last4 at its first session", async () => {
    const app = await setupApp();
    const { cardId, last4 } = await walletWithCard(app.key);
    // As the migration leaves a card that existed before it.
    await prisma().card.update({ where: { id: cardId }, data: { sealedDetails: null } });
    const session = await createSession(app.key, cardId);
    expect(session.status).toBe(201);
    const number = shownNumber((await reveal(session.json.url)).json);
    expect(isLuhnValid(number)).toBe(true);
    expect(number.slice(-4)).toBe(last4);
    expect((await prisma().card.findUniqueOrThrow({ where: { id: cardId } })).sealedDetails).toMatch(/^v1\./);
    // and keeps it
    const second = await createSession(app.key, cardId);
    expect(shownNumber((await reveal(second.json.url)).json)).toBe(number);
  });
  it("cannot be stored in the clear: the database refuses a sealedDetails not in sealed form (Card_sealedDetails_sealed)", async () => {
    const app = await setupApp();
    const { cardId } = await walletWithCard(app.key);
    await expect(
      prisma()
        .$executeRaw`UPDATE "Card" SET "sealedDetails" = ${'{"number":"4242424242424242","cvc":"123"}'} WHERE "id" = ${cardId}`,
    ).rejects.toThrow(/Card_sealedDetails_sealed/);
  });
});

describe("card numbers", () => {
  it("are 16 Luhn-valid digits starting with the BIN, ending in a given last4 when asked", () => {
    for (let i = 0; i < 200; i++) {
      const number = mintCardNumber(i % 2 ? "52345678" : TEST_CARD_BIN);
      expect(number).toMatch(/^\d{16}$/);
      expect(isLuhnValid(number)).toBe(true);
      const last4 = String(i * 37)
        .padStart(4, "0")
        .slice(-4);
      const kept = mintCardNumber("400000", last4);
      expect(kept.endsWith(last4) && kept.startsWith("400000") && isLuhnValid(kept)).toBe(true);
    }
    expect(isLuhnValid("4242424242424242")).toBe(true);
    expect(isLuhnValid("4242424242424241")).toBe(false);
  });

  it("are kept out of the request log with the links' tokens, while amounts and ids stay", () => {
    const token = `cdt_${"a1B2".repeat(10)}`;
    const body = JSON.stringify({
      url: `http://localhost:3000/card-details/${token}`,
      note: "card 4242 4242 4242 4242 or 4242-4242-4242-4242 or 4242424242424242",
      amount: 9007199254740991,
      id: "card_9QwE2rTy6UiO0pAs4DfG8hJk",
    });
    const kept = loggedBody(body)!;
    expect(kept).not.toContain(token);
    expect(kept).not.toMatch(/4242[ -]?4242/);
    expect(kept.split(REDACTED)).toHaveLength(5);
    // A 16-digit value that is not Luhn-valid (an amount, say) stays.
    expect(kept).toContain("9007199254740991");
    expect(kept).toContain("card_9QwE2rTy6UiO0pAs4DfG8hJk");
  });
});
