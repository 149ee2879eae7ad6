// The application's own operational events (docs/decisions/operational-events.md), each caused for
// real: an endpoint failing at a real local receiver until the engine disables it
// (webhook_endpoint.disabled, delivered to the application's other endpoint), a decision endpoint
// answering 500 (decision_endpoint.failing, once however many spends fail), and a signing secret
// taking over now or on schedule (webhook_secret.rotated). Each is about no wallet, numbered in the
// application's stream, and carries ids, reasons and times, never a secret or a URL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILING_POLICY } from "@/lib/authorization-decisions/failing-endpoint";
import { prisma } from "@/lib/db/client";
import type { Event } from "@/lib/generated/prisma/client";
import {
  decisionEndpointFailingSchema,
  webhookEndpointDisabledSchema,
  webhookSecretRotatedSchema,
} from "@/lib/schemas/operational-event";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { modeSigningSecrets, recordScheduledActivation } from "@/lib/webhooks/signing-secrets";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { queueEventBacklog } from "../helpers/event-backlog";
import { testClient } from "../helpers/route-fetch";
import { startTestWorker } from "../helpers/test-worker";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";

const receivers: WebhookReceiver[] = [];
const endpointsToStop: string[] = [];
let worker: WebhookWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  await prisma().webhookEndpoint.updateMany({ where: { id: { in: endpointsToStop } }, data: { enabled: false } });
  await worker?.stop();
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(reply: (index: number) => Reply) {
  const r = await startReceiver((_request, index) => reply(index));
  receivers.push(r);
  return r;
}

async function operationalEvents(applicationId: string, type: string): Promise<Event[]> {
  return prisma().event.findMany({ where: { applicationId, type }, orderBy: { sequence: "asc" } });
}

/** About no wallet: numbered in the application's stream, whose counter it took. */
async function expectInApplicationStream(event: Event) {
  expect(event.walletId).toBeNull();
  const stream = await prisma().applicationEventStream.findUniqueOrThrow({
    where: { applicationId_livemode: { applicationId: event.applicationId, livemode: event.livemode } },
  });
  expect(event.sequence).toBeGreaterThanOrEqual(1);
  expect(event.sequence).toBeLessThanOrEqual(stream.eventSequence);
}

describe("webhook_endpoint.disabled", () => {
  it("is sent to the application's other endpoint when the engine disables a failing one, with its reason", async () => {
    const { appId } = await setupApp();
    const failing = await receiver(() => ({ status: 503 }));
    const watching = await receiver(() => ({ status: 200 }));
    const broken = await addWebhookEndpoint(prisma(), { applicationId: appId, url: failing.url, livemode: false });
    const other = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: watching.url,
      livemode: false,
      events: ["webhook_endpoint.disabled"],
    });
    endpointsToStop.push(broken.id, other.id);
    // The clock moved on, as the engine test does: the streak began 3 days and a minute ago.
    const failingSince = new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000);
    await prisma().webhookEndpoint.update({
      where: { id: broken.id },
      data: {
        consecutiveFailures: 40,
        failingSince,
        lastFailureAt: new Date(Date.now() - 3_600_000),
        backoffUntil: new Date(Date.now() - 1_000),
      },
    });
    await queueEventBacklog(appId, 2);

    const request = await waitUntil(() => watching.received[0], 30_000);
    const envelope = JSON.parse(request.rawBody.toString("utf8")) as { event: string; sequence: number; data: unknown };
    expect(envelope.event).toBe("webhook_endpoint.disabled");
    const data = webhookEndpointDisabledSchema.strict().parse(envelope.data);
    const row = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: broken.id } });
    expect(row.enabled).toBe(false);
    expect(data).toEqual({
      id: broken.id,
      object: "webhook_endpoint",
      reason: row.disabledReason,
      failingSince: failingSince.toISOString(),
      disabledAt: row.disabledAt!.toISOString(),
      livemode: false,
    });
    expect(data.reason).toContain("HTTP 503");
    // No URL (it may carry a token), and only the endpoint that still works got it.
    expect(request.rawBody.toString("utf8")).not.toContain(failing.url);
    const [event] = await operationalEvents(appId, "webhook_endpoint.disabled");
    expect(event!.sequence).toBe(envelope.sequence);
    await expectInApplicationStream(event!);
    const deliveries = await prisma().webhookDelivery.findMany({ where: { eventId: event!.id } });
    expect(deliveries.map((d) => d.endpointId)).toEqual([other.id]);
    // Recorded once, though the backlog's other delivery failed after it too.
    await sleep(500);
    expect(await operationalEvents(appId, "webhook_endpoint.disabled")).toHaveLength(1);
  }, 60_000);
});

