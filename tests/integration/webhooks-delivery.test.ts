// Webhook delivery end to end: real routes record events, a real worker sends them to real local
// HTTP receivers, and the receivers check signatures with their own HMAC computation. Every test
// that runs a worker lives in this file, so no two workers of one test run share the queue.
import { createHmac } from "node:crypto";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { startTestWorker } from "../helpers/test-worker";
import { api } from "../helpers/card-money";
import { createKey, setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type ReceivedRequest, type WebhookReceiver } from "../helpers/webhook-receiver";
import { workerProcesses } from "../helpers/worker-process";

const receivers: WebhookReceiver[] = [];
let worker: WebhookWorker | undefined;

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

function independentSignature(rawBody: Buffer, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

function envelopeOf(request: ReceivedRequest) {
  return JSON.parse(request.rawBody.toString("utf8")) as {
    id: string;
    event: string;
    schema_version: string;
    sent_at: string;
    data: { id: string };
  };
}

async function newWallet(key: string, externalUserId = uniqueUserId()) {
  const res = await api.createWallet(key, {
    externalUserId,
    currency: "USD",
    email: "ada@example.com",
    name: "Ada Obi",
  });
  expect(res.response.status).toBe(201);
  return res.data!;
}

describe("webhook delivery", () => {
  it("delivers each of the five events exactly once, enveloped and signed over the exact bytes", async () => {
    const { appId, key, webhookSecret } = await setupApp();
    const hooks = await receiver();
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });

    const externalUserId = uniqueUserId();
    const wallet = await newWallet(key, externalUserId);
    const funded = await api.fund(key, externalUserId, { amount: 100 });
    expect(funded.response.status).toBe(201);
    const card = await api.issueCard(key, { externalUserId, kind: "virtual", currency: "USD" });
    expect(card.response.status).toBe(201);
    const cardId = card.data!.id;
    const authorization = await api.spend(key, cardId, { amount: 30, merchant: { name: "Corner Coffee" } });
    expect(authorization.response.status).toBe(201);
    const authId = authorization.data!.id;
    const captured = await api.capture(key, authId, { amount: 30 });
    expect(captured.response.status).toBe(200);
    const refunded = await api.refund(key, authId, { amount: 10 });
    expect(refunded.response.status).toBe(200);

    await hooks.waitFor(5);
    // Long enough for a duplicate to show up if one were coming.
    await sleep(1_000);
    expect(hooks.received).toHaveLength(5);

    const byEvent = new Map(hooks.received.map((r) => [envelopeOf(r).event, r]));
    expect([...byEvent.keys()].sort()).toEqual([
      "card.authorized",
      "card.captured",
      "card.issued",
      "card.refunded",
      "wallet.provisioned",
    ]);
    for (const request of hooks.received) {
      const envelope = envelopeOf(request);
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/hooks");
      expect(request.headers["x-service-signature"]).toBe(independentSignature(request.rawBody, webhookSecret));
      expect(request.headers["x-service-signature"]).toMatch(/^[0-9a-f]{64}$/);
      expect(request.headers["x-service-schema-version"]).toBe("1.1");
      expect(request.headers["content-type"]).toBe("application/json");
      expect(request.headers["x-service-event-id"]).toBe(envelope.id);
      expect(Object.keys(envelope).sort()).toEqual(["data", "event", "id", "schema_version", "sent_at", "sequence"]);
      expect(envelope.id).toMatch(/^evt_/);
      expect(envelope.schema_version).toBe("1.1");
      expect(new Date(envelope.sent_at).toISOString()).toBe(envelope.sent_at);
      const deliveryId = String(request.headers["x-service-delivery-id"]);
      const delivery = await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } });
      expect(delivery.eventId).toBe(envelope.id);
      const event = await prisma().event.findUniqueOrThrow({ where: { id: envelope.id } });
      expect(event.type).toBe(envelope.event);
      expect(envelope.data).toEqual(event.data);
    }
    expect(envelopeOf(byEvent.get("wallet.provisioned")!).data).toMatchObject({ id: wallet.id, object: "wallet" });
    expect(envelopeOf(byEvent.get("card.issued")!).data).toMatchObject({ id: cardId, object: "card" });
    for (const kind of ["card.authorized", "card.captured", "card.refunded"]) {
      expect(envelopeOf(byEvent.get(kind)!).data).toMatchObject({ id: authId });
    }

    const deliveries = await waitUntil(async () => {
      const rows = await prisma().webhookDelivery.findMany({ where: { applicationId: appId } });
      return rows.length === 5 && rows.every((d) => d.status === "succeeded") && rows;
    });
    expect(deliveries.every((d) => d.attemptCount === 1 && d.lastStatusCode === 200)).toBe(true);
  });

  it("retries a receiver that answers 500, then succeeds on its 200, with a fresh sent_at and signature", async () => {
    const { appId, key, webhookSecret } = await setupApp();
    const hooks = await receiver((_request, index) => (index === 0 ? { status: 500, body: "boom" } : { status: 200 }));
    await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: hooks.url,
      livemode: false,
      events: ["wallet.provisioned"],
    });
    await newWallet(key);

    const [first, second] = await hooks.waitFor(2);
    const a = envelopeOf(first!);
    const b = envelopeOf(second!);
    expect(b.id).toBe(a.id);
    expect(b.sent_at > a.sent_at).toBe(true);
    expect(second!.headers["x-service-signature"]).not.toBe(first!.headers["x-service-signature"]);
    expect(second!.headers["x-service-signature"]).toBe(independentSignature(second!.rawBody, webhookSecret));

    const deliveryId = String(first!.headers["x-service-delivery-id"]);
    const delivery = await waitUntil(async () => {
      const d = await prisma().webhookDelivery.findUniqueOrThrow({
        where: { id: deliveryId },
        include: { attempts: { orderBy: { createdAt: "asc" } } },
      });
      return d.status === "succeeded" && d;
    });
    expect(delivery.attemptCount).toBe(2);
    expect(delivery.attempts.map((x) => x.statusCode)).toEqual([500, 200]);
    expect(delivery.attempts[0]!.responseExcerpt).toBe("boom");
    expect(delivery.attempts[0]!.requestBody).toBe(first!.rawBody.toString("utf8"));
    expect(delivery.attempts.every((x) => x.trigger === "retry")).toBe(true);
    await sleep(500);
    expect(hooks.received).toHaveLength(2);
  });

  it("times out a receiver that never answers after 10 seconds, then retries", async () => {
    const { appId, key } = await setupApp();
    const hooks = await receiver((_request, index) => (index === 0 ? "hang" : { status: 204 }));
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });
    await newWallet(key);

    const [first] = await hooks.waitFor(1);
    const deliveryId = String(first!.headers["x-service-delivery-id"]);
    const delivery = await waitUntil(async () => {
      const d = await prisma().webhookDelivery.findUniqueOrThrow({
        where: { id: deliveryId },
        include: { attempts: { orderBy: { createdAt: "asc" } } },
      });
      return d.status === "succeeded" && d;
    }, 25_000);
    const [timedOut, retried] = delivery.attempts;
    expect(timedOut!.statusCode).toBeNull();
    expect(timedOut!.error).toMatch(/timed out after 10000 ms/);
    expect(timedOut!.latencyMs).toBeGreaterThanOrEqual(9_900);
    expect(timedOut!.latencyMs).toBeLessThan(12_000);
    expect(retried!.statusCode).toBe(204);
  }, 30_000);

  it("sends a replay through the same path, freshly signed, and records it as a replay", async () => {
    const { appId, key, webhookSecret } = await setupApp();
    const hooks = await receiver();
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });
    await newWallet(key);
    const [original] = await hooks.waitFor(1);
    const deliveryId = String(original!.headers["x-service-delivery-id"]);
    await waitUntil(
      async () =>
        (await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryId } })).status === "succeeded",
    );

    const res = await testClient(key).POST("/api/public/sdk/v1/webhooks/deliveries/{id}/replay", {
      params: { path: { id: deliveryId } },
    });
    expect(res.response.status).toBe(202);
    const [, replayed] = await hooks.waitFor(2);
    expect(envelopeOf(replayed!).id).toBe(envelopeOf(original!).id);
    expect(envelopeOf(replayed!).sent_at > envelopeOf(original!).sent_at).toBe(true);
    expect(replayed!.headers["x-service-signature"]).toBe(independentSignature(replayed!.rawBody, webhookSecret));
    const attempts = await waitUntil(async () => {
      const rows = await prisma().webhookAttempt.findMany({ where: { deliveryId }, orderBy: { createdAt: "asc" } });
      return rows.length === 2 && rows;
    });
    expect(attempts.map((a) => a.trigger)).toEqual(["retry", "replay"]);
    // Each attempt keeps the URL it went to: editing the endpoint later does not rewrite it.
    expect(attempts.map((a) => a.url)).toEqual([hooks.url, hooks.url]);
    await prisma().webhookEndpoint.updateMany({
      where: { applicationId: appId },
      data: { url: "https://example.com/moved" },
    });
    const kept = await prisma().webhookAttempt.findMany({ where: { deliveryId } });
    expect(kept.map((a) => a.url)).toEqual([hooks.url, hooks.url]);
  });

  it("refuses at send time a live endpoint that resolves to a loopback address", async () => {
    const { appId } = await setupApp();
    const { secret: liveKey } = await createKey(appId, { mode: "live" });
    const hooks = await receiver();
    const port = new URL(hooks.url).port;
    // Written directly, as if the name had resolved to a public address when it was registered.
    await prisma().webhookEndpoint.create({
      data: {
        id: newId("we"),
        applicationId: appId,
        livemode: true,
        url: `https://localhost:${port}/hooks`,
        events: [],
        enabled: true,
      },
    });
    await newWallet(liveKey);

    const attempt = await waitUntil(() =>
      prisma().webhookAttempt.findFirst({ where: { delivery: { applicationId: appId, livemode: true } } }),
    );
    expect(attempt.statusCode).toBeNull();
    expect(attempt.error).toMatch(/loopback/);
    expect(hooks.received).toHaveLength(0);
  });
});

