// The per-delivery replay limit (decisions, 2026-11-24, "Replay window"): 5 replays of a delivery
// in any 60 minutes, counted in the database from that delivery's recorded replay requests, so it
// does not reset at a clock hour, holds under concurrent replays, and a failed replay costs nothing.
import { describe, expect, it, vi } from "vitest";
import { prisma, transaction } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { replayDelivery } from "@/lib/webhooks/replay-delivery";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { nextStreamSequence } from "../helpers/stream-sequence";

// How many of the next enqueues fail, as a queue that cannot take the job would.
const failingEnqueues = vi.hoisted(() => ({ remaining: 0 }));
vi.mock("@/lib/webhooks/enqueue", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/webhooks/enqueue")>();
  return {
    ...real,
    enqueueDelivery: async (...args: Parameters<typeof real.enqueueDelivery>) => {
      if (failingEnqueues.remaining > 0) {
        failingEnqueues.remaining--;
        throw new Error("the job queue refused the job");
      }
      return real.enqueueDelivery(...args);
    },
  };
});

// Nothing listens on the discard port, so a worker that picks up a queued replay fails fast and harmlessly.
const UNREACHABLE = "http://127.0.0.1:9/hooks";

/** A fresh application (so a fresh merchant user, whose per-minute limit is far away) with one delivery. */
async function appWithDelivery() {
  const app = await setupApp();
  return { app, deliveryId: await addDelivery(app.appId) };
}

async function addDelivery(applicationId: string): Promise<string> {
  const endpoint = await prisma().webhookEndpoint.create({
    data: { id: newId("we"), applicationId, livemode: false, url: UNREACHABLE, events: [], enabled: true },
  });
  const event = await prisma().event.create({
    data: {
      id: newId("evt"),
      applicationId,
      livemode: false,
      type: "card.issued",
      data: { id: "card_x" },
      sequence: nextStreamSequence(),
    },
  });
  const delivery = await prisma().webhookDelivery.create({
    data: {
      id: newId("whd"),
      applicationId,
      livemode: false,
      eventId: event.id,
      endpointId: endpoint.id,
      status: "failed",
      attemptCount: 1,
    },
  });
  return delivery.id;
}

const replay = (key: string, id: string) =>
  testClient(key).POST("/api/public/sdk/v1/webhooks/deliveries/{id}/replay", { params: { path: { id } } });

async function replayRequests(deliveryId: string) {
  return prisma().webhookReplayRequest.findMany({ where: { deliveryId }, orderBy: { createdAt: "asc" } });
}

/** Moves replay requests back in time by the database clock (stored as UTC wall-clock time). */
async function backdate(ids: string[], minutesAgo: number): Promise<void> {
  await prisma().$executeRaw`
    UPDATE "WebhookReplayRequest"
    SET "createdAt" = (now() AT TIME ZONE 'UTC') - ${`${minutesAgo} minutes`}::interval
    WHERE id = ANY(${ids}::text[])`;
}

async function replayTimes(key: string, id: string, times: number): Promise<number[]> {
  const statuses = [];
  for (let i = 0; i < times; i++) statuses.push((await replay(key, id)).response.status);
  return statuses;
}

describe("the replay limit per delivery: 5 in any 60 minutes", () => {
  it("accepts 5 replays and answers the 6th with 429 replay_limited and Retry-After until the oldest leaves", async () => {
    const { app, deliveryId } = await appWithDelivery();
    expect(await replayTimes(app.key, deliveryId, 5)).toEqual([202, 202, 202, 202, 202]);
    const sixth = await replay(app.key, deliveryId);
    expect(sixth.response.status).toBe(429);
    expect(sixth.error?.error.code).toBe("replay_limited");
    expect(sixth.error?.error.message).toContain("5 times per hour");
    const retryAfter = Number(sixth.response.headers.get("retry-after"));
    // The oldest of the five was recorded seconds ago, so it leaves the window in just under an hour.
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await replayRequests(deliveryId)).toHaveLength(5);
  });

  it("counts any 60 minutes: replays from 59 minutes ago still count, one from 61 minutes ago no longer does", async () => {
    const { app, deliveryId } = await appWithDelivery();
    expect(await replayTimes(app.key, deliveryId, 5)).toEqual([202, 202, 202, 202, 202]);
    const recorded = await replayRequests(deliveryId);
    // 59 minutes ago lies in the previous clock hour (or earlier in this one): no reset at the hour.
    await backdate(
      recorded.map((r) => r.id),
      59,
    );
    const refused = await replay(app.key, deliveryId);
    expect(refused.response.status).toBe(429);
    expect(refused.error?.error.code).toBe("replay_limited");
    const retryAfter = Number(refused.response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    await backdate([recorded[0]!.id], 61);
    expect((await replay(app.key, deliveryId)).response.status).toBe(202);
    // Now the four from 59 minutes ago and the new one fill the window again.
    const again = await replay(app.key, deliveryId);
    expect(again.response.status).toBe(429);
    expect(Number(again.response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await replayRequests(deliveryId)).toHaveLength(6);
  });

  it("lets exactly 5 of 10 concurrent replays of one delivery through", async () => {
    const { app, deliveryId } = await appWithDelivery();
    const answers = await Promise.all(Array.from({ length: 10 }, () => replay(app.key, deliveryId)));
    const statuses = answers.map((a) => a.response.status).sort();
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((a) => a.response.status === 429))
      expect(refused.error?.error.code).toBe("replay_limited");
    expect(await replayRequests(deliveryId)).toHaveLength(5);
  });

  it("records nothing for a replay that fails to queue, so the delivery still has its 5 replays", async () => {
    const { app, deliveryId } = await appWithDelivery();
    failingEnqueues.remaining = 1;
    const failed = await replay(app.key, deliveryId);
    expect(failed.response.status).toBe(500);
    expect(failingEnqueues.remaining).toBe(0);
    expect(await replayRequests(deliveryId)).toHaveLength(0);
    expect(await replayTimes(app.key, deliveryId, 6)).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("records nothing for a replay whose transaction rolls back after it", async () => {
    const { app, deliveryId } = await appWithDelivery();
    const tenant = { applicationId: app.appId, livemode: false };
    await expect(
      transaction(async (tx) => {
        await replayDelivery(tx, tenant, deliveryId);
        throw new Error("a later step of the same transaction failed");
      }),
    ).rejects.toThrow("a later step");
    expect(await replayRequests(deliveryId)).toHaveLength(0);
    expect(await replayTimes(app.key, deliveryId, 6)).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it("counts each delivery's replays apart", async () => {
    const { app, deliveryId: first } = await appWithDelivery();
    const second = await addDelivery(app.appId);
    expect(await replayTimes(app.key, first, 6)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await replayTimes(app.key, second, 6)).toEqual([202, 202, 202, 202, 202, 429]);
    expect(await replayRequests(first)).toHaveLength(5);
    expect(await replayRequests(second)).toHaveLength(5);
  });
});
