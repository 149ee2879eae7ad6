// The card processor port through the API: live cards issued, frozen, unfrozen and canceled at Lithic
// (the mock generated from Lithic's OpenAPI document, which refuses any request the document does
// not allow), Lithic's embedded card page for their details, the simulator everywhere else and saying
// so, and a Lithic that refuses or cannot be reached changing nothing on our side.
import { createHmac, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as issueCardRoute } from "@/app/api/public/sdk/v1/cards/route";
import { POST as freezeRoute } from "@/app/api/public/sdk/v1/cards/[id]/freeze/route";
import { POST as unfreezeRoute } from "@/app/api/public/sdk/v1/cards/[id]/unfreeze/route";
import { POST as cancelRoute } from "@/app/api/public/sdk/v1/cards/[id]/cancel/route";
import { POST as createSessionRoute } from "@/app/api/public/sdk/v1/cards/[id]/details-sessions/route";
import { POST as createWalletRoute } from "@/app/api/public/sdk/v1/wallets/route";
import { resetLithicClient } from "@/lib/connectors/lithic/client";
import { LITHIC_EMBED_SECONDS } from "@/lib/connectors/lithic/card-processor";
import { openDetailsSession } from "@/lib/cards/open-details-session";
import { prisma } from "@/lib/db/client";
import { renderToStaticMarkup } from "react-dom/server";
import { SimulatorCardNotice } from "@/app/merchant/sdk/_components/simulator-card-notice";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { startLithicMock, type LithicMock } from "../helpers/lithic-mock";

const API_KEY = "test-lithic-key";
let mock: LithicMock;
const saved = { ...process.env };

beforeAll(async () => {
  mock = await startLithicMock();
}, 90_000);

beforeEach(() => {
  process.env.CARD_PROCESSOR_LIVE = "lithic";
  process.env.LITHIC_API_KEY = API_KEY;
  process.env.LITHIC_BASE_URL = mock.baseUrl;
  resetLithicClient();
});

afterAll(async () => {
  process.env = saved;
  resetLithicClient();
  await mock?.close();
});

/** Points the client at the discard port, where nothing listens: Lithic is down. */
function lithicDown(): void {
  process.env.LITHIC_BASE_URL = "http://127.0.0.1:9";
  resetLithicClient();
}

async function liveApp() {
  const app = await setupApp();
  const live = await createKey(app.appId, { mode: "live" });
  return { test: app.key, live: live.secret };
}

async function walletOf(key: string): Promise<string> {
  const userId = uniqueUserId();
  const wallet = await callRoute(createWalletRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/wallets",
    key,
    body: { externalUserId: userId, currency: "USD", email: "holder@example.com" },
  });
  expect(wallet.status).toBe(201);
  return userId;
}

/**
 * Issues a card. The mock answers every create with the document's one example card, so a Lithic
 * card's stored token is then changed to a fresh one, as Lithic gives each card its own (the
 * token is unique here).
 */
async function issue(key: string, userId: string, headers?: Record<string, string>) {
  const answer = await callRoute(issueCardRoute, {
    method: "POST",
    path: "/api/public/sdk/v1/cards",
    key,
    headers,
    body: { externalUserId: userId, kind: "virtual", currency: "USD" },
  });
  if (answer.status === 201 && answer.json.processor === "lithic")
    await prisma().card.update({ where: { id: answer.json.id }, data: { processorCardToken: randomUUID() } });
  return answer;
}

const ROUTES = { freeze: freezeRoute, unfreeze: unfreezeRoute, cancel: cancelRoute };
const control = (key: string, cardId: string, action: keyof typeof ROUTES) =>
  callRoute(ROUTES[action], {
    method: "POST",
    path: `/api/public/sdk/v1/cards/${cardId}/${action}`,
    key,
    params: { id: cardId },
  });

async function cardsOf(userId: string): Promise<number> {
  return prisma().card.count({ where: { wallet: { externalUserId: userId } } });
}

