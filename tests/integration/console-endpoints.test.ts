// Managing webhook endpoints from the console (issue 14, part 2), against the real database, route
// handlers and worker: editing by the registration rule, deleting (no fan-out, nothing sent, pending
// deliveries failed, no replay, gone from the lists, deliveries still readable), the endpoint page's
// figures from known attempts, and a test event of every kind shaped like the real record and left
// out of the API's event list.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { prisma, transaction } from "@/lib/db/client";
import { createConsoleApplication } from "@/lib/console/create-console-application";
import { deleteEndpoint } from "@/lib/console/delete-endpoint";
import { deliveryDetail } from "@/lib/console/delivery-detail";
import { endpointDetail } from "@/lib/console/endpoint-detail";
import {} from "@/lib/console/errors";
import { listConsoleDeliveries } from "@/lib/console/list-console-deliveries";
import { listEndpoints } from "@/lib/console/list-endpoints";
import { registerEndpoint } from "@/lib/console/register-endpoint";
import { replayConsoleDelivery } from "@/lib/console/replay-console-delivery";
import { sendTestEvent } from "@/lib/console/send-test-event";
import { signUp } from "@/lib/console/sign-up";
import { updateEndpoint } from "@/lib/console/update-endpoint";
import { EVENT_TYPES, type EventType } from "@/lib/events/record-event";
import { newId } from "@/lib/ids";
import { authorizationSchema } from "@/lib/schemas/authorization";
import { cardSchema } from "@/lib/schemas/card";
import { EVENT_CATALOG } from "@/lib/schemas/event-catalog";
import { walletSchema } from "@/lib/schemas/wallet";
import { isValidAccountNumber } from "@/lib/wallets/account-number";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { endpointFlag } from "@/lib/webhooks/enqueue";
import { removeEndpointJobs } from "@/lib/webhooks/resume-deliveries";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { createDeliveryByHand } from "../helpers/event-backlog";
import { createKey } from "../helpers/fixtures";
import { waitUntilBlocked } from "../helpers/lock-wait";
import { testClient } from "../helpers/route-fetch";
import { startTestWorker } from "../helpers/test-worker";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

async function merchant() {
  const user = await signUp(prisma(), {
    email: `endpoints-${randomBytes(5).toString("hex")}@example.test`,
    password: "a long enough password",
  });
  const context = { merchantId: user.id, ipAddress: "198.51.100.20" };
  const app = await createConsoleApplication(prisma(), context, { name: "Endpoints" });
  return { context, appId: app.id };
}

const auditLines = (applicationId: string, action: string) =>
  prisma().auditLog.findMany({ where: { applicationId, action }, orderBy: { createdAt: "asc" } });