describe("decision_endpoint.failing", () => {
  it("is recorded once when the decision endpoint's calls keep failing, however many spends fail after", async () => {
    const app = await setupApp();
    const decider = await receiver(() => ({ status: 500, body: "down" }));
    const set = await testClient(app.key).POST("/api/public/sdk/v1/authorization-endpoint", {
      body: { url: decider.url, defaultAction: "decline", timeoutMs: 1_000 },
    });
    expect(set.response.status).toBe(200);
    const { cardId } = await walletWithCard(app.key, { fund: 100 });

    // One short of the threshold: nothing yet.
    for (let i = 1; i < FAILING_POLICY.afterFailures; i++) {
      const spend = await api.spend(app.key, cardId, { amount: 1, merchant });
      expect(spend.response.status).toBe(402);
    }
    await sleep(300);
    expect(await operationalEvents(app.appId, "decision_endpoint.failing")).toHaveLength(0);

    // The threshold, and as many again: one event, recorded off the spend's path.
    for (let i = 0; i < FAILING_POLICY.afterFailures + 1; i++) {
      const spend = await api.spend(app.key, cardId, { amount: 1, merchant });
      expect(spend.response.status).toBe(402);
    }
    const [event] = await waitUntil(async () => {
      const events = await operationalEvents(app.appId, "decision_endpoint.failing");
      return events.length > 0 && events;
    });
    await sleep(500);
    expect(await operationalEvents(app.appId, "decision_endpoint.failing")).toHaveLength(1);
    expect(decider.received.length).toBe(2 * FAILING_POLICY.afterFailures);
    const data = decisionEndpointFailingSchema.strict().parse(event!.data);
    expect(data).toMatchObject({
      id: set.data!.id,
      object: "decision_endpoint",
      reason: "error",
      consecutiveFailures: FAILING_POLICY.afterFailures,
      defaultAction: "decline",
      livemode: false,
    });
    expect(JSON.stringify(event!.data)).not.toContain(decider.url);
    await expectInApplicationStream(event!);
  }, 60_000);

  it("does not count an endpoint that answers", async () => {
    const app = await setupApp();
    const decider = await receiver(() => ({
      status: 200,
      body: JSON.stringify({ approved: true }),
      headers: { "content-type": "application/json" },
    }));
    await testClient(app.key).POST("/api/public/sdk/v1/authorization-endpoint", {
      body: { url: decider.url, defaultAction: "decline" },
    });
    const { cardId } = await walletWithCard(app.key, { fund: 100 });
    for (let i = 0; i < FAILING_POLICY.afterFailures + 1; i++)
      expect((await api.spend(app.key, cardId, { amount: 1, merchant })).response.status).toBe(201);
    await sleep(300);
    expect(await operationalEvents(app.appId, "decision_endpoint.failing")).toHaveLength(0);
  });
});

describe("webhook_secret.rotated", () => {
  it("is recorded by an immediate roll and by a scheduled one when it takes over, with ids and never a secret", async () => {
    const { appId, key, webhookSecret } = await setupApp();
    const before = (await modeSigningSecrets(prisma(), appId, false)).current;

    const now = await testClient(key).POST("/api/public/sdk/v1/webhooks/secret/roll", { body: { activation: "now" } });
    expect(now.response.status).toBe(201);
    const rolled = (await modeSigningSecrets(prisma(), appId, false)).current;
    const [immediate] = await operationalEvents(appId, "webhook_secret.rotated");
    expect(webhookSecretRotatedSchema.strict().parse(immediate!.data)).toMatchObject({
      id: rolled.id,
      object: "webhook_signing_secret",
      mode: "test",
      previousSecretId: before.id,
      scheduled: false,
    });
    await expectInApplicationStream(immediate!);

    // Scheduled an hour ahead: nothing until it takes over, then one event.
    const later = await testClient(key).POST("/api/public/sdk/v1/webhooks/secret/roll", { body: { activation: "1h" } });
    expect(later.data?.pending).toBe(true);
    expect(await operationalEvents(appId, "webhook_secret.rotated")).toHaveLength(1);
    const pending = (await modeSigningSecrets(prisma(), appId, false)).pending!;
    const due = new Date(pending.activeFrom.getTime() + 1_000);
    expect(await recordScheduledActivation(prisma(), pending.id, due)).toBe(true);
    // The job run again records nothing more.
    expect(await recordScheduledActivation(prisma(), pending.id, due)).toBe(false);
    const events = await operationalEvents(appId, "webhook_secret.rotated");
    expect(events).toHaveLength(2);
    expect(webhookSecretRotatedSchema.parse(events[1]!.data)).toMatchObject({
      id: pending.id,
      previousSecretId: rolled.id,
      scheduled: true,
      activeFrom: pending.activeFrom.toISOString(),
    });
    expect(events[1]!.sequence).toBe(events[0]!.sequence + 1);
    for (const event of events) {
      const text = JSON.stringify(event.data);
      expect(text).not.toMatch(/whsec_/);
      expect(text).not.toContain(webhookSecret);
      expect(text).not.toContain(now.data!.secret);
      expect(text).not.toContain(later.data!.secret);
    }
  });
});
