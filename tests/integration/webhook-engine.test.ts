// The delivery engine under the faults it exists for, with real workers and real local receivers:
// fairness: one merchant's hanging endpoint costs another merchant nothing, nor does a throttled
// endpoint's backlog cost a fast endpoint beside it anything (issue 38), a failing endpoint is backed off
// to one probe at a time and recovers, three days of failures disable it (with the clock moved on),
// re-enabling resumes its deliveries, and a worker killed mid-send loses nothing while another runs.
import { once } from "node:events";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint, enableWebhookEndpoint } from "@/lib/webhooks/endpoints";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { api } from "../helpers/card-money";
import { createDeliveryByHand, queueEventBacklog } from "../helpers/event-backlog";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { waitUntilBlocked } from "../helpers/lock-wait";
import { startTestWorker } from "../helpers/test-worker";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type Reply, type WebhookReceiver } from "../helpers/webhook-receiver";
import { workerProcesses } from "../helpers/worker-process";

const receivers: WebhookReceiver[] = [];
const workers: WebhookWorker[] = [];
const endpointsToStop: string[] = [];

async function receiver(reply: (index: number) => Reply) {
  const r = await startReceiver((_request, index) => reply(index));
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  workers.push(await startTestWorker());
});

afterAll(async () => {
  // A backlog left behind would keep other files' workers busy with it.
  await prisma().webhookEndpoint.updateMany({ where: { id: { in: endpointsToStop } }, data: { enabled: false } });
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(receivers.map((r) => r.close()));
});

async function endpointFor(applicationId: string, url: string) {
  const endpoint = await addWebhookEndpoint(prisma(), { applicationId, url, livemode: false });
  endpointsToStop.push(endpoint.id);
  return endpoint;
}

describe("isolation between endpoints", () => {
  it("delivers another merchant's event in under a second while one endpoint hangs with 300 queued", async () => {
    const stuck = await setupApp();
    const hanging = await receiver(() => "hang");
    await endpointFor(stuck.appId, hanging.url);
    await queueEventBacklog(stuck.appId, 300);
    // The hanging endpoint's sends are out and holding their slots.
    await hanging.waitFor(2);

    const healthy = await setupApp();
    const hooks = await receiver(() => ({ status: 200 }));
    await endpointFor(healthy.appId, hooks.url);
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await api.createWallet(healthy.key, {
        externalUserId: uniqueUserId(),
        currency: "USD",
        email: "ada@example.com",
      });
      expect(res.response.status).toBe(201);
      const committedAt = Date.now();
      const [request] = (await hooks.waitFor(i + 1, 5_000)).slice(i);
      delays.push(request!.receivedAt - committedAt);
    }
    expect(Math.max(...delays), `commit-to-receipt delays (ms): ${delays.join(", ")}`).toBeLessThan(1_000);
    console.log(`isolation: commit-to-receipt ${delays.join(", ")} ms with the hanging backlog queued`);
    // The backlog waits in its lane: a few sends out per worker, not 300.
    expect(hanging.received.length).toBeLessThan(20);
  }, 60_000);
});

describe("the per-endpoint throttle", () => {
  it("keeps a throttled endpoint at its rate across two workers while another endpoint's events arrive at once", async () => {
    // A second worker: the throttle is shared by every worker process, not kept per worker.
    workers.push(await startTestWorker());
    const slow = await setupApp();
    const throttledHooks = await receiver(() => ({ status: 200 }));
    const throttled = await endpointFor(slow.appId, throttledHooks.url);
    const perSecond = 5;
    await prisma().webhookEndpoint.update({ where: { id: throttled.id }, data: { maxPerSecond: perSecond } });
    await queueEventBacklog(slow.appId, 30);
    await throttledHooks.waitFor(3);

    const fast = await setupApp();
    const hooks = await receiver(() => ({ status: 200 }));
    await endpointFor(fast.appId, hooks.url);
    const delays: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await api.createWallet(fast.key, {
        externalUserId: uniqueUserId(),
        currency: "USD",
        email: "ada@example.com",
      });
      expect(res.response.status).toBe(201);
      const committedAt = Date.now();
      const [request] = (await hooks.waitFor(i + 1, 5_000)).slice(i);
      delays.push(request!.receivedAt - committedAt);
    }
    expect(Math.max(...delays), `commit-to-receipt delays (ms): ${delays.join(", ")}`).toBeLessThan(1_000);

    const all = await throttledHooks.waitFor(30, 20_000);
    const times = all.map((r) => r.receivedAt).sort((a, b) => a - b);
    // In any one second, at most perSecond sends (and one more for a slot on the window's edge).
    for (const [i, start] of times.entries()) {
      const inSecond = times.slice(i).filter((t) => t < start + 1_000).length;
      expect(inSecond, `sends in the second after ${start - times[0]!} ms`).toBeLessThanOrEqual(perSecond + 1);
    }
    // And not much slower than the rate: 30 sends at 5 a second take about 6 s.
    expect(times.at(-1)! - times[0]!).toBeLessThan(10_000);
    await waitUntil(
      async () => (await prisma().webhookDelivery.count({ where: { endpointId: throttled.id, status: "succeeded" } })) === 30,
    );
  }, 60_000);
});