describe("live cards at Lithic (CARD_PROCESSOR_LIVE=lithic)", () => {
  it("issues a live card at Lithic and answers processor lithic with Lithic's last four", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const issued = await callRoute(issueCardRoute, {
      method: "POST",
      path: "/api/public/sdk/v1/cards",
      key: live,
      body: { externalUserId: userId, kind: "virtual", currency: "USD" },
    });
    expect(issued.status, `${issued.text}\n${mock.output().slice(-1500)}`).toBe(201);
    expect(issued.json).toMatchObject({ processor: "lithic", livemode: true, status: "active" });
    const card = await prisma().card.findUniqueOrThrow({ where: { id: issued.json.id } });
    expect(card.processor).toBe("lithic");
    expect(card.processorCardToken).toMatch(/^[0-9a-f-]{36}$/);
    await prisma().card.update({ where: { id: card.id }, data: { processorCardToken: randomUUID() } });
    // The number lives at Lithic: nothing sealed here.
    expect(card.sealedDetails).toBeNull();
    expect(issued.json.last4).toBe(card.last4);
  });

  it("freezes, unfreezes and cancels a Lithic card there (PAUSED, OPEN, CLOSED as the document allows)", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json } = await issue(live, userId);
    for (const [action, status] of [
      ["freeze", "frozen"],
      ["unfreeze", "active"],
      ["cancel", "canceled"],
    ] as const) {
      const answer = await control(live, json.id, action);
      expect(answer.status, `${action}: ${answer.text}\n${mock.output().slice(-2000)}`).toBe(200);
      expect(answer.json.status).toBe(status);
    }
    expect(mock.output()).toMatch(/patch \/v1\/cards\/[0-9a-f-]{36} /i);
  });

  it("keeps test mode on the simulator whatever CARD_PROCESSOR_LIVE says", async () => {
    const { test } = await liveApp();
    const userId = await walletOf(test);
    const issued = await issue(test, userId);
    expect(issued.status).toBe(201);
    expect(issued.json.processor).toBe("simulator");
    const card = await prisma().card.findUniqueOrThrow({ where: { id: issued.json.id } });
    expect(card.processorCardToken).toBeNull();
    expect(card.sealedDetails).not.toBeNull();
  });

  it("says processor simulator on a live card issued while no processor is configured", async () => {
    process.env.CARD_PROCESSOR_LIVE = "simulator";
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const issued = await issue(live, userId);
    expect(issued.status).toBe(201);
    expect(issued.json).toMatchObject({ processor: "simulator", livemode: true });
  });

  it("shows the console's banner on a live simulator card's page only", () => {
    const banner = renderToStaticMarkup(SimulatorCardNotice({ card: { livemode: true, processor: "simulator" } }));
    expect(banner).toContain("This live card reaches no card network.");
    expect(banner).toContain("CARD_PROCESSOR_LIVE");
    expect(renderToStaticMarkup(SimulatorCardNotice({ card: { livemode: true, processor: "lithic" } }))).toBe("");
    expect(renderToStaticMarkup(SimulatorCardNotice({ card: { livemode: false, processor: "simulator" } }))).toBe("");
  });

  it("answers Lithic's signed embed page for a Lithic card's details, short-lived and for the origin", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json: card } = await issue(live, userId);
    const before = Date.now();
    const session = await callRoute(createSessionRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/cards/${card.id}/details-sessions`,
      key: live,
      body: { origin: "https://app.example.com" },
      params: { id: card.id },
    });
    expect(session.status).toBe(201);
    const url = new URL(session.json.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${mock.baseUrl}/v1/embed/card`);
    const embedRequest = Buffer.from(url.searchParams.get("embed_request")!, "base64").toString("utf8");
    // Lithic's scheme: the HMAC-SHA256 of the request's JSON with the API key, base64.
    expect(url.searchParams.get("hmac")).toBe(createHmac("sha256", API_KEY).update(embedRequest).digest("base64"));
    const { token: processorToken } = await prisma()
      .card.findUniqueOrThrow({
        where: { id: card.id },
        select: { processorCardToken: true },
      })
      .then((c) => ({ token: c.processorCardToken }));
    const request = JSON.parse(embedRequest);
    expect(request).toMatchObject({ token: processorToken, target_origin: "https://app.example.com" });
    const expires = Date.parse(request.expiration);
    expect(expires).toBeGreaterThanOrEqual(before + LITHIC_EMBED_SECONDS * 1000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + LITHIC_EMBED_SECONDS * 1000 + 1000);
    expect(Date.parse(session.json.expiresAt)).toBe(expires);
    // The document allows the link's query as we signed it. (It puts its global API-key security on
    // this browser-facing page too, which Lithic documents as keyless, hence the header here only.)
    const page = await fetch(url, { headers: { accept: "text/html", authorization: API_KEY } });
    expect(page.status, mock.output().slice(-2000)).toBe(200);
    // Our own page never opens a Lithic card: its number is not ours to show.
    const stored = await prisma().cardDetailsSession.findFirstOrThrow({ where: { cardId: card.id } });
    expect(stored.usedAt).not.toBeNull();
    expect(await prisma().card.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ sealedDetails: null });
  });

  it("refuses our details page for a Lithic card even through a link of its own", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json: card } = await issue(live, userId);
    const { createHash } = await import("node:crypto");
    const token = `cdt_${"A".repeat(40)}`;
    await prisma().cardDetailsSession.create({
      data: {
        id: `cds_${card.id}`,
        cardId: card.id,
        tokenHash: createHash("sha256").update(token).digest("hex"),
        origin: "https://app.example.com",
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    await expect(openDetailsSession(prisma(), token)).rejects.toMatchObject({ code: "card_details_unavailable" });
    expect((await prisma().card.findUniqueOrThrow({ where: { id: card.id } })).sealedDetails).toBeNull();
  });
});

