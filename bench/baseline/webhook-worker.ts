// The baseline webhook sender: the same work as our worker without graphile-worker or Prisma. Each
// of CONCURRENCY loops claims one job (FOR UPDATE SKIP LOCKED), builds and signs the envelope with
// HMAC, POSTs it over a keep-alive connection, records the attempt and marks the job done, all in
// the claiming transaction (the simplest correct design; ours sends outside any transaction).
// env: DATABASE_URL, BENCH_WEBHOOK_SECRET, WEBHOOK_WORKER_CONCURRENCY (default 4, as ours).
import http from "node:http";
import pg from "pg";
import type { Prisma } from "@/lib/generated/prisma/client";
import { buildEnvelope, signedRequest } from "@/lib/webhooks/envelope";
import { BASELINE_QUEUE_CHANNEL } from "./webhook-queue";

const connectionString = process.env.DATABASE_URL;
const secret = process.env.BENCH_WEBHOOK_SECRET;
if (!connectionString || !secret) throw new Error("DATABASE_URL and BENCH_WEBHOOK_SECRET must be set");
const concurrency = Number(process.env.WEBHOOK_WORKER_CONCURRENCY ?? 4);
// Same fallback poll as graphile-worker's default; new jobs arrive through NOTIFY.
const POLL_INTERVAL_MS = 1_000;
const SEND_TIMEOUT_MS = 10_000;

const pool = new pg.Pool({ connectionString, max: concurrency + 2 });
pool.on("error", () => undefined);
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let stopping = false;
// Bumped by every NOTIFY: a loop that found nothing sleeps only if nothing arrived meanwhile.
let generation = 0;
let sleepers: (() => void)[] = [];

type Job = { id: string; event_id: string; type: string; url: string; data: Prisma.JsonValue };

function post(url: string, body: string, headers: Record<string, string>): Promise<number | null> {
  return new Promise((resolve) => {
    const request = http.request(url, {
      method: "POST",
      agent,
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      timeout: SEND_TIMEOUT_MS,
    });
    request.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? null));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", () => resolve(null));
    request.end(body);
  });
}

async function deliverOne(): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<Job>(
      "SELECT id, event_id, type, url, data FROM bench_webhook_job WHERE done_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED",
    );
    const job = rows[0];
    if (!job) {
      await client.query("COMMIT");
      return false;
    }
    const envelope = buildEnvelope(
      // The job's serial number stands in for the wallet's event sequence: a number of the same size.
      { id: job.event_id, type: job.type, data: job.data, sequence: Number(job.id) },
      new Date(),
    );
    const { body, headers } = signedRequest(envelope, job.id, { current: secret ?? "" });
    const started = performance.now();
    const status = await post(job.url, body, headers);
    await client.query(
      "INSERT INTO bench_webhook_attempt (job_id, request_headers, request_body, status_code, latency_ms) VALUES ($1, $2, $3, $4, $5)",
      [job.id, JSON.stringify(headers), body, status, Math.round(performance.now() - started)],
    );
    await client.query("UPDATE bench_webhook_job SET done_at = now(), status_code = $2 WHERE id = $1", [
      job.id,
      status,
    ]);
    await client.query("COMMIT");
    return true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    console.error("[baseline worker]", error instanceof Error ? error.message : error);
    return false;
  } finally {
    client.release();
  }
}

async function loop(): Promise<void> {
  while (!stopping) {
    const seen = generation;
    if (await deliverOne()) continue;
    if (generation !== seen) continue;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, POLL_INTERVAL_MS);
      sleepers.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

const listener = new pg.Client({ connectionString });
listener.on("error", () => undefined);
await listener.connect();
listener.on("notification", () => {
  generation++;
  const woken = sleepers;
  sleepers = [];
  for (const wake of woken) wake();
});
await listener.query(`LISTEN ${BASELINE_QUEUE_CHANNEL}`);
const loops = Array.from({ length: concurrency }, loop);
console.log(`baseline webhook worker running (${concurrency} loops)`);

const stop = async () => {
  stopping = true;
  for (const wake of sleepers) wake();
  await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 5_000))]);
  await listener.end().catch(() => undefined);
  await pool.end().catch(() => undefined);
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
