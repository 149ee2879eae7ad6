// The webhook worker when its database connections are cut under it, as a PostgreSQL restart or
// failover cuts them: its liveness lock is taken again on a new session before a sweep can hand its
// running jobs to another worker (so a slow delivery is not sent twice), a sweep hands back only the
// jobs of a pool that stays without its lock, and the runner keeps delivering, restarting itself if
// it stops, without an unhandled rejection (vitest fails a file that has one).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { quickAddJob } from "graphile-worker";
import { prisma } from "@/lib/db/client";
import { randomBase62 } from "@/lib/ids";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { QUEUE_SCHEMA } from "@/lib/webhooks/queue-schema";
import { startWebhookWorker, type WebhookWorker } from "@/lib/webhooks/worker";
import { LIVENESS_LOCK_CLASS, unlockJobsOfDeadWorkers } from "@/lib/webhooks/worker-liveness";
import { queueEventBacklog } from "../helpers/event-backlog";
import { setupApp } from "../helpers/fixtures";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const connectionString = process.env.DATABASE_URL ?? "";
const receivers: WebhookReceiver[] = [];
const workers: WebhookWorker[] = [];
const endpointIds: string[] = [];
let admin: pg.Pool;

beforeAll(() => {
  admin = new pg.Pool({ connectionString, max: 2 });
});

afterAll(async () => {
  await prisma().webhookEndpoint.updateMany({ where: { id: { in: endpointIds } }, data: { enabled: false } });
  await Promise.all(workers.map((w) => w.stop()));
  await Promise.all(receivers.map((r) => r.close()));
  await admin.end();
});

async function endpointWithEvents(url: string, count: number) {
  const { appId } = await setupApp();
  const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url, livemode: false });
  endpointIds.push(endpoint.id);
  await queueEventBacklog(appId, count, "live");
  return endpoint;
}

/** Ends every session whose application_name matches `pattern` (LIKE), as a database restart would. */
async function terminateSessions(pattern: string): Promise<number> {
  const { rows } = await admin.query(
    `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE $1 AND pid <> pg_backend_pid()`,
    [pattern],
  );
  return rows.length;
}

async function livenessLockHeld(poolId: string): Promise<boolean> {
  const { rows } = await admin.query(
    `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.classid = $1::int::oid
        AND l.objid = (hashtext($2)::bigint & 4294967295)::oid AND a.application_name LIKE '%' || $2`,
    [LIVENESS_LOCK_CLASS, poolId],
  );
  return rows.length > 0;
}

/** Every delivery id the receiver answered 2xx, with how many times. */
function answeredTwice(receiver: WebhookReceiver): string[] {
  const counts = new Map<string, number>();
  for (const request of receiver.received) {
    if (request.answeredAt === null) continue;
    const id = String(request.headers["x-service-delivery-id"]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n > 1).map(([id]) => id);
}

describe("a worker whose liveness session is cut", () => {
  it("takes its lock again before any sweep hands its slow job to another worker: the delivery is sent once", async () => {
    const name = `liveness-test-${randomBase62(8)}`;
    // Quick to call a pool dead: 1 s, swept every 300 ms. Before the lock was re-taken, this sweep
    // handed the running job back within about a second and the delivery went out twice.
    const worker = await startWebhookWorker({
      connectionString,
      applicationName: name,
      concurrency: 4,
      pollIntervalMs: 100,
      staleLockSeconds: 1,
      sweepIntervalMs: 300,
    });
    workers.push(worker);
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 5_000 }));
    receivers.push(receiver);
    const endpoint = await endpointWithEvents(receiver.url, 1);
    await receiver.waitFor(1, 20_000);

    // Whichever worker of this test run took the job (other files' workers share the queue), its
    // liveness session is the one cut.
    const { rows } = await admin.query<{ locked_by: string }>(
      `SELECT locked_by FROM ${QUEUE_SCHEMA}._private_jobs WHERE locked_by IS NOT NULL AND payload->>'endpointId' = $1`,
      [endpoint.id],
    );
    const poolId = rows[0]?.locked_by;
    expect(poolId).toBeDefined();
    expect(await livenessLockHeld(poolId ?? "")).toBe(true);
    expect(await terminateSessions(`% ${poolId}`)).toBe(1);

    await waitUntil(() => livenessLockHeld(poolId ?? ""), 3_000);
    const delivery = await waitUntil(async () => {
      const row = await prisma().webhookDelivery.findFirst({ where: { endpointId: endpoint.id } });
      return row?.status === "succeeded" && row;
    }, 20_000);
    // Two more sweeps' worth, in case a second send was on its way.
    await sleep(1_500);
    expect(receiver.received).toHaveLength(1);
    expect(await prisma().webhookAttempt.count({ where: { deliveryId: delivery.id } })).toBe(1);

    // Stopped with its test. Its grace is one second and the next test cuts its worker's sessions
    // for three: left running, it can call that worker dead and run its jobs, sending again one
    // still in flight (the likely cause of a double send in CI on 2026-11-27). Running a dead
    // worker's jobs again is what the grace is for; the next test is about a living worker whose
    // outage is shorter than every grace around.
    workers.splice(workers.indexOf(worker), 1);
    await worker.stop();
  }, 40_000);
});

