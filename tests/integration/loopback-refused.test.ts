// A deployment without ALLOW_LOOPBACK_ENDPOINTS=true (a hosted one): loopback is refused in both
// modes at registration, a 400 naming `url` that says why, and at every send, where an endpoint
// registered under the setting is kept but reaches nothing: its attempts are refused with the reason
// and no answer, its page says why, and a decision endpoint decides by its default without a call
// (issue 35, docs/decisions/loopback-endpoints.md). The rest of the suite runs with the setting on.
import { afterEach, describe, expect, it, vi } from "vitest";
import { prisma } from "@/lib/db/client";
import { config } from "@/lib/config";
import { endpointDetail } from "@/lib/console/endpoint-detail";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { setMode } from "@/lib/console/set-mode";
import { newId } from "@/lib/ids";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint, EndpointError } from "@/lib/webhooks/endpoints";
import { api, merchant, walletWithCard } from "../helpers/card-money";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

vi.hoisted(() => {
  // Before anything reads the configuration: this file is the deployment that did not opt in.
  process.env.ALLOW_LOOPBACK_ENDPOINTS = "false";
});

const SECRET_PAGE = "internal admin: db password hunter2 ".repeat(20);
const receivers: WebhookReceiver[] = [];
async function internalService(): Promise<WebhookReceiver> {
  // What the probe reached: a service on the server's own loopback that answers anyone.
  const receiver = await startReceiver(() => ({ status: 200, body: SECRET_PAGE }));
  receivers.push(receiver);
  return receiver;
}
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const LOOPBACK_SPELLINGS = [
  "http://127.0.0.1:6379/",
  "http://2130706433:6379/",
  "http://0x7f000001:6379/",
  "http://[::ffff:127.0.0.1]:6379/",
  "http://[::1]:6379/",
  "http://localhost:6379/",
];
const WHY = /loopback addresses are refused on this deployment; set ALLOW_LOOPBACK_ENDPOINTS=true/;

it("runs as a deployment without the setting", () => {
  expect(config().ALLOW_LOOPBACK_ENDPOINTS).toBe(false);
});

describe("registration without ALLOW_LOOPBACK_ENDPOINTS", () => {
  it("refuses POST /authorization-endpoint {url: http://127.0.0.1:6379/} and every other spelling: 400 naming url", async () => {
    const { key } = await setupApp();
    for (const url of LOOPBACK_SPELLINGS) {
      const { response, error } = await testClient(key).POST("/api/public/sdk/v1/authorization-endpoint", {
        body: { url, defaultAction: "decline" },
      });
      expect(response.status, url).toBe(400);
      expect(error?.error, url).toMatchObject({
        code: "validation_failed",
        param: "url",
        message: expect.stringMatching(WHY),
      });
      expect(error?.error.request_id, url).toMatch(/^req_/);
    }
    const read = await testClient(key).GET("/api/public/sdk/v1/authorization-endpoint");
    expect(read.response.status).toBe(404);
  });

  it("refuses a loopback webhook endpoint in the console, next to the URL, and in the CLI's domain call", async () => {
    const { appId, merchant: owner } = await setupApp();
    const context = { merchantId: owner.id, ipAddress: "198.51.100.7" };
    await setMode(prisma(), context, appId, "test");
    for (const url of LOOPBACK_SPELLINGS) {
      await expect(
        registerEndpoint(prisma(), context, appId, { url, events: [], enabled: true }),
        url,
      ).rejects.toMatchObject({ code: "field", field: "url", message: expect.stringMatching(WHY) });
      const adding = addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: false });
      await expect(adding, url).rejects.toThrow(EndpointError);
      await expect(adding, url).rejects.toThrow(WHY);
    }
    expect(await prisma().webhookEndpoint.count({ where: { applicationId: appId } })).toBe(0);
  });
});

describe("an endpoint registered under the setting, on a deployment without it", () => {
  it("sends nothing: the attempt is refused with the reason and no answer, its page says why, nothing is deleted", async () => {
    const { appId, key, merchant: owner } = await setupApp();
    const context = { merchantId: owner.id, ipAddress: "198.51.100.7" };
    await setMode(prisma(), context, appId, "test");
    const service = await internalService();
    // As `npm run dev` (or a deployment that once had the setting) registered it.
    const endpoint = await prisma().webhookEndpoint.create({
      data: { id: newId("we"), applicationId: appId, livemode: false, url: `${service.url}/admin`, events: [] },
    });
    const { deliveryId } = await sendTestEvent(context, appId, endpoint.id, "wallet.provisioned");
    if (!deliveryId) throw new Error("no delivery queued");
    const outcome = await deliver(deliveryId, "retry");
    expect(outcome.kind).toBe("sent");

    // No network call: the internal service heard nothing.
    expect(service.received).toHaveLength(0);
    expect(service.connections()).toBe(0);
    const [attempt] = await prisma().webhookAttempt.findMany({ where: { deliveryId } });
    expect(attempt).toMatchObject({ statusCode: null, responseExcerpt: null, error: expect.stringMatching(WHY) });

    // The API and the console show the refusal, never a body.
    const deliveries = await testClient(key).GET("/api/public/sdk/v1/webhooks/deliveries");
    expect(deliveries.response.status).toBe(200);
    const listed = deliveries.data?.data.find((d) => d.id === deliveryId);
    expect(listed?.lastAttempt).toMatchObject({
      statusCode: null,
      responseExcerpt: null,
      error: expect.stringMatching(WHY),
    });
    const page = await endpointDetail(prisma(), owner.id, appId, endpoint.id);
    expect(page.refusal).toMatch(WHY);
    expect(page.failures[0]).toMatchObject({ responseExcerpt: null, error: expect.stringMatching(WHY) });

    // Kept: the endpoint and its delivery are still there.
    expect(await prisma().webhookEndpoint.findUnique({ where: { id: endpoint.id } })).toMatchObject({
      deletedAt: null,
    });
  });

  it("a decision endpoint decides by its default without a call, and its record says why", async () => {
    const app = await setupApp();
    const service = await internalService();
    await prisma().authorizationEndpoint.create({
      data: {
        id: newId("aep"),
        applicationId: app.appId,
        livemode: false,
        url: `${service.url}/decide`,
        timeoutMs: 1_000,
        defaultAction: "approve",
      },
    });
    const { cardId } = await walletWithCard(app.key, { fund: 50 });
    const spent = await api.spend(app.key, cardId, { amount: 5, merchant });
    expect(spent.response.status).toBe(201);
    expect(spent.data?.decision).toMatchObject({ by: "default", reason: "error" });
    expect(spent.data?.decision).not.toHaveProperty("statusCode");
    expect(service.received).toHaveLength(0);
    expect(service.connections()).toBe(0);

    const read = await testClient(app.key).GET("/api/public/sdk/v1/authorization-endpoint");
    expect(read.response.status).toBe(200);
    expect(read.data?.refusal).toMatch(WHY);
    expect(read.data?.health.lastAnswers[0]).toMatchObject({ by: "default", reason: "error", statusCode: null });
  });
});
