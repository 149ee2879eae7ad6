// The Standard Webhooks signature beside ours (docs/decisions/standard-webhooks.md), proven from the
// receiver's side with the outside library: the npm standardwebhooks package's Webhook.verify takes
// real deliveries with the secret exactly as the console reveals it, refuses a copy replayed six
// minutes later, and, during a roll, takes the pending secret too; x-service-signature is unchanged.
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { revealSecret } from "@/lib/console/reveal-secret";
import { rollSecret } from "@/lib/console/roll-secret";
import { prisma } from "@/lib/db/client";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { signPayload, verifyWebhookRequest } from "@/lib/webhooks/verify";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { startTestWorker } from "../helpers/test-worker";
import { startReceiver, type ReceivedRequest, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";

const receivers: WebhookReceiver[] = [];
let worker: WebhookWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(reply?: (request: ReceivedRequest, index: number) => Reply) {
  const started = await startReceiver(reply);
  receivers.push(started);
  return started;
}

const header = (request: ReceivedRequest, name: string) => String(request.headers[name]);
const standardHeaders = (request: ReceivedRequest) => ({
  "webhook-id": header(request, "webhook-id"),
  "webhook-timestamp": header(request, "webhook-timestamp"),
  "webhook-signature": header(request, "webhook-signature"),
});

async function newWallet(key: string) {
  const res = await api.createWallet(key, {
    externalUserId: uniqueUserId(),
    currency: "USD",
    email: "ada@example.com",
    name: "Ada Obi",
  });
  expect(res.response.status).toBe(201);
}

async function appWithEndpoint(reply?: (request: ReceivedRequest, index: number) => Reply) {
  const app = await setupApp();
  const context = { merchantId: app.merchant.id, ipAddress: "198.51.100.9" };
  const hooks = await receiver(reply);
  await addWebhookEndpoint(prisma(), { applicationId: app.appId, url: hooks.url, livemode: false });
  // The secret as the console shows it (its Reveal button calls this).
  const shown = (await revealSecret(prisma(), context, app.appId, "test")).current.secret;
  return { ...app, context, hooks, shown };
}

describe("Standard Webhooks headers", () => {
  it("are accepted by the standardwebhooks package with the secret as the console shows it, on the first try and its retry", async () => {
    const { key, hooks, shown } = await appWithEndpoint((_request, index) => ({ status: index === 0 ? 500 : 200 }));
    await newWallet(key);
    const [first, retry] = await hooks.waitFor(2, 30_000);
    const envelope = JSON.parse(first!.rawBody.toString("utf8")) as { id: string };

    for (const request of [first!, retry!]) {
      expect(new Webhook(shown).verify(request.rawBody.toString("utf8"), standardHeaders(request))).toEqual(
        JSON.parse(request.rawBody.toString("utf8")),
      );
      // The id is the event's; the timestamp is this attempt's sent_at, in unix seconds.
      expect(header(request, "webhook-id")).toBe(envelope.id);
      const sentAt = (JSON.parse(request.rawBody.toString("utf8")) as { sent_at: string }).sent_at;
      expect(Number(header(request, "webhook-timestamp"))).toBe(Math.floor(Date.parse(sentAt) / 1000));
      // Ours stays exactly as the specification says: hex HMAC of the body with the secret string.
      expect(header(request, "x-service-signature")).toBe(signPayload(request.rawBody, shown));
      expect(header(request, "webhook-signature")).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    }
    expect(header(retry!, "webhook-id")).toBe(header(first!, "webhook-id"));
  });

  it("refuse a delivery replayed six minutes after it was sent, in the library and in verifyWebhookRequest", async () => {
    const { key, hooks, shown } = await appWithEndpoint();
    await newWallet(key);
    const [captured] = await hooks.waitFor(1);
    const body = captured!.rawBody.toString("utf8");
    expect(() => new Webhook(shown).verify(body, standardHeaders(captured!))).not.toThrow();

    const sixMinutesLater = Date.now() + 6 * 60_000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(sixMinutesLater);
    try {
      expect(() => new Webhook(shown).verify(body, standardHeaders(captured!))).toThrow(WebhookVerificationError);
      expect(() => new Webhook(shown).verify(body, standardHeaders(captured!))).toThrow("Message timestamp too old");
    } finally {
      clock.mockRestore();
    }
    const replayed = new Request("http://receiver.test/hooks", {
      method: "POST",
      headers: { ...standardHeaders(captured!), "x-service-signature": header(captured!, "x-service-signature") },
      body,
    });
    const result = await verifyWebhookRequest(replayed, shown, { now: new Date(sixMinutesLater) });
    expect(result).toBeInstanceOf(Response);
    if (result instanceof Response) {
      expect(result.status).toBe(401);
      expect(await result.text()).toContain("too old");
    }
  });

  it("carry one signature per secret during a roll, so a receiver that deployed the pending secret first passes", async () => {
    const { appId, key, hooks, shown, context } = await appWithEndpoint();
    const rolled = await rollSecret(prisma(), context, appId, { mode: "test", activation: "1h" });
    await newWallet(key);
    const [request] = await hooks.waitFor(1);
    const body = request!.rawBody.toString("utf8");
    expect(header(request!, "webhook-signature").split(" ")).toHaveLength(2);
    expect(() => new Webhook(shown).verify(body, standardHeaders(request!))).not.toThrow();
    expect(() => new Webhook(rolled.secret).verify(body, standardHeaders(request!))).not.toThrow();
    // x-service-signature stays the current secret's alone.
    expect(header(request!, "x-service-signature")).toBe(signPayload(request!.rawBody, shown));
  });

  it("refuse a body changed in transit or a secret that is not the application's", async () => {
    const { key, hooks, shown } = await appWithEndpoint();
    await newWallet(key);
    const [request] = await hooks.waitFor(1);
    const tampered = request!.rawBody.toString("utf8").replace('"Ada Obi"', '"Eve Obi"');
    expect(() => new Webhook(shown).verify(tampered, standardHeaders(request!))).toThrow("No matching signature found");
    const other = "whsec_" + "A".repeat(40);
    expect(() => new Webhook(other).verify(request!.rawBody.toString("utf8"), standardHeaders(request!))).toThrow(
      "No matching signature found",
    );
  });
});