describe("editing an endpoint", () => {
  it("changes its URL and events by the registration rule, and records before and after", async () => {
    const { context, appId } = await merchant();
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: "http://localhost:4000/hooks",
      events: [],
      enabled: true,
    });

    // A private address and an unknown kind are refused next to their fields; nothing changes.
    const privateUrl = updateEndpoint(prisma(), context, appId, id, { url: "http://10.0.0.7/hooks", events: [] });
    await expect(privateUrl).rejects.toMatchObject({ code: "field" });
    await expect(privateUrl).rejects.toMatchObject({ field: "url", message: expect.stringContaining("private") });
    await expect(
      updateEndpoint(prisma(), context, appId, id, { url: "http://localhost:4000/hooks", events: ["card.melted"] }),
    ).rejects.toMatchObject({ field: "events" });
    expect(await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id } })).toMatchObject({
      url: "http://localhost:4000/hooks",
      events: [],
    });

    const updated = await transaction((tx) =>
      updateEndpoint(tx, context, appId, id, {
        url: " http://127.0.0.1:4001/new-hooks ",
        events: ["card.issued", "card.captured"],
      }),
    );
    expect(updated).toEqual({ id, url: "http://127.0.0.1:4001/new-hooks", events: ["card.issued", "card.captured"] });
    const [line] = await auditLines(appId, "webhook_endpoint.updated");
    expect(line?.detail).toEqual({
      endpointId: id,
      livemode: false,
      before: { url: "http://localhost:4000/hooks", events: [], description: null, metadata: {}, maxPerSecond: null },
      after: {
        url: "http://127.0.0.1:4001/new-hooks",
        events: ["card.issued", "card.captured"],
        description: null,
        metadata: {},
        maxPerSecond: null,
      },
    });
  });

  it("holds a live endpoint to a public https URL", async () => {
    const { context, appId } = await merchant();
    const live = await addWebhookEndpoint(prisma(), {
      applicationId: appId,
      url: "https://93.184.216.34/hooks",
      livemode: true,
    });
    await expect(
      updateEndpoint(prisma(), context, appId, live.id, { url: "http://93.184.216.34/hooks", events: [] }),
    ).rejects.toMatchObject({ field: "url", message: "Live-mode webhook URLs must use https." });
    await expect(
      updateEndpoint(prisma(), context, appId, live.id, { url: "https://127.0.0.1/hooks", events: [] }),
    ).rejects.toMatchObject({ field: "url", message: expect.stringContaining("loopback") });
    const saved = await updateEndpoint(prisma(), context, appId, live.id, {
      url: "https://93.184.216.35/v2/hooks",
      events: ["wallet.provisioned"],
    });
    expect(saved.url).toBe("https://93.184.216.35/v2/hooks");
  });

  it("is refused for another merchant's endpoint as if it did not exist", async () => {
    const owner = await merchant();
    const other = await merchant();
    const { id } = await registerEndpoint(prisma(), owner.context, owner.appId, {
      url: "http://localhost:4000/hooks",
      events: [],
      enabled: true,
    });
    const edit = { url: "http://localhost:4999/stolen", events: [] };
    await expect(updateEndpoint(prisma(), other.context, owner.appId, id, edit)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(updateEndpoint(prisma(), other.context, other.appId, id, edit)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(transaction((tx) => deleteEndpoint(tx, other.context, other.appId, id))).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(endpointDetail(prisma(), other.context.merchantId, other.appId, id)).rejects.toMatchObject({
      code: "not_found",
    });
    expect((await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id } })).deletedAt).toBeNull();
  });
});

