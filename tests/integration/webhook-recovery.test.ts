// Recovery after an outage (issue 38, part 4), through the real route handlers, the real worker and
// a real local receiver that is taken down and brought back on its port: the events missed while it
// was down arrive once each, in order per wallet, each verified with the standardwebhooks package,
// with the recovery watchable (done, left) as it goes; one running recovery per endpoint, the
// retention window, cancel giving the deliveries back to their retries, and 410 Gone abandoning a
// delivery.
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import type { WebhookWorker } from "@/lib/webhooks/worker";
import { api } from "../helpers/card-money";
import { setupApp, uniqueUserId } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startTestWorker } from "../helpers/test-worker";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

type Arrival = { eventId: string; walletId: string | null; sequence: number; at: number; verified: boolean };

/** A receiver on one port that can die (listener closed, sockets cut) and come back on the same port. */
class DownableReceiver {
  readonly arrivals: Arrival[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly secret: string) {}

  get url() {
    return `http://127.0.0.1:${this.port}/hooks`;
  }

  async up(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
        let verified = true;
        try {
          new Webhook(this.secret).verify(body, headers);
        } catch {
          verified = false;
        }
        const envelope = JSON.parse(body) as { id: string; sequence: number; data: { id: string; walletId?: string } };
        const walletId = envelope.data.walletId ?? (envelope.data.id.startsWith("wal_") ? envelope.data.id : null);
        this.arrivals.push({ eventId: envelope.id, walletId, sequence: envelope.sequence, at: Date.now(), verified });
        res.writeHead(verified ? 200 : 401).end();
      });
    });
    server.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (!address || typeof address === "string") throw new Error("not listening on a TCP port");
    this.port = address.port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

let worker: WebhookWorker;
const toClose: { down?: () => Promise<void>; close?: () => Promise<void> }[] = [];

beforeAll(async () => {
  worker = await startTestWorker();
});

afterAll(async () => {
  await worker.stop();
  for (const r of toClose) {
    if (r.down) await r.down();
    else await r.close?.();
  }
});

async function makeEvents(key: string, wallets: number, cardsEach: number) {
  for (let w = 0; w < wallets; w += 1) {
    const externalUserId = uniqueUserId();
    expect((await api.createWallet(key, { externalUserId, currency: "USD", email: "ada@example.com" })).response.status).toBe(201);
    for (let c = 0; c < cardsEach; c += 1)
      expect((await api.issueCard(key, { externalUserId, kind: "virtual", currency: "USD" })).response.status).toBe(201);
  }
}

const recover = (key: string, id: string, body: { since?: string; all?: boolean }) =>
  testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}/recover", { params: { path: { id } }, body });
const watch = (key: string, id: string, recoveryId: string) =>
  testClient(key).GET("/api/public/sdk/v1/webhooks/endpoints/{id}/recoveries/{recoveryId}", {
    params: { path: { id, recoveryId } },
  });

