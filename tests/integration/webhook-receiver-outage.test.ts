// A receiver that goes away for 20 s while four deliveries to it are in flight (issue 22, part 3):
// the breaker opens once, at its first step, instead of counting every send that was already out
// when it opened, and the backlog arrives within a minute of the receiver's return. The worker is
// the real one (the real health policy and retry schedule, not the compressed test worker), on a
// database of this file's own: other files' workers, with their compressed schedule, would take
// these jobs from a shared queue. Then an attempt's record whose answer is lost with its
// connection: tried again, and counted once.
import { randomBytes } from "node:crypto";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config } from "@/lib/config";
import { disconnectDb, prisma } from "@/lib/db/client";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { deliver } from "@/lib/webhooks/deliver";
import { HEALTH_POLICY } from "@/lib/webhooks/endpoint-health";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { prismaSql, type SqlRunner } from "@/lib/webhooks/sql-runner";
import { startWebhookWorker, type WebhookWorker } from "@/lib/webhooks/worker";
import { createDeliveryByHand, queueEventBacklog } from "../helpers/event-backlog";
import { createMerchantApp } from "../helpers/fixtures";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const OUTAGE_MS = 20_000;
/** Answered before the receiver starts holding requests, so the endpoint has a success behind it. */
const SERVED_FIRST = 8;
const IN_FLIGHT = 4;
const BEFORE_OUTAGE = 30;
const DURING_OUTAGE = 10;
/** The failure that opens the breaker is recorded a moment after the receiver went down. */
const RECORDING_SLACK_MS = 5_000;

type Arrival = { deliveryId: string; receivedAt: number; answered2xxAt: number | null };

/**
 * A real node:http receiver on one port that can be taken down (listener closed, every socket
 * destroyed, held requests with them) and brought back on the same port. It keeps open, without
 * answering, the requests `hold` picks (by their place in arrival order), and answers the rest 200.
 */
class OutageReceiver {
  readonly arrivals: Arrival[] = [];
  hold: (index: number) => boolean = () => false;
  private readonly held = new Set<ServerResponse>();
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  port = 0;

  heldCount(): number {
    return this.held.size;
  }

  async up(port = this.port): Promise<void> {
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        const arrival: Arrival = {
          deliveryId: String(req.headers["x-service-delivery-id"]),
          receivedAt: Date.now(),
          answered2xxAt: null,
        };
        this.arrivals.push(arrival);
        if (this.hold(this.arrivals.length - 1)) {
          this.held.add(res);
          res.on("close", () => this.held.delete(res));
          return;
        }
        res.writeHead(200, { "content-type": "text/plain" });
        res.end("ok");
        arrival.answered2xxAt = Date.now();
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
    if (!address || typeof address === "string") throw new Error("receiver is not listening on a TCP port");
    this.port = address.port;
    this.server = server;
  }

  /** As a receiver process dying: nothing listens, and every open connection is cut. */
  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

let database: RunDatabase | undefined;
let worker: WebhookWorker | undefined;
const receiver = new OutageReceiver();
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  database = await createRunDatabase("whoutage", `${Date.now()}_${randomBytes(4).toString("hex")}`);
  process.env.DATABASE_URL = database.url;
  if (config().DATABASE_URL !== database.url) throw new Error("the configuration was read before the test database");
  worker = await startWebhookWorker({
    connectionString: database.url,
    concurrency: IN_FLIGHT,
    endpointConcurrency: IN_FLIGHT,
    retryScale: 1,
  });
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await receiver.down();
  await Promise.all(receivers.map((r) => r.close()));
  await disconnectDb();
  await database?.drop();
}, 60_000);

type Observation = { backoffUntil: Date | null; backoffProbeFailures: number; consecutiveFailures: number };

