// The events and deliveries API: cursor pagination and filters, tenant isolation, and the replay
// route's limits (5 per hour per delivery, 20 per minute per merchant user, then 429 replay_limited).
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getEventRoute } from "@/app/api/public/sdk/v1/events/[id]/route";
import { GET as listEventsRoute } from "@/app/api/public/sdk/v1/events/route";
import { GET as getDeliveryRoute } from "@/app/api/public/sdk/v1/webhooks/deliveries/[id]/route";
import { POST as replayRoute } from "@/app/api/public/sdk/v1/webhooks/deliveries/[id]/replay/route";
import { GET as listDeliveriesRoute } from "@/app/api/public/sdk/v1/webhooks/deliveries/route";
import { createApplication } from "@/lib/applications/create-application";
import { prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "../helpers/call-route";
import { createKey, setupApp } from "../helpers/fixtures";

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
      data: { id: newId("evt"), applicationId: appId, livemode, type, data: { id: `res_${i}`, n: i }, createdAt },
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

/** Fixed windows start on the minute: wait for a fresh one, so a count does not straddle two. */
async function atStartOfMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
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
    const first = await callRoute(listEventsRoute, { path: "/api/public/sdk/v1/events?limit=3", key });
    expect(first.status).toBe(200);
    expect(first.json.object).toBe("list");
    expect(first.json.data.map((e: { id: string }) => e.id)).toEqual(
      seeded.events
        .slice(1)
        .reverse()
        .map((e) => e.id),
    );
    expect(first.json.has_more).toBe(true);
    expect(first.json.next_cursor).toBe(seeded.events[1]!.id);
    const second = await callRoute(listEventsRoute, {
      path: `/api/public/sdk/v1/events?limit=3&starting_after=${first.json.next_cursor}`,
      key,
    });
    expect(second.json.data.map((e: { id: string }) => e.id)).toEqual([seeded.events[0]!.id]);
    expect(second.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(second.json.data[0]).toMatchObject({
      object: "event",
      type: "wallet.provisioned",
      data: { id: "res_0", n: 0 },
      livemode: false,
    });
  });

  it("filters by kind and refuses an unknown kind", async () => {
    const res = await callRoute(listEventsRoute, { path: "/api/public/sdk/v1/events?type=card.issued", key });
    expect(res.json.data.map((e: { type: string }) => e.type)).toEqual(["card.issued", "card.issued"]);
    const bad = await callRoute(listEventsRoute, { path: "/api/public/sdk/v1/events?type=card.exploded", key });
    expect(bad.status).toBe(400);
    expect(bad.json.error.param).toBe("type");
  });

  it("reads one event, and not another application's nor the other mode's", async () => {
    const id = seeded.events[2]!.id;
    const own = await callRoute(getEventRoute, { path: `/api/public/sdk/v1/events/${id}`, key, params: { id } });
    expect(own.status).toBe(200);
    expect(own.json.id).toBe(id);
    const other = await setupApp();
    const foreign = await callRoute(getEventRoute, {
      path: `/api/public/sdk/v1/events/${id}`,
      key: other.key,
      params: { id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe("event_not_found");
    const { secret: liveKey } = await createKey(seeded.endpoint.applicationId, { mode: "live" });
    const live = await callRoute(listEventsRoute, { path: "/api/public/sdk/v1/events", key: liveKey });
    expect(live.json.data).toEqual([]);
  });

  it("refuses a starting_after that names no event or delivery of this application and mode", async () => {
    const foreign = (await seed((await setupApp()).appId)).events[0]!.id;
    for (const [route, path] of [
      [listEventsRoute, "/api/public/sdk/v1/events"],
      [listDeliveriesRoute, "/api/public/sdk/v1/webhooks/deliveries"],
    ] as const) {
      const res = await callRoute(route, { path: `${path}?starting_after=${foreign}`, key });
      expect(res.status, path).toBe(400);
      expect(res.json.error).toMatchObject({ code: "validation_failed", param: "starting_after" });
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
    const all = await callRoute(listDeliveriesRoute, { path: "/api/public/sdk/v1/webhooks/deliveries", key });
    expect(all.status).toBe(200);
    expect(all.json.data).toHaveLength(4);
    expect(all.json.data[0]).toMatchObject({
      object: "webhook_delivery",
      id: seeded.deliveries[3]!.id,
      url: UNREACHABLE,
      eventType: "wallet.provisioned",
    });
    expect(all.json.data[0].lastAttempt).toMatchObject({ object: "webhook_attempt", statusCode: 200 });

    const succeeded = await callRoute(listDeliveriesRoute, {
      path: "/api/public/sdk/v1/webhooks/deliveries?status=succeeded",
      key,
    });
    expect(succeeded.json.data.map((d: { id: string }) => d.id)).toEqual([
      seeded.deliveries[3]!.id,
      seeded.deliveries[0]!.id,
    ]);
    const cards = await callRoute(listDeliveriesRoute, {
      path: "/api/public/sdk/v1/webhooks/deliveries?type=card.issued&status=failed",
      key,
    });
    expect(cards.json.data.map((d: { id: string }) => d.id)).toEqual([seeded.deliveries[1]!.id]);
    const byEvent = await callRoute(listDeliveriesRoute, {
      path: `/api/public/sdk/v1/webhooks/deliveries?event=${seeded.events[2]!.id}`,
      key,
    });
    expect(byEvent.json.data.map((d: { id: string }) => d.id)).toEqual([seeded.deliveries[2]!.id]);
    const byEndpoint = await callRoute(listDeliveriesRoute, {
      path: `/api/public/sdk/v1/webhooks/deliveries?endpoint=${seeded.endpoint.id}&limit=1`,
      key,
    });
    expect(byEndpoint.json).toMatchObject({ has_more: true, next_cursor: seeded.deliveries[3]!.id });
  });

  it("shows one delivery with every attempt, oldest first", async () => {
    const id = seeded.deliveries[1]!.id;
    const res = await callRoute(getDeliveryRoute, {
      path: `/api/public/sdk/v1/webhooks/deliveries/${id}`,
      key,
      params: { id },
    });
    expect(res.status).toBe(200);
    expect(res.json.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    expect(res.json.attempts[0]).toMatchObject({ trigger: "retry", latencyMs: 12, requestBody: "{}" });
    const other = await setupApp();
    const foreign = await callRoute(getDeliveryRoute, {
      path: `/api/public/sdk/v1/webhooks/deliveries/${id}`,
      key: other.key,
      params: { id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.json.error.code).toBe("delivery_not_found");
  });
});

describe("POST /webhooks/deliveries/{id}/replay", () => {
  const replay = (key: string, id: string, headers?: Record<string, string>) =>
    callRoute(replayRoute, {
      method: "POST",
      path: `/api/public/sdk/v1/webhooks/deliveries/${id}/replay`,
      key,
      params: { id },
      headers,
    });

  it("queues a replay (202) and answers 429 replay_limited at the 6th replay of one delivery", async () => {
    await atStartOfMinute();
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const id = deliveries[0]!.id;
    for (let i = 0; i < 5; i++) {
      const ok = await replay(app.key, id);
      expect(ok.status).toBe(202);
      expect(ok.json).toMatchObject({ object: "webhook_delivery", id, idempotent_replay: false });
    }
    const sixth = await replay(app.key, id);
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.code).toBe("replay_limited");
    const retryAfter = Number(sixth.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // Another delivery of the same user is still free.
    expect((await replay(app.key, deliveries[1]!.id)).status).toBe(202);
  });

  it("answers 429 replay_limited at the 21st replay in a minute by one merchant user", async () => {
    await atStartOfMinute();
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
      expect(res.status).toBe(202);
    }
    // A delivery not replayed yet: only the user's limit can refuse it.
    const twentyFirst = await replay(app.key, targets[1]!.id);
    expect(twentyFirst.status).toBe(429);
    expect(twentyFirst.json.error.code).toBe("replay_limited");
    const retryAfter = Number(twentyFirst.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  }, 90_000);

  it("needs webhooks:write, and answers 404 for an unknown delivery", async () => {
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const { secret: readOnly } = await createKey(app.appId, { scopes: ["events:read"] });
    const refused = await replay(readOnly, deliveries[0]!.id);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("scope_missing");
    const missing = await replay(app.key, "whd_doesnotexist");
    expect(missing.status).toBe(404);
    expect(missing.json.error.code).toBe("delivery_not_found");
  });

  it("answers 409 endpoint_disabled for a delivery whose endpoint is disabled", async () => {
    const app = await setupApp();
    const { endpoint, deliveries } = await seed(app.appId);
    await prisma().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
    const refused = await replay(app.key, deliveries[0]!.id);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("endpoint_disabled");
  });

  it("does not count or queue again a replay retried with the same Idempotency-Key", async () => {
    const app = await setupApp();
    const { deliveries } = await seed(app.appId);
    const id = deliveries[0]!.id;
    const first = await replay(app.key, id, { "idempotency-key": "replay-once" });
    const again = await replay(app.key, id, { "idempotency-key": "replay-once" });
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.json.idempotent_replay).toBe(true);
    for (let i = 0; i < 4; i++) expect((await replay(app.key, id)).status).toBe(202);
    expect((await replay(app.key, id)).status).toBe(429);
  });
});