describe("a worker killed mid-delivery", () => {
  const processes = workerProcesses();
  afterAll(() => processes.killAll());

  it("redelivers after a new worker starts, and the delivery ends succeeded", async () => {
    // This test's workers must be the only ones on the queue.
    await worker?.stop();
    worker = undefined;

    const { appId, key, webhookSecret } = await setupApp();
    const hooks = await receiver((_request, index) => (index === 0 ? "hang" : { status: 200 }));
    await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });

    const first = processes.start();
    await newWallet(key);
    const [inFlight] = await hooks.waitFor(1, 25_000);
    first.kill("SIGKILL");
    await once(first, "exit");

    processes.start();
    const [, again] = await hooks.waitFor(2, 25_000);
    expect(again!.headers["x-service-delivery-id"]).toBe(inFlight!.headers["x-service-delivery-id"]);
    expect(envelopeOf(again!).id).toBe(envelopeOf(inFlight!).id);
    expect(again!.headers["x-service-signature"]).toBe(independentSignature(again!.rawBody, webhookSecret));

    const deliveryId = String(again!.headers["x-service-delivery-id"]);
    const delivery = await waitUntil(async () => {
      const d = await prisma().webhookDelivery.findUniqueOrThrow({
        where: { id: deliveryId },
        include: { attempts: true },
      });
      return d.status === "succeeded" && d;
    });
    // The killed send never committed its attempt; the redelivery is the one on record.
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0]!.statusCode).toBe(200);
  }, 60_000);
});