describe("endpoint health", () => {
  it("backs a failing endpoint off to one probe at a time, then recovers and delivers everything", async () => {
    const { appId } = await setupApp();
    let failing = true;
    const hooks = await receiver(() => (failing ? { status: 500, delayMs: 100 } : { status: 200 }));
    const endpoint = await endpointFor(appId, hooks.url);
    await queueEventBacklog(appId, 12);

    const opened = await waitUntil(async () => {
      const row = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      return row.backoffUntil !== null && row;
    });
    const openedAt = Date.now();
    expect(opened.consecutiveFailures).toBeGreaterThanOrEqual(5);
    expect(opened.failingSince).not.toBeNull();
    expect(opened.lastFailureReason).toBe("HTTP 500");

    await sleep(2_000);
    // Sends begun after the breaker opened never overlap: one probe at a time, across every worker.
    const probes = hooks.received.filter((r) => r.receivedAt > openedAt + 50);
    expect(probes.length).toBeGreaterThan(0);
    for (const [i, probe] of probes.entries()) {
      const next = probes[i + 1];
      if (next) expect(next.receivedAt).toBeGreaterThanOrEqual(probe.answeredAt ?? Infinity);
    }
    // Far fewer sends than 12 deliveries retried on their own schedules would have made.
    expect(probes.length).toBeLessThan(12);

    failing = false;
    await waitUntil(async () => {
      const pending = await prisma().webhookDelivery.count({
        where: { endpointId: endpoint.id, status: { not: "succeeded" } },
      });
      return pending === 0;
    }, 30_000);
    const healed = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(healed).toMatchObject({ consecutiveFailures: 0, failingSince: null, backoffUntil: null, enabled: true });
    expect(healed.lastSuccessAt).not.toBeNull();
  }, 60_000);

  it("disables an endpoint failing for 3 days with no success, with its reason, and resumes on re-enable", async () => {
    const { appId } = await setupApp();
    let failing = true;
    const hooks = await receiver(() => (failing ? { status: 503 } : { status: 200 }));
    const endpoint = await endpointFor(appId, hooks.url);
    // The clock moved on: the streak began 3 days and a minute ago, and its back-off has run out.
    const failingSince = new Date(Date.now() - 3 * 24 * 3_600_000 - 60_000);
    await prisma().webhookEndpoint.update({
      where: { id: endpoint.id },
      data: {
        consecutiveFailures: 40,
        failingSince,
        lastFailureAt: new Date(Date.now() - 3_600_000),
        backoffUntil: new Date(Date.now() - 1_000),
      },
    });
    await queueEventBacklog(appId, 3);

    const disabled = await waitUntil(async () => {
      const row = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
      return !row.enabled && row;
    });
    expect(disabled.disabledAt).not.toBeNull();
    expect(disabled.disabledReason).toMatch(/Disabled automatically: every delivery failed for 3 days/);
    expect(disabled.disabledReason).toContain(failingSince.toISOString());
    expect(disabled.disabledReason).toContain("HTTP 503");
    const audit = await prisma().auditLog.findFirstOrThrow({
      where: { applicationId: appId, action: "webhook_endpoint.disabled_automatically" },
    });
    expect(audit.detail).toMatchObject({ endpointId: endpoint.id, url: endpoint.url });

    // Its deliveries wait, pending, with nothing scheduled; none failed for it.
    await waitUntil(async () => {
      const deliveries = await prisma().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      return deliveries.every((d) => d.status === "pending" && d.nextAttemptAt === null) && deliveries;
    });
    const sentWhileDisabled = hooks.received.length;
    await sleep(500);
    expect(hooks.received.length).toBe(sentWhileDisabled);

    failing = false;
    const { resumed } = await prisma().$transaction((tx) => enableWebhookEndpoint(tx, endpoint.id));
    expect(resumed).toBe(3);
    await waitUntil(async () => {
      const done = await prisma().webhookDelivery.count({ where: { endpointId: endpoint.id, status: "succeeded" } });
      return done === 3;
    });
  }, 60_000);
});

describe("a job run again", () => {
  it("sends nothing when its attempt is already recorded, and records one attempt", async () => {
    const { appId } = await setupApp();
    const hooks = await receiver(() => ({ status: 200 }));
    // Not through a worker: the delivery is made by hand, and deliver() is called as a job would.
    const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });
    const delivery = await createDeliveryByHand(appId, endpoint.id, "wal_rerun");
    const jobKey = `${delivery.id}:retry:1`;
    expect((await deliver(delivery.id, "retry", { jobKey })).kind).toBe("sent");
    expect(await deliver(delivery.id, "retry", { jobKey })).toEqual({ kind: "skipped", reason: "already_attempted" });
    expect(hooks.received).toHaveLength(1);
    expect(await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
  });
});

