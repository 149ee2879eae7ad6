// GET /metrics (lib/metrics) served on a port of its own by the real metrics server, scraped over
// HTTP while real route handlers answer (against the run's PostgreSQL), a real webhook is delivered
// to a local receiver by deliver(), and the queue's gauges ask the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_POOL_MAX, prisma } from "@/lib/db/client";
import { startMetricsServer, type MetricsServer } from "@/lib/metrics/metrics-server";
import { countLedgerFindings } from "@/lib/metrics/metrics";
import { registerPoolMetrics, registerQueueMetrics, registerWorkerLivenessMetric } from "@/lib/metrics/process-metrics";
import { runLedgerVerification } from "@/lib/ledger/verify-ledger";
import { deliver } from "@/lib/webhooks/deliver";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { createDeliveryByHand } from "../helpers/event-backlog";
import { setupApp } from "../helpers/fixtures";
import { testClient } from "../helpers/route-fetch";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";
import { waitUntil } from "../helpers/wait-until";

let server: MetricsServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  registerQueueMetrics(prisma());
  registerPoolMetrics();
  registerWorkerLivenessMetric(prisma());
  server = await startMetricsServer(0, "127.0.0.1", "process");
  receiver = await startReceiver();
});

afterAll(async () => {
  await server.close();
  await receiver.close();
});

async function scrape(): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

/** A sample's value in an exposition, 0 when absent: `name{labels}` exactly as prom-client writes it. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("counts API requests by declared operation and status class, with their latency", async () => {
    const before = (await scrape()).text;
    const client = testClient(undefined, { address: `10.24.${process.pid % 250}.1` });
    expect((await client.GET("/api/public/health")).response.status).toBe(200);
    expect((await client.GET("/api/public/health")).response.status).toBe(200);
    const { key } = await setupApp();
    const sdk = testClient(key);
    const missing = await sdk.GET("/api/public/sdk/v1/wallets/{externalUserId}", {
      params: { path: { externalUserId: "nobody_here" } },
    });
    expect(missing.response.status).toBe(404);

    const { status, type, text } = await scrape();
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    const health = 'api_requests_total{operation="getHealth",status_class="2xx"}';
    expect(sample(text, health) - sample(before, health)).toBe(2);
    const wallet = 'api_requests_total{operation="getWallet",status_class="4xx"}';
    expect(sample(text, wallet) - sample(before, wallet)).toBe(1);
    const durations = 'api_request_duration_seconds_count{operation="getHealth"}';
    expect(sample(text, durations) - sample(before, durations)).toBe(2);
    // prom-client's defaults are there: event-loop lag and GC pauses among them.
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_cpu_user_seconds_total");
  });

  it("counts a delivery's outcome and its latency from the event's commit, and reports the queue", async () => {
    const before = (await scrape()).text;
    const { appId } = await setupApp();
    const endpoint = await addWebhookEndpoint(prisma(), { applicationId: appId, url: receiver.url, livemode: false });
    const delivery = await createDeliveryByHand(appId, endpoint.id, "wal_metrics");
    expect((await deliver(delivery.id, "retry", { jobKey: `${delivery.id}:retry:1` })).kind).toBe("sent");

    const { text } = await scrape();
    const succeeded = 'webhook_delivery_attempts_total{outcome="succeeded"}';
    expect(sample(text, succeeded) - sample(before, succeeded)).toBe(1);
    const latencies = "webhook_delivery_latency_seconds_count";
    expect(sample(text, latencies) - sample(before, latencies)).toBe(1);
    expect(text).toMatch(/^webhook_queue_due_jobs \d+$/m);
    expect(text).toMatch(/^webhook_queue_oldest_due_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^webhook_endpoints\{state="disabled"\} \d+$/m);
    // Other test files' workers come and go; the gauge is there, a whole number.
    expect(text).toMatch(/^webhook_workers_alive \d+$/m);
  });

  it("reports the database pool's connections in use and the queries waiting for one", async () => {
    // More sleeping queries than the pool has connections: every connection busy, the rest waiting.
    // .then() starts each now (a Prisma query runs only once awaited).
    const sleepers = Array.from({ length: DATABASE_POOL_MAX + 3 }, () =>
      prisma().$executeRaw`SELECT pg_sleep(2)`.then(() => undefined),
    );
    try {
      // Polled: on a busy machine opening ten connections takes a while.
      const busy = await waitUntil(async () => {
        const { text } = await scrape();
        return sample(text, 'db_pool_connections{state="in_use"}') === DATABASE_POOL_MAX && text;
      }, 5_000);
      expect(sample(busy, "db_pool_waiting_queries")).toBeGreaterThanOrEqual(3);
    } finally {
      await Promise.all(sleepers);
    }
    const calm = (await scrape()).text;
    expect(sample(calm, "db_pool_waiting_queries")).toBe(0);
    expect(sample(calm, 'db_pool_connections{state="idle"}')).toBeGreaterThan(0);
  });

  it("counts ledger verification findings by run, mode and kind", async () => {
    const before = (await scrape()).text;
    // A real run on the shared ledger (balanced: no findings), then findings as the full run reports them.
    const outcome = await runLedgerVerification(prisma());
    countLedgerFindings("incremental", outcome.findings);
    const none = { mismatchedDeltas: [], unbalancedTransfers: [], mismatchedAccounts: [], mismatchedTotals: [] };
    countLedgerFindings("full", { live: { ...none, mismatchedAccounts: ["acc_1", "acc_2"] }, test: none });
    const { text } = await scrape();
    const incremental = 'ledger_verification_findings_total{run="incremental",mode="live",kind="unbalanced_transfers"}';
    expect(text).toContain(incremental);
    expect(sample(text, incremental) - sample(before, incremental)).toBe(
      outcome.findings.live.unbalancedTransfers.length,
    );
    const accounts = 'ledger_verification_findings_total{run="full",mode="live",kind="mismatched_accounts"}';
    expect(sample(text, accounts) - sample(before, accounts)).toBe(2);
    const totals = 'ledger_verification_findings_total{run="full",mode="test",kind="mismatched_totals"}';
    expect(text).toContain(totals);
    expect(sample(text, totals) - sample(before, totals)).toBe(0);
  });

  it("carries no application, wallet, card or endpoint id in any label", async () => {
    const { text } = await scrape();
    expect(text).not.toMatch(/\b(app|wal|card|we|whd|evt|mer|usr)_[0-9A-Za-z]{8,}/);
  });

  it("answers 404 for anything but GET /metrics", async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: "POST" })).status).toBe(404);
  });
});