describe("deleting an endpoint", () => {
  let worker: WebhookWorker;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    // Answers 200 to the first request, then 500: the second event's delivery stays pending, retrying.
    receiver = await startReceiver((_request, index) => (index === 0 ? { status: 200 } : { status: 500 }));
    worker = await startTestWorker();
  });
  afterAll(async () => {
    await worker.stop();
    await receiver.close();
  });

  it("stops fan-out and sending, fails what was pending, refuses replays and keeps deliveries readable", async () => {
    const { context, appId } = await merchant();
    const { secret: key } = await createKey(appId);
    const { id } = await registerEndpoint(prisma(), context, appId, { url: receiver.url, events: [], enabled: true });
    const createWallet = (n: number) =>
      testClient(key).POST("/api/public/sdk/v1/wallets", {
        body: { externalUserId: `del_${n}_${randomBytes(4).toString("hex")}`, currency: "USD", email: "d@example.com" },
      });

    expect((await createWallet(1)).response.status).toBe(201);
    await receiver.waitFor(1);
    expect((await createWallet(2)).response.status).toBe(201);
    // The second delivery has failed at least once and waits for its next retry.
    const pending = await waitUntil(async () => {
      const rows = await prisma().webhookDelivery.findMany({
        where: { endpointId: id, status: "pending", attemptCount: { gte: 1 } },
      });
      return rows[0];
    });

    const { failedDeliveries } = await transaction((tx) => deleteEndpoint(tx, context, appId, id));
    expect(failedDeliveries).toBe(1);
    const sentBefore = receiver.received.length;

    // Pending: ended as failed, its queued retry gone; nothing more is sent.
    const after = await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } });
    expect(after).toMatchObject({ status: "failed", nextAttemptAt: null });
    // A retry already running when the endpoint was deleted is not removed; it ends without
    // queueing another (deliver.ts), so the endpoint's jobs run out and the delivery stays failed.
    await waitUntil(async () => {
      const [queued] = await prisma().$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM graphile_worker.jobs WHERE "flags" ? ${endpointFlag(id)}`;
      return Number(queued?.n) === 0;
    }, 10_000);
    expect(await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: "failed",
      nextAttemptAt: null,
    });

    // A replay job that was already running finds the endpoint deleted and sends nothing.
    expect(await deliver(pending.id, "replay")).toEqual({ kind: "skipped", reason: "endpoint_deleted" });

    // No new delivery for a new event.
    expect((await createWallet(3)).response.status).toBe(201);
    await sleep(1_000);
    expect(receiver.received.length).toBe(sentBefore);
    expect(await prisma().webhookDelivery.count({ where: { endpointId: id } })).toBe(2);

    // Replays are refused with the reason.
    await expect(replayConsoleDelivery(context, appId, pending.id)).rejects.toMatchObject({ code: "refused" });
    await expect(replayConsoleDelivery(context, appId, pending.id)).rejects.toThrow(/deleted/);
    const apiReplay = await testClient(key).POST("/api/public/sdk/v1/webhooks/deliveries/{id}/replay", {
      params: { path: { id: pending.id } },
    });
    expect(apiReplay.response.status).toBe(409);
    expect(apiReplay.error?.error.message).toContain("deleted");

    // Gone from the console's and the API's endpoint lists; the API answers endpoint_not_found.
    expect((await listEndpoints(prisma(), context.merchantId, appId)).map((e) => e.id)).not.toContain(id);
    const listed = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints", { params: { query: {} } });
    expect(listed.data?.data.map((e) => e.id)).not.toContain(id);
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
    });
    expect(read.response.status).toBe(404);
    expect(read.error?.error.code).toBe("endpoint_not_found");
    await expect(endpointDetail(prisma(), context.merchantId, appId, id)).rejects.toMatchObject({ code: "not_found" });

    // Its deliveries stay readable, marked as to a deleted endpoint.
    const page = await listConsoleDeliveries(prisma(), context.merchantId, appId, {});
    expect(page.rows).toHaveLength(2);
    expect(page.rows.every((d) => d.endpointDeletedAt instanceof Date)).toBe(true);
    const detail = await deliveryDetail(prisma(), context.merchantId, appId, pending.id);
    expect(detail.status).toBe("failed");
    expect(detail.endpointDeletedAt).toBeInstanceOf(Date);
    expect(detail.attempts.length).toBeGreaterThanOrEqual(1);
    expect(detail.attempts[0]?.statusCode).toBe(500);

    const [line] = await auditLines(appId, "webhook_endpoint.deleted");
    expect(line?.detail).toMatchObject({ endpointId: id, url: receiver.url, pendingDeliveriesFailed: 1 });
    // Deleting twice finds nothing to delete.
    await expect(transaction((tx) => deleteEndpoint(tx, context, appId, id))).rejects.toMatchObject({
      code: "not_found",
    });
  });
});

describe("deleting an endpoint while a send to it is under way", () => {
  it("ends the delivery failed when the send fails after the deletion, with no retry queued", async () => {
    const slow = await startReceiver(() => ({ status: 500, delayMs: 1_500 }));
    try {
      const { context, appId } = await merchant();
      const { secret: key } = await createKey(appId);
      const { id } = await registerEndpoint(prisma(), context, appId, { url: slow.url, events: [], enabled: true });
      const created = await testClient(key).POST("/api/public/sdk/v1/wallets", {
        body: { externalUserId: `race_${randomBytes(4).toString("hex")}`, currency: "USD", email: "r@example.com" },
      });
      expect(created.response.status).toBe(201);
      const delivery = await prisma().webhookDelivery.findFirstOrThrow({ where: { endpointId: id } });
      // This test sends itself: no worker (of this or another file) may take the queued first try.
      await transaction((tx) => removeEndpointJobs(tx, id));

      const sending = deliver(delivery.id, "retry");
      await slow.waitFor(1);
      const { failedDeliveries } = await transaction((tx) => deleteEndpoint(tx, context, appId, id));
      expect(failedDeliveries).toBe(1);

      expect(await sending).toMatchObject({ kind: "sent", status: "failed" });
      expect(await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
        status: "failed",
        nextAttemptAt: null,
        attemptCount: 1,
      });
      const [queued] = await prisma().$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM graphile_worker.jobs WHERE "flags" ? ${endpointFlag(id)}`;
      expect(Number(queued?.n)).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

/** A new merchant's endpoint with one delivery, for tests that write its attempts by hand. */
async function endpointWithDelivery(status: "pending" | "failed") {
  const { context, appId } = await merchant();
  const { id: endpointId } = await registerEndpoint(prisma(), context, appId, {
    url: "http://127.0.0.1:9/hooks",
    events: [],
    enabled: true,
  });
  const delivery = await createDeliveryByHand(appId, endpointId, "wal_endpoint_page", status);
  return { context, appId, endpointId, delivery };
}

describe("the endpoint page's figures", () => {
  it("counts attempts and the success rate, with p50 and p95 latency, over 24 hours and 7 days", async () => {
    const { context, appId, endpointId, delivery } = await endpointWithDelivery("failed");
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const attempts: { at: Date; latencyMs: number; statusCode: number | null; error?: string }[] = [
      { at: hoursAgo(1), latencyMs: 100, statusCode: 200 },
      { at: hoursAgo(2), latencyMs: 200, statusCode: 204 },
      { at: hoursAgo(3), latencyMs: 300, statusCode: 500 },
      { at: hoursAgo(4), latencyMs: 400, statusCode: null, error: "timed out after 400 ms" },
      { at: hoursAgo(72), latencyMs: 1000, statusCode: 200 },
      // Outside both windows.
      { at: hoursAgo(24 * 10), latencyMs: 9000, statusCode: 500 },
    ];
    for (const a of attempts) {
      await prisma().webhookAttempt.create({
        data: {
          id: newId("wha"),
          deliveryId: delivery.id,
          requestHeaders: {},
          requestBody: "{}",
          statusCode: a.statusCode,
          latencyMs: a.latencyMs,
          error: a.error ?? null,
          responseExcerpt: a.statusCode === 500 ? "upstream exploded" : null,
          createdAt: a.at,
        },
      });
    }

    const page = await endpointDetail(prisma(), context.merchantId, appId, endpointId);
    // percentile_cont interpolates: of 100, 200, 300, 400 the median is 250 and p95 is 300 + 0.85 * 100;
    // read from 5% latency buckets (lib/webhooks/latency-buckets.ts), each within 5% of that.
    const within5 = (exact: number) => expect.toSatisfy((got: number) => Math.abs(got - exact) <= 0.05 * exact);
    expect(page.stats).toEqual([
      {
        window: "24h",
        attempts: 4,
        succeeded: 2,
        successRate: 0.5,
        p50LatencyMs: within5(250),
        p95LatencyMs: within5(385),
      },
      // Of 100, 200, 300, 400, 1000: the median is 300 and p95 is 400 + 0.8 * 600.
      {
        window: "7d",
        attempts: 5,
        succeeded: 3,
        successRate: 0.6,
        p50LatencyMs: within5(300),
        p95LatencyMs: within5(880),
      },
    ]);
    // The latest failures, newest first, with what came back or why nothing did.
    expect(
      page.failures.map((f) => ({ statusCode: f.statusCode, error: f.error, excerpt: f.responseExcerpt })),
    ).toEqual([
      { statusCode: 500, error: null, excerpt: "upstream exploded" },
      { statusCode: null, error: "timed out after 400 ms", excerpt: null },
      { statusCode: 500, error: null, excerpt: "upstream exploded" },
    ]);
    expect(page.failures.every((f) => f.deliveryId === delivery.id)).toBe(true);
    expect(page.deliveries.map((d) => d.id)).toEqual([delivery.id]);
  });

  it("shows no rate or latency without attempts", async () => {
    const { context, appId } = await merchant();
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: "http://127.0.0.1:9/hooks",
      events: [],
      enabled: true,
    });
    const page = await endpointDetail(prisma(), context.merchantId, appId, id);
    expect(page.stats.map((s) => [s.window, s.attempts, s.successRate, s.p50LatencyMs, s.p95LatencyMs])).toEqual([
      ["24h", 0, null, null, null],
      ["7d", 0, null, null, null],
    ]);
  });
});