describe("workers that die", () => {
  const processes = workerProcesses({ WEBHOOK_RETRY_SCALE: "0.002", WEBHOOK_ENDPOINT_CONCURRENCY: "4" });
  afterAll(() => processes.killAll());

  it("loses no delivery when one of two worker processes is killed mid-send", async () => {
    // Only the two processes work this queue while the test runs (other files' workers may join; they only help).
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    const { appId } = await setupApp();
    // The first sends hang, so the killed worker is surely holding some of them.
    const hooks = await receiver((index) => (index < 6 ? "hang" : { status: 200 }));
    const endpoint = await endpointFor(appId, hooks.url);

    const first = processes.start();
    processes.start();
    await queueEventBacklog(appId, 20);
    await hooks.waitFor(6, 30_000);
    first.kill("SIGKILL");
    await once(first, "exit");

    const deliveries = await waitUntil(async () => {
      const rows = await prisma().webhookDelivery.findMany({ where: { endpointId: endpoint.id } });
      return rows.every((d) => d.status === "succeeded") && rows;
    }, 40_000);
    expect(deliveries).toHaveLength(20);
    const answered = new Set(
      hooks.received.filter((r) => r.answeredAt !== null).map((r) => String(r.headers["x-service-delivery-id"])),
    );
    expect(answered.size).toBe(20);
  }, 60_000);
});

describe("records of one endpoint at once", () => {
  it("records concurrent successes and failures of one endpoint without a deadlock", async () => {
    const { appId } = await setupApp();
    // Alternating answers: every success finds a failure streak to reset, so it writes the
    // endpoint's row while failures are being recorded for it.
    const hooks = await receiver((index) => ({ status: index % 2 === 0 ? 500 : 200 }));
    const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url: hooks.url, livemode: false });
    const deliveries = await Promise.all(
      Array.from({ length: 40 }, (_, i) => createDeliveryByHand(appId, endpoint.id, `wal_race_${i}`)),
    );
    for (let round = 0; round < 4; round += 1) {
      const outcomes = await Promise.allSettled(deliveries.map((d) => deliver(d.id, "replay")));
      // Joined, so a failure prints each error whole (an array's items are abbreviated).
      const errors = outcomes.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []));
      expect(errors.join("\n")).toBe("");
    }
    const attempts = await prisma().webhookAttempt.count({
      where: { deliveryId: { in: deliveries.map((d) => d.id) } },
    });
    expect(attempts).toBe(160);
  }, 60_000);

  it("lets a row that names the endpoint be written while a failure is recorded under the endpoint's lock", async () => {
    const { appId } = await setupApp();
    const hooks = await receiver(() => ({ status: 500 }));
    const endpoint = await endpointFor(appId, hooks.url);
    const delivery = await createDeliveryByHand(appId, endpoint.id, "wal_fk_lock");
    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const writer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([holder.connect(), writer.connect()]);
    try {
      // The delivery's row held: the failure record locks the endpoint, then stops at its attempt's
      // insert, whose foreign key check needs that row.
      await holder.query("BEGIN");
      await holder.query(`SELECT 1 FROM "WebhookDelivery" WHERE "id" = $1 FOR UPDATE`, [delivery.id]);
      const holderPid = (await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
      const recording = deliver(delivery.id, "replay");
      await waitUntilBlocked('%INSERT INTO "WebhookAttempt"%', holderPid);

      // A new latency slot row of the endpoint, as a concurrent success's trigger inserts it: its
      // foreign key check must not wait for the failure's transaction (under FOR UPDATE it did,
      // and the two deadlocked on the slot). Rolled back: it only has to get through.
      await writer.query("BEGIN");
      await writer.query("SET LOCAL lock_timeout = '3s'");
      const inserted = await writer.query(
        `INSERT INTO "WebhookLatencyHour" ("endpointId", "hour", "slot", "attempts", "succeeded", "latencyCounts")
         VALUES ($1, date_trunc('hour', now() AT TIME ZONE 'UTC'), 0, 0, 0,
           array_fill(0, ARRAY[cardinality(webhook_latency_bounds())]))
         ON CONFLICT DO NOTHING`,
        [endpoint.id],
      );
      await writer.query("ROLLBACK");
      expect(inserted.rowCount).toBe(1);

      await holder.query("COMMIT");
      const outcome = await recording;
      expect(outcome.kind).toBe("sent");
      expect(await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
    } finally {
      await holder.query("ROLLBACK").catch(() => undefined);
      await Promise.all([holder.end(), writer.end()]);
    }
  }, 40_000);
});