describe("recovering after the receiver was down", () => {
  it("brings every missed event once, in order per wallet, as one recovery to watch", async () => {
    const { key, appId, webhookSecret } = await setupApp();
    const receiver = new DownableReceiver(webhookSecret);
    toClose.push(receiver);
    await receiver.up(0);
    const created = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", { body: { url: receiver.url } });
    const endpointId = created.data!.id;

    // Before the outage: delivered as usual.
    await makeEvents(key, 1, 1);
    await waitUntil(() => receiver.arrivals.length === 2);
    const outageStart = new Date();

    await receiver.down();
    await makeEvents(key, 3, 3);
    const missed = await prisma().event.findMany({
      where: { applicationId: appId, createdAt: { gte: outageStart } },
      select: { id: true },
    });
    expect(missed).toHaveLength(12);
    // Sends failed while the receiver was down, until the endpoint was backed off; the rest wait their turn.
    await waitUntil(async () => {
      const endpoint = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      return endpoint.backoffUntil !== null;
    });
    expect(await prisma().webhookDelivery.count({ where: { endpointId, status: "pending" } })).toBe(12);

    const started = await recover(key, endpointId, { since: outageStart.toISOString() });
    expect(started.response.status).toBe(202);
    expect(started.data).toMatchObject({ object: "webhook_recovery", status: "running", total: 12, left: 12, all: false });
    const recoveryId = started.data!.id;
    // The receiver is still down: the recovery waits on its first delivery, saying why.
    const waiting = await waitUntil(async () => {
      const res = await watch(key, endpointId, recoveryId);
      return res.data?.lastError ? res.data : null;
    });
    expect(waiting).toMatchObject({ status: "running", done: 0, left: 12 });
    // One running recovery per endpoint.
    const second = await recover(key, endpointId, {});
    expect(second.response.status).toBe(409);
    expect(second.error?.error).toMatchObject({ code: "recovery_in_progress" });

    const backAt = Date.now();
    await receiver.up();
    const done = await waitUntil(async () => {
      const res = await watch(key, endpointId, recoveryId);
      return res.data?.status === "completed" ? res.data : null;
    }, 30_000);
    expect(done).toMatchObject({ total: 12, done: 12, left: 0, sent: 12, skipped: 0, lastError: null });
    await sleep(500);

    const after = receiver.arrivals.filter((a) => a.at >= backAt);
    // Every missed event once, and nothing else (the two delivered before are not sent again).
    expect(after.map((a) => a.eventId).sort()).toEqual(missed.map((e) => e.id).sort());
    expect(after.every((a) => a.verified)).toBe(true);
    // In order per wallet.
    const byWallet = new Map<string, number[]>();
    for (const a of after) byWallet.set(a.walletId ?? "", [...(byWallet.get(a.walletId ?? "") ?? []), a.sequence]);
    expect(byWallet.size).toBe(3);
    for (const sequences of byWallet.values()) expect(sequences).toEqual([...sequences].sort((x, y) => x - y));
    expect(await prisma().webhookDelivery.count({ where: { endpointId, status: "succeeded" } })).toBe(14);
    expect(await prisma().webhookDelivery.count({ where: { endpointId, recoveryId: { not: null } } })).toBe(0);
    const [line] = await prisma().auditLog.findMany({ where: { applicationId: appId, action: "webhook_recovery.started" } });
    expect(line?.detail).toMatchObject({ endpointId, recoveryId, total: 12, via: "api" });
  }, 90_000);

  it("refuses a since before the retention window, and a disabled endpoint", async () => {
    const { key } = await setupApp();
    const created = await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", {
      body: { url: "https://8.8.8.8/hooks" },
    });
    const id = created.data!.id;
    const old = await recover(key, id, { since: new Date(Date.now() - 31 * 86_400_000).toISOString() });
    expect(old.response.status).toBe(400);
    expect(old.error?.error).toMatchObject({ code: "validation_failed", param: "since" });
    await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints/{id}", {
      params: { path: { id } },
      body: { enabled: false },
    });
    const disabled = await recover(key, id, {});
    expect(disabled.response.status).toBe(409);
    expect(disabled.error?.error).toMatchObject({ code: "endpoint_disabled" });
    expect((await watch(key, id, "whrc_nope")).response.status).toBe(404);
  });

  it("cancels: the deliveries not sent go back to their retries and arrive once the receiver is back", async () => {
    const { key, appId, webhookSecret } = await setupApp();
    const receiver = new DownableReceiver(webhookSecret);
    toClose.push(receiver);
    await receiver.up(0);
    const endpointId = (await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", { body: { url: receiver.url } })).data!.id;
    await receiver.down();
    await makeEvents(key, 2, 1);
    await waitUntil(async () => (await prisma().webhookDelivery.count({ where: { endpointId, attemptCount: { gt: 0 } } })) >= 2);
    const started = await recover(key, endpointId, { all: true });
    expect(started.data?.total).toBe(4);
    const recoveryId = started.data!.id;
    const canceled = await testClient(key).POST(
      "/api/public/sdk/v1/webhooks/endpoints/{id}/recoveries/{recoveryId}/cancel",
      { params: { path: { id: endpointId, recoveryId } } },
    );
    expect(canceled.data).toMatchObject({ status: "canceled", left: 4 });
    expect(canceled.data?.cancelReason).toMatch(/^Canceled by API key/);
    expect(await prisma().webhookDelivery.count({ where: { endpointId, recoveryId: { not: null } } })).toBe(0);
    await receiver.up();
    await waitUntil(
      async () => (await prisma().webhookDelivery.count({ where: { endpointId, status: "succeeded" } })) === 4,
      30_000,
    ).catch(async (error: unknown) => {
      const deliveries = await prisma().webhookDelivery.findMany({
        where: { endpointId },
        select: { id: true, status: true, nextAttemptAt: true, recoveryId: true, attempts: { select: { trigger: true, jobKey: true, error: true } } },
      });
      const jobs = await prisma().$queryRaw`SELECT key, run_at, locked_by, attempts FROM graphile_worker.jobs WHERE flags ? ${`endpoint:${endpointId}`}`;
      throw new Error(`${String(error)}: ${JSON.stringify({ deliveries, jobs })}`);
    });
    expect(new Set(receiver.arrivals.map((a) => a.eventId)).size).toBe(4);
    expect((await prisma().auditLog.count({ where: { applicationId: appId, action: "webhook_recovery.canceled" } }))).toBe(1);
  }, 60_000);
});

describe("410 Gone", () => {
  it("abandons the delivery with its reason, and tries it no more", async () => {
    const { key } = await setupApp();
    const gone: WebhookReceiver = await startReceiver(() => ({ status: 410 }));
    toClose.push(gone);
    const endpointId = (await testClient(key).POST("/api/public/sdk/v1/webhooks/endpoints", { body: { url: gone.url } })).data!.id;
    await makeEvents(key, 1, 0);
    const abandoned = await waitUntil(async () => {
      const delivery = await prisma().webhookDelivery.findFirst({ where: { endpointId } });
      return delivery?.status === "abandoned" ? delivery : null;
    });
    expect(abandoned).toMatchObject({ abandonReason: "The receiver answered 410 Gone", attemptCount: 1, nextAttemptAt: null });
    await sleep(1_000);
    expect(gone.received).toHaveLength(1);
    const read = await testClient(key).GET("/api/public/sdk/v1/webhooks/deliveries/{id}", { params: { path: { id: abandoned.id } } });
    expect(read.data).toMatchObject({ status: "abandoned", abandonReason: "The receiver answered 410 Gone" });
    // The endpoint is not failing for it.
    const endpoint = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(endpoint.consecutiveFailures).toBe(0);
  });
});