describe("the sweep", () => {
  it("hands back a lockless pool's jobs only once it has stayed without its lock for the grace period", async () => {
    const pool = new pg.Pool({ connectionString, max: 1 });
    const deadPool = `dead-pool-${randomBase62(8)}`;
    try {
      // A task no worker knows, so no worker of this run takes it.
      const job = await quickAddJob({ pgPool: pool }, `liveness-test-${randomBase62(6)}`, {});
      await pool.query(
        `UPDATE ${QUEUE_SCHEMA}._private_jobs SET locked_by = $2, locked_at = now() - interval '1 minute' WHERE id = $1`,
        [job.id, deadPool],
      );
      const sightings = new Map<string, number>();
      const start = Date.now();
      expect(await unlockJobsOfDeadWorkers(pool, 2, sightings, start)).not.toContain(deadPool);
      expect(sightings.has(deadPool)).toBe(true);
      expect(await unlockJobsOfDeadWorkers(pool, 2, sightings, start + 1_000)).not.toContain(deadPool);
      expect(await unlockJobsOfDeadWorkers(pool, 2, sightings, start + 2_000)).toContain(deadPool);
      const { rows } = await pool.query(`SELECT locked_by FROM ${QUEUE_SCHEMA}._private_jobs WHERE id = $1`, [job.id]);
      expect(rows[0]?.locked_by).toBeNull();
      await pool.query(`DELETE FROM ${QUEUE_SCHEMA}._private_jobs WHERE id = $1`, [job.id]);
    } finally {
      await pool.end();
    }
  });
});

describe("a worker whose connections are all cut again and again", () => {
  it("keeps delivering, each delivery answered once, and runs again afterwards", async () => {
    const name = `supervision-test-${randomBase62(8)}`;
    const worker = await startWebhookWorker({
      connectionString,
      applicationName: name,
      concurrency: 8,
      pollIntervalMs: 100,
    });
    workers.push(worker);
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 50 }));
    receivers.push(receiver);
    const endpoint = await endpointWithEvents(receiver.url, 40);

    // Every session of this worker (queue pool, Prisma pool, liveness lock) cut every 100 ms for 3 s.
    const until = Date.now() + 3_000;
    let cut = 0;
    while (Date.now() < until) {
      cut += await terminateSessions(`${name}%`);
      await sleep(100);
    }
    expect(cut).toBeGreaterThan(0);

    await waitUntil(async () => {
      const pending = await prisma().webhookDelivery.count({
        where: { endpointId: endpoint.id, status: { not: "succeeded" } },
      });
      return pending === 0;
    }, 60_000);
    expect(answeredTwice(receiver)).toEqual([]);
    await waitUntil(() => worker.health().state === "running" && worker.health().livenessHeld, 15_000);
    const health = worker.health();
    expect(health.poolId).not.toBeNull();
    expect(await livenessLockHeld(health.poolId ?? "")).toBe(true);
  }, 90_000);
});
