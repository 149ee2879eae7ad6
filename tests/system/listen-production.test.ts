// `listen` against the production build (issue 38, "Done when"): `npm start`'s server as a hosted
// deployment runs it, refusing loopback endpoints (ALLOW_LOOPBACK_ENDPOINTS unset), and
// `npm run cli -- listen --forward-to` a local receiver as its own process. Events caused through the
// API arrive at the receiver, which verifies each with the standardwebhooks package and the session
// secret the listener printed; registering a loopback endpoint on that server is refused. The same
// flow in depth (both commands, a slow receiver, the API going away) runs against the route handlers
// in tests/integration/cli-listen.test.ts.
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { PRODUCTION_DIST_DIR, useProductionBuild, type ProductionBuildLease } from "@/scripts/testing/production-build";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { startListener, stopListener, type Listener } from "../helpers/listen-process";
import { freePort, requestOnce, startService, stopProcess, type ServiceProcess } from "../helpers/service-process";
import { waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const SDK = "/api/public/sdk/v1";

describe("listen against the production build, loopback endpoints refused", () => {
  let build: ProductionBuildLease | undefined;
  let service: ServiceProcess | undefined;
  let receiver: WebhookReceiver | undefined;
  let listener: Listener | undefined;
  let key = "";
  let appId = "";

  beforeAll(async () => {
    // The one build the system and browser tests share, built only when older than the sources.
    build = await useProductionBuild({ output: "capture" });
    const app = await createMerchantApp("Listen on production");
    appId = app.application.id;
    key = (await createKey(appId, { name: "listen" })).secret;
    service = await startService({
      NODE_ENV: "production",
      NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      DATABASE_URL: process.env.DATABASE_URL ?? "",
      REDIS_URL: process.env.REDIS_URL ?? "",
      RATE_LIMIT_PREFIX: `rl-listen-${randomBytes(4).toString("hex")}`,
      SECRETS_KEY: process.env.SECRETS_KEY ?? "",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      WEB_CONCURRENCY: "1",
      // As a hosted deployment: what a production start does when the setting is not given.
      ALLOW_LOOPBACK_ENDPOINTS: "false",
      // Nothing here is delivered by the service: listen pulls the events.
      WEBHOOK_WORKER: "off",
    });
  }, 900_000);

  afterAll(async () => {
    if (listener) await stopListener(listener);
    if (service) await stopProcess(service.child, { group: true });
    await receiver?.close();
    build?.release();
  }, 60_000);

  it("refuses a loopback endpoint, and forwards every event to the local receiver, verified with standardwebhooks", async () => {
    const bearer = { authorization: `Bearer ${key}` };
    const refused = await requestOnce(service!.base, "POST", `${SDK}/webhooks/endpoints`, {
      headers: bearer,
      body: { url: "http://127.0.0.1:4000/api/webhooks" },
    });
    expect(refused.status, refused.text).toBe(400);
    expect(refused.json).toMatchObject({ error: { code: "endpoint_url_refused", param: "url" } });
    expect(await prisma().webhookEndpoint.count({ where: { applicationId: appId } })).toBe(0);

    receiver = await startReceiver();
    listener = startListener("repo", ["--forward-to", receiver.url, "--base-url", service!.base], {
      ...process.env,
      WALLET_CARD_API_KEY: key,
    });
    const running = listener;
    await waitUntil(() => running.lines.some((line) => line.startsWith("Ready:")), 60_000, 100);

    for (let i = 0; i < 2; i += 1) {
      const externalUserId = uniqueUserId();
      const wallet = await requestOnce(service!.base, "POST", `${SDK}/wallets`, {
        headers: bearer,
        body: { externalUserId, currency: "USD", email: "ada@example.com" },
      });
      expect(wallet.status, wallet.text).toBe(201);
      const card = await requestOnce(service!.base, "POST", `${SDK}/cards`, {
        headers: bearer,
        body: { externalUserId, kind: "virtual", currency: "USD" },
      });
      expect(card.status, card.text).toBe(201);
    }
    const received = await receiver.waitFor(4, 30_000);

    // Each event once, and each verifying with the session's secret as a real delivery would.
    const events = await prisma().event.findMany({ where: { applicationId: appId }, select: { id: true, type: true } });
    expect(events).toHaveLength(4);
    const webhook = new Webhook(running.secret());
    const verified = received.map((request) => {
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      return webhook.verify(request.rawBody.toString("utf8"), headers) as { id: string; event: string };
    });
    expect(verified.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    expect(verified.map((e) => e.event).sort()).toEqual(events.map((e) => e.type).sort());
    // A body changed on the way is refused by the same check.
    const [first] = received;
    const headers = Object.fromEntries(Object.entries(first!.headers).map(([k, v]) => [k, String(v)]));
    expect(() => webhook.verify(first!.rawBody.toString("utf8").replace(/"id":"/, '"id":"x'), headers)).toThrow();
    // One line per event with the local server's answer.
    await waitUntil(() => running.lines.filter((l) => / -> POST .* \[200\] \d+ ms$/.test(l)).length === 4, 10_000);
  }, 120_000);
});
