// The events and deliveries API: cursor pagination and filters, tenant isolation, and the replay
// route's limits (5 per hour per delivery, 20 per minute per merchant user, then 429 replay_limited).
import { beforeAll, describe, expect, it } from "vitest";
import { createApplication } from "@/lib/applications/create-application";
import type { operations } from "@/lib/client/create-service-client";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { createKey, setupApp } from "../helpers/fixtures";
import { startWithinOneMinuteWindow } from "../helpers/minute-window";
import { testClient } from "../helpers/route-fetch";
import { nextStreamSequence } from "../helpers/stream-sequence";

// Nothing listens on the discard port, so deliveries a worker might pick up fail fast and harmlessly.
const UNREACHABLE = "http://127.0.0.1:9/hooks";

async function seed(appId: string, livemode = false) {
  const endpoint = await prisma().webhookEndpoint.create({
    data: { id: newId("we"), applicationId: appId, livemode, url: UNREACHABLE, events: [], enabled: true },
  });
  // Rows written directly (no queue jobs), so no worker changes them while the test reads them.
  const kinds = ["wallet.provisioned", "card.issued", "card.issued", "wallet.provisioned"] as const;
  const statuses = ["succeeded", "failed", "pending", "succeeded"] as const;
  const events = [];
  const deliveries = [];
  for (const [i, type] of kinds.entries()) {
    const createdAt = new Date(Date.now() - (kinds.length - i) * 1000);
    const event = await prisma().event.create({
      data: {
        id: newId("evt"),
        applicationId: appId,
        livemode,
        type,
        data: { id: `res_${i}`, n: i },
        sequence: nextStreamSequence(),
        createdAt,
      },
    });
    const delivery = await prisma().webhookDelivery.create({
      data: {
        id: newId("whd"),
        applicationId: appId,
        livemode,
        eventId: event.id,
        endpointId: endpoint.id,
        status: statuses[i],
        createdAt,
        attemptCount: 2,
      },
    });
    for (const statusCode of [500, 200]) {
      await prisma().webhookAttempt.create({
        data: {
          id: newId("wha"),
          deliveryId: delivery.id,
          requestHeaders: { "x-service-event-id": event.id },
          requestBody: "{}",
          statusCode,
          latencyMs: 12,
        },
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    events.push(event);
    deliveries.push(delivery);
  }
  return { endpoint, events, deliveries };
}

describe("GET /events", () => {
  let key: string;
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    const app = await setupApp();
    key = app.key;
    seeded = await seed(app.appId);
  });

  it("pages newest first with a cursor", async () => {
    const first = await testClient(key).GET("/api/public/sdk/v1/events", { params: { query: { limit: 3 } } });
    expect(first.response.status).toBe(200);
    expect(first.data?.object).toBe("list");
    expect(first.data?.data.map((e) => e.id)).toEqual(
      seeded.events
        .slice(1)
        .reverse()
        .map((e) => e.id),
    );
    expect(first.data?.has_more).toBe(true);
    expect(first.data?.next_cursor).toBe(seeded.events[1]!.id);
    const second = await testClient(key).GET("/api/public/sdk/v1/events", {
      params: { query: { limit: 3, starting_after: first.data!.next_cursor! } },
    });
    expect(second.data?.data.map((e) => e.id)).toEqual([seeded.events[0]!.id]);
    expect(second.data).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.data?.data[0]).toMatchObject({
      object: "event",
      type: "wallet.provisioned",
      data: { id: "res_0", n: 0 },
      livemode: false,
    });
  });

  it("filters by kind and refuses an unknown kind", async () => {
    const res = await testClient(key).GET("/api/public/sdk/v1/events", { params: { query: { type: "card.issued" } } });
    expect(res.data?.data.map((e) => e.type)).toEqual(["card.issued", "card.issued"]);
    const bad = await testClient(key).GET("/api/public/sdk/v1/events", {
      // @ts-expect-error -- the published types list the event kinds; the server must refuse others
      params: { query: { type: "card.exploded" } },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.param).toBe("type");
  });

  it("reads one event, and not another application's nor the other mode's", async () => {
    const id = seeded.events[2]!.id;
    const own = await testClient(key).GET("/api/public/sdk/v1/events/{id}", { params: { path: { id } } });
    expect(own.response.status).toBe(200);
    expect(own.data?.id).toBe(id);
    const other = await setupApp();
    const foreign = await testClient(other.key).GET("/api/public/sdk/v1/events/{id}", { params: { path: { id } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.error.code).toBe("event_not_found");
    const { secret: liveKey } = await createKey(seeded.endpoint.applicationId, { mode: "live" });
    const live = await testClient(liveKey).GET("/api/public/sdk/v1/events");
    expect(live.data?.data).toEqual([]);
  });

  it("refuses a starting_after that names no event or delivery of this application and mode", async () => {
    const foreign = (await seed((await setupApp()).appId)).events[0]!.id;
    const query = { starting_after: foreign };
    const answers = {
      "/api/public/sdk/v1/events": await testClient(key).GET("/api/public/sdk/v1/events", { params: { query } }),
      "/api/public/sdk/v1/webhooks/deliveries": await testClient(key).GET("/api/public/sdk/v1/webhooks/deliveries", {
        params: { query },
      }),
    };
    for (const [path, res] of Object.entries(answers)) {
      expect(res.response.status, path).toBe(400);
      expect(res.error?.error).toMatchObject({ code: "validation_failed", param: "starting_after" });
    }
  });
});

describe("GET /webhooks/deliveries", () => {
  let key: string;
  let seeded: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    const app = await setupApp();
    key = app.key;
    seeded = await seed(app.appId);
  });

  it("lists deliveries with their last attempt, filtered by status, kind, event and endpoint", async () => {
    const list = (query: operations["listWebhookDeliveries"]["parameters"]["query"] = {}) =>
      testClient(key).GET("/api/public/sdk/v1/webhooks/deliveries", { params: { query } });
    const all = await list();
    expect(all.response.status).toBe(200);
    expect(all.data?.data).toHaveLength(4);
    expect(all.data?.data[0]).toMatchObject({
      object: "webhook_delivery",
      id: seeded.deliveries[3]!.id,
      url: UNREACHABLE,
      eventType: "wallet.provisioned",
    });
    expect(all.data?.data[0]?.lastAttempt).toMatchObject({ object: "webhook_attempt", statusCode: 200 });

    const succeeded = await list({ status: "succeeded" });
    expect(succeeded.data?.data.map((d) => d.id)).toEqual([seeded.deliveries[3]!.id, seeded.deliveries[0]!.id]);
    const cards = await list({ type: "card.issued", status: "failed" });
    expect(cards.data?.data.map((d) => d.id)).toEqual([seeded.deliveries[1]!.id]);
    const byEvent = await list({ event: seeded.events[2]!.id });
    expect(byEvent.data?.data.map((d) => d.id)).toEqual([seeded.deliveries[2]!.id]);
    const byEndpoint = await list({ endpoint: seeded.endpoint.id, limit: 1 });
    expect(byEndpoint.data).toMatchObject({ has_more: true, next_cursor: seeded.deliveries[3]!.id });
  });

  it("shows one delivery with every attempt, oldest first", async () => {
    const id = seeded.deliveries[1]!.id;
    const read = (as: string) =>
      testClient(as).GET("/api/public/sdk/v1/webhooks/deliveries/{id}", { params: { path: { id } } });
    const res = await read(key);
    expect(res.response.status).toBe(200);
    expect(res.data?.attempts.map((a) => a.statusCode)).toEqual([500, 200]);
    expect(res.data?.attempts[0]).toMatchObject({ trigger: "retry", latencyMs: 12, requestBody: "{}" });
    const other = await setupApp();
    const foreign = await read(other.key);
    expect(foreign.response.status).toBe(404);
    expect(foreign.error?.error.code).toBe("delivery_not_found");
  });
});

describe("POST /webhooks/deliveries/{id}/replay", () => {
  const replay = (key: string, id: string, idempotencyKey?: string) =>
    testClient(key).POST("/api/public/sdk/v1/webhooks/deliveries/{id}/replay", {
      params: { path: { id }, ...(idempotencyKey ? { header: { "Idempotency-Key": idempotencyKey } } : {}) },
    });

  it("queues a replay (202) and answers 429 replay_limited at the 6th replay of one delivery", async () => {
    await startWithinOneMinuteWindow(20_000);
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const id = deliveries[0]!.id;
    for (let i = 0; i < 5; i++) {
      const ok = await replay(app.key, id);
      expect(ok.response.status).toBe(202);
      expect(ok.data).toMatchObject({ object: "webhook_delivery", id, idempotent_replay: false });
    }
    const sixth = await replay(app.key, id);
    expect(sixth.response.status).toBe(429);
    expect(sixth.error?.error.code).toBe("replay_limited");
    const retryAfter = Number(sixth.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another delivery of the same user is still free.
    expect((await replay(app.key, deliveries[1]!.id)).response.status).toBe(202);
  }, 60_000);

  it("answers 429 replay_limited at the 21st replay in a minute by one merchant user", async () => {
    await startWithinOneMinuteWindow(20_000);
    const app = await setupApp();
    // Two applications of the same merchant user share the user's limit.
    const { application: second } = await createApplication(prisma(), {
      merchantId: app.merchant.id,
      name: "Second app",
    });
    const { deliveries } = await seed(app.appId);
    const more = await seed(second.id);
    const targets = [...deliveries, ...more.deliveries];
    const keys = [app.key, (await createKey(second.id)).secret];
    for (let i = 0; i < 20; i++) {
      const res = await replay(keys[i % 2]!, targets[(i % 2) * 4 + (i % 4)]!.id);
      expect(res.response.status).toBe(202);
    }
    // A delivery not replayed yet: only the user's limit can refuse it.
    const twentyFirst = await replay(app.key, targets[1]!.id);
    expect(twentyFirst.response.status).toBe(429);
    expect(twentyFirst.error?.error.code).toBe("replay_limited");
    const retryAfter = Number(twentyFirst.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }, 90_000);

  it("needs webhooks:write, and answers 404 for an unknown delivery", async () => {
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const { secret: readOnly } = await createKey(app.appId, { scopes: ["events:read"] });
    const refused = await replay(readOnly, deliveries[0]!.id);
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe("scope_missing");
    const missing = await replay(app.key, "whd_doesnotexist");
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe("delivery_not_found");
  }, 60_000);

  it("answers 409 endpoint_disabled for a delivery whose endpoint is disabled", async () => {
    const app = await setupApp();
    const { endpoint, deliveries } = await seed(app.appId);
    await prisma().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    const refused = await replay(app.key, deliveries[0]!.id);
    expect(refused.response.status).toBe(409);
    expect(refused.error?.error.code).toBe("endpoint_disabled");
  });

  it("does not count or queue again a replay retried with the same Idempotency-Key", async () => {
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const id = deliveries[0]!.id;
    const first = await replay(app.key, id, "replay-once");
    const again = await replay(app.key, id, "replay-once");
    expect(first.response.status).toBe(202);
    expect(again.response.status).toBe(202);
    expect(again.data?.idempotent_replay).toBe(true);
    for (let i = 0; i < 4; i++) expect((await replay(app.key, id)).response.status).toBe(202);
    expect((await replay(app.key, id)).response.status).toBe(429);
  });
});