describe("a receiver down for 20 s with deliveries in flight", () => {
  it("backs off at the first step only, and gets its backlog within a minute of coming back", async () => {
    await receiver.up(0);
    const { application } = await createMerchantApp("Outage test app");
    const endpoint = await addWebhookEndpoint(prisma(), {
      applicationId: application.id,
      url: `http://127.0.0.1:${receiver.port}/hooks`,
      livemode: false,
    });

    // The first few are answered; then the receiver holds what comes until four are in flight.
    receiver.hold = (index) => index >= SERVED_FIRST;
    await queueEventBacklog(application.id, BEFORE_OUTAGE, "before");
    await waitUntil(() => receiver.heldCount() >= IN_FLIGHT, 30_000);
    expect(receiver.heldCount()).toBe(IN_FLIGHT);

    // The endpoint's breaker as the worker leaves it, watched for the whole test.
    const observations: Observation[] = [];
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const row = await prisma().webhookEndpoint.findUniqueOrThrow({
          where: { id: endpoint.id },
          select: { backoffUntil: true, backoffProbeFailures: true, consecutiveFailures: true },
        });
        observations.push(row);
        await sleep(100);
      }
    })();

    const wentDownAt = Date.now();
    await receiver.down();
    receiver.hold = () => false;
    // More events while it is down, spread over the outage.
    for (let i = 0; i < DURING_OUTAGE; i += 1) {
      await queueEventBacklog(application.id, 1, `during${i}_`);
      await sleep(OUTAGE_MS / DURING_OUTAGE - 50);
    }
    await sleep(Math.max(0, wentDownAt + OUTAGE_MS - Date.now()));
    await receiver.up();
    const cameBackAt = Date.now();

    const deliveries = await prisma().webhookDelivery.findMany({
      where: { endpointId: endpoint.id },
      select: { id: true },
    });
    expect(deliveries).toHaveLength(BEFORE_OUTAGE + DURING_OUTAGE);
    const firstAnswered = (id: string) =>
      receiver.arrivals.find((a) => a.deliveryId === id && a.answered2xxAt !== null)?.receivedAt;
    try {
      await waitUntil(() => deliveries.every((d) => firstAnswered(d.id) !== undefined), 75_000, 100);
    } catch {
      // Left to the assertions below, which say what was missing.
    }
    watching = false;
    await watcher;

    const late = deliveries.filter((d) => firstAnswered(d.id) === undefined);
    const lastArrival = Math.max(...deliveries.map((d) => firstAnswered(d.id) ?? Infinity));
    const maxBackoffUntil = Math.max(...observations.map((o) => o.backoffUntil?.getTime() ?? 0));
    const maxFailures = Math.max(...observations.map((o) => o.consecutiveFailures));
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `receiver outage: backlog complete ${seconds(lastArrival - cameBackAt)} s after the receiver came back ` +
        `(${late.length} of ${deliveries.length} missing); ${maxFailures} consecutive failures; ` +
        `back-off until ${maxBackoffUntil ? seconds(maxBackoffUntil - wentDownAt) : "-"} s after it went down`,
    );

    // The breaker did open (the scenario happened), and never beyond its first step.
    expect(maxBackoffUntil).toBeGreaterThan(0);
    expect(maxBackoffUntil - wentDownAt).toBeLessThanOrEqual(HEALTH_POLICY.backOffBaseMs + RECORDING_SLACK_MS);
    expect(maxFailures).toBeGreaterThanOrEqual(HEALTH_POLICY.backOffAfterFailures);
    expect(Math.max(...observations.map((o) => o.backoffProbeFailures))).toBe(0);

    expect(late.map((d) => d.id)).toEqual([]);
    expect(lastArrival - cameBackAt).toBeLessThanOrEqual(60_000);

    // Nothing was delivered twice, and every delivery is recorded as succeeded.
    const answeredPerDelivery = new Map<string, number>();
    for (const arrival of receiver.arrivals.filter((a) => a.answered2xxAt !== null))
      answeredPerDelivery.set(arrival.deliveryId, (answeredPerDelivery.get(arrival.deliveryId) ?? 0) + 1);
    expect([...answeredPerDelivery.values()].filter((n) => n > 1)).toEqual([]);
    await waitUntil(async () => {
      const pending = await prisma().webhookDelivery.count({
        where: { endpointId: endpoint.id, status: { not: "succeeded" } },
      });
      return pending === 0;
    }, 10_000);
  }, 180_000);
});

/** An application with a test endpoint at a local receiver, and one delivery made by hand (no job queued). */
async function handMadeDelivery(status: number) {
  const hooks = await startReceiver(() => ({ status }));
  receivers.push(hooks);
  const { application } = await createMerchantApp("Lost connection app");
  const endpoint = await addWebhookEndpoint(prisma(), {
    applicationId: application.id,
    url: hooks.url,
    livemode: false,
  });
  const delivery = await createDeliveryByHand(application.id, endpoint.id, "wal_lost");
  return { hooks, endpoint, delivery };
}

/** What node-postgres throws when the server goes away under a query. */
const lostConnection = () => new Error("Connection terminated unexpectedly");

describe("an attempt's record whose answer is lost with its connection", () => {
  // No job key (a direct call): only the attempt's own id can tell a second try from a new attempt.
  it("a success: tried again, and recorded once", async () => {
    const { hooks, endpoint, delivery } = await handMadeDelivery(200);
    const real = prismaSql(prisma());
    let lost = 0;
    const sql: SqlRunner = async <Row>(statement: Parameters<SqlRunner>[0], values: unknown[]) => {
      const rows = await real<Row>(statement, values);
      // Committed, then the connection dropped before the answer came back.
      if (statement.name === "webhook_record_success" && lost++ === 0) throw lostConnection();
      return rows;
    };
    await deliver(delivery.id, "retry", { sql });
    expect(lost).toBe(2);
    expect(hooks.received).toHaveLength(1);
    expect(await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
    expect(await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "succeeded",
      attemptCount: 1,
    });
    expect(
      (await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).lastSuccessAt,
    ).not.toBeNull();
  });

  it("a failure: tried again, and counted once in the attempts, the delivery and the endpoint's streak", async () => {
    const { hooks, endpoint, delivery } = await handMadeDelivery(500);
    const base = prisma();
    let lost = 0;
    // The failure's transaction commits, then its answer is lost; everything else goes through.
    const db = new Proxy(base, {
      get(target, property) {
        if (property === "$transaction")
          return async (...args: Parameters<PrismaClient["$transaction"]>) => {
            const result: unknown = await (target.$transaction as (...a: unknown[]) => Promise<unknown>)(...args);
            if (lost++ === 0) throw lostConnection();
            return result;
          };
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await deliver(delivery.id, "retry", { db, sql: prismaSql(base) });
    expect(lost).toBe(2);
    expect(hooks.received).toHaveLength(1);
    expect(await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);
    expect(await prisma().webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({
      status: "pending",
      attemptCount: 1,
    });
    const health = await prisma().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(health.consecutiveFailures).toBe(1);
    // Its next retry is a minute away; the worker running in this file is not to send it.
    await prisma().webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false } });
  });
});