describe("the endpoint page's snapshot", () => {
  it("shows a failure that commits while the page is read either with its failing health or not at all", async () => {
    const { context, appId, endpointId, delivery } = await endpointWithDelivery("pending");

    // The engine's failure record (deliver.ts), held open under a lock on the attempts until the
    // page has read the endpoint and waits on the attempts: the failure commits between the two
    // reads, where CI once caught the page showing it under "Healthy".
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const failure = prisma().$transaction(
      async (tx) => {
        await tx.$executeRaw`LOCK TABLE "WebhookAttempt" IN ACCESS EXCLUSIVE MODE`;
        locked();
        await released;
        await tx.webhookEndpoint.update({
          where: { id: endpointId },
          data: {
            consecutiveFailures: 1,
            failingSince: new Date(),
            lastFailureAt: new Date(),
            lastFailureReason: "HTTP 500",
          },
        });
        await tx.webhookAttempt.create({
          data: {
            id: newId("wha"),
            deliveryId: delivery.id,
            requestHeaders: {},
            requestBody: "{}",
            statusCode: 500,
            latencyMs: 5,
          },
        });
      },
      { timeout: 15_000 },
    );
    await isLocked;
    const page = endpointDetail(prisma(), context.merchantId, appId, endpointId);
    try {
      // The page's read of the failures waits on the lock.
      await waitUntilBlocked('%"failedEndpointId" = $1%ORDER BY%');
    } finally {
      release();
    }
    await failure;
    const seen = await page;
    // Another test file's query waiting on the lock can end the wait early; the page is consistent
    // whichever side of the commit its snapshot fell.
    expect(seen.failures.length).toBe(seen.endpoint.consecutiveFailures);
    const after = await endpointDetail(prisma(), context.merchantId, appId, endpointId);
    expect({ failures: after.failures.length, failing: after.endpoint.consecutiveFailures }).toEqual({
      failures: 1,
      failing: 1,
    });
  });
});