describe("Lithic refusing or unreachable: nothing changes on our side", () => {
  it("answers 503 processor_unavailable with Retry-After and issues nothing while Lithic is down", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    lithicDown();
    const issued = await issue(live, userId);
    expect(issued.status).toBe(503);
    expect(issued.headers.get("retry-after")).toBe("5");
    expect(issued.json.error).toMatchObject({ code: "processor_unavailable", type: "api_error" });
    expect(await cardsOf(userId)).toBe(0);
  });

  it("lets a retry with the same Idempotency-Key run once Lithic is back", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const headers = { "idempotency-key": `issue-${userId}` };
    lithicDown();
    expect((await issue(live, userId, headers)).status).toBe(503);
    process.env.LITHIC_BASE_URL = mock.baseUrl;
    resetLithicClient();
    const retried = await issue(live, userId, headers);
    expect(retried.status).toBe(201);
    expect(await cardsOf(userId)).toBe(1);
  });

  it("answers 503 for a freeze while Lithic is down, and the card stays active", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json } = await issue(live, userId);
    lithicDown();
    const frozen = await control(live, json.id, "freeze");
    expect(frozen.status).toBe(503);
    expect(frozen.headers.get("retry-after")).toBe("5");
    expect((await prisma().card.findUniqueOrThrow({ where: { id: json.id } })).status).toBe("active");
  });

  it("answers 502 processor_error when Lithic refuses the change, and the card stays as it was", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json } = await issue(live, userId);
    // A token the document's path does not allow (not a uuid): the mock refuses it with a 4xx, as
    // Lithic refuses a card it does not know.
    await prisma().card.update({ where: { id: json.id }, data: { processorCardToken: `not-a-card-${json.id}` } });
    const canceled = await control(live, json.id, "cancel");
    expect(canceled.status, mock.output().slice(-1500)).toBe(502);
    expect(canceled.json.error).toMatchObject({ code: "processor_error", type: "api_error" });
    expect((await prisma().card.findUniqueOrThrow({ where: { id: json.id } })).status).toBe("active");
  });

  it("refuses a change our side refuses before asking Lithic (a canceled card stays canceled)", async () => {
    const { live } = await liveApp();
    const userId = await walletOf(live);
    const { json } = await issue(live, userId);
    expect((await control(live, json.id, "cancel")).status).toBe(200);
    lithicDown();
    // Lithic is not reachable, yet the answer is our 409: the refusal came before any call.
    const unfreeze = await control(live, json.id, "unfreeze");
    expect(unfreeze.status).toBe(409);
    expect(unfreeze.json.error.code).toBe("card_not_active");
  });
});