describe("test events", () => {
  /** The kind's data schema and example, from the catalog; the id's prefix is the example's. */
  function schemaOf(kind: EventType): { schema: z.ZodObject; example: object; prefix: string } {
    const { data, example } = EVENT_CATALOG[kind];
    return { schema: data, example: example.data, prefix: String(example.data.id).split("_")[0] ?? "" };
  }

  it("sends every kind shaped exactly like the real record, marked as a test, left out of the API's list", async () => {
    const { context, appId } = await merchant();
    const { secret: key } = await createKey(appId);
    const { id: endpointId } = await registerEndpoint(prisma(), context, appId, {
      url: "http://127.0.0.1:9/hooks",
      events: [],
      enabled: true,
    });
    const sent: { kind: EventType; data: unknown; eventId: string; deliveryId: string }[] = [];
    for (const kind of EVENT_TYPES) {
      const result = await sendTestEvent(context, appId, endpointId, kind);
      expect(result.type).toBe(kind);
      const event = await prisma().event.findUniqueOrThrow({ where: { id: result.eventId } });
      expect(event).toMatchObject({ type: kind, isTest: true, livemode: false, walletId: null });
      const { schema, example, prefix } = schemaOf(kind);
      const data = schema.strict().parse(event.data);
      // Exactly the real record's fields, none missing, none extra.
      expect(Object.keys(data).sort()).toEqual(Object.keys(example).sort());
      expect(data.id).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]{24}$`));
      if ("walletId" in data) expect(data.walletId).toMatch(/^wal_[0-9A-Za-z]{24}$/);
      if ("cardId" in data) expect(data.cardId).toMatch(/^card_[0-9A-Za-z]{24}$/);
      sent.push({ kind, data, eventId: result.eventId, deliveryId: result.deliveryId });
    }
    const wallet = walletSchema.parse(sent[0]?.data);
    expect(isValidAccountNumber(wallet.accountNumber)).toBe(true);
    expect(wallet.name).toMatch(/^\S+ \S+$/);
    const sentAs = (kind: EventType) => sent.find((s) => s.kind === kind)?.data;
    const [authorized, captured, refunded] = (["card.authorized", "card.captured", "card.refunded"] as const).map(
      (kind) => authorizationSchema.parse(sentAs(kind)),
    );
    expect(authorizationSchema.parse(sentAs("card.declined"))).toMatchObject({
      status: "declined",
      declineCode: "insufficient_funds",
    });
    expect(cardSchema.parse(sentAs("card.frozen")).status).toBe("frozen");
    expect(cardSchema.parse(sentAs("card.canceled")).status).toBe("canceled");
    expect(walletSchema.parse(sentAs("wallet.frozen")).status).toBe("frozen");
    expect(walletSchema.parse(sentAs("wallet.closed")).status).toBe("closed");
    expect(authorizationSchema.parse(sentAs("card.expired"))).toMatchObject({ status: "expired", capturedAmount: 0 });
    expect(sentAs("webhook_secret.rotated")).toMatchObject({ object: "webhook_signing_secret", mode: "test" });
    expect(JSON.stringify(sentAs("webhook_secret.rotated"))).not.toMatch(/whsec_/);
    expect(authorized).toMatchObject({ status: "pending", capturedAmount: 0, refundedAmount: 0 });
    expect(authorized!.amount).toBeGreaterThan(0);
    expect(captured).toMatchObject({ status: "closed", refundedAmount: 0 });
    expect(captured!.capturedAmount).toBeGreaterThan(0);
    expect(captured!.capturedAmount).toBeLessThanOrEqual(captured!.amount);
    expect(refunded!.refundedAmount).toBeGreaterThan(0);
    expect(refunded!.refundedAmount).toBeLessThanOrEqual(refunded!.capturedAmount);

    // One delivery each, to that endpoint, marked as a test in the console.
    const page = await listConsoleDeliveries(prisma(), context.merchantId, appId, {});
    expect(page.rows.map((d) => d.id).sort()).toEqual(sent.map((s) => s.deliveryId).sort());
    expect(page.rows.every((d) => d.isTest)).toBe(true);

    // The API's event list leaves them out; each is still found by its id.
    const listed = await testClient(key).GET("/api/public/sdk/v1/events", { params: { query: {} } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.data).toEqual([]);
    const one = await testClient(key).GET("/api/public/sdk/v1/events/{id}", {
      params: { path: { id: sent[1]!.eventId } },
    });
    expect(one.data).toMatchObject({ id: sent[1]!.eventId, type: "card.issued" });
    // A real event is listed.
    const created = await testClient(key).POST("/api/public/sdk/v1/wallets", {
      body: { externalUserId: `real_${randomBytes(4).toString("hex")}`, currency: "USD", email: "r@example.com" },
    });
    expect(created.response.status).toBe(201);
    const after = await testClient(key).GET("/api/public/sdk/v1/events", { params: { query: {} } });
    expect(after.data?.data.map((e) => e.type)).toEqual(["wallet.provisioned"]);
  });

  it("offers only the kinds the endpoint subscribes to", async () => {
    const { context, appId } = await merchant();
    const { id } = await registerEndpoint(prisma(), context, appId, {
      url: "http://127.0.0.1:9/hooks",
      events: ["card.captured"],
      enabled: true,
    });
    await expect(sendTestEvent(context, appId, id, "wallet.provisioned")).rejects.toThrow(/does not subscribe/);
    expect((await sendTestEvent(context, appId, id)).type).toBe("card.captured");
  });
});
