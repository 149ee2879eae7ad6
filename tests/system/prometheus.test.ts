// Operability of the production build as an operator runs it: Debian's Prometheus scrapes
// `npm start`'s metrics port (METRICS_PORT) under light load, with deploy/prometheus/alerts.yml
// loaded, and its own HTTP API shows the request rates, the webhook delivery histogram and the queue
// depth present and changing, and every alert rule evaluating cleanly; the same server, with
// OTEL_EXPORTER_OTLP_ENDPOINT set, sends its spans to a collector in this test.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import { addWebhookEndpoint } from "@/lib/webhooks/endpoints";
import { PRODUCTION_DIST_DIR, useProductionBuild, type ProductionBuildLease } from "@/scripts/testing/production-build";
import { createKey, createMerchantApp, uniqueUserId } from "../helpers/fixtures";
import { freePort, requestOnce, startService, stopProcess, type ServiceProcess } from "../helpers/service-process";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type WebhookReceiver } from "../helpers/webhook-receiver";

const hasPrometheus = spawnSync("prometheus", ["--version"]).status === 0;
const SDK = "/api/public/sdk/v1";

type Sample = { metric: Record<string, string>; value: [number, string] };

let build: ProductionBuildLease | undefined;
let service: ServiceProcess | undefined;
let prometheus: ChildProcess | undefined;
let prometheusUrl = "";
let receiver: WebhookReceiver | undefined;
let collector: http.Server | undefined;
let endpointId = "";
let key = "";
let workDir = "";
const spanNames: string[] = [];
let prometheusOutput = "";

/** An instant query through Prometheus's HTTP API, at `time` (seconds) or now. */
async function query(expr: string, time?: number): Promise<Sample[]> {
  const url = new URL("/api/v1/query", prometheusUrl);
  url.searchParams.set("query", expr);
  if (time !== undefined) url.searchParams.set("time", String(time));
  const body = (await (await fetch(url)).json()) as { status: string; data: { result: Sample[] }; error?: string };
  if (body.status !== "success") throw new Error(`${expr}: ${body.error}`);
  return body.data.result;
}

async function scalar(expr: string, time?: number): Promise<number | undefined> {
  const [sample] = await query(expr, time);
  return sample ? Number(sample.value[1]) : undefined;
}

async function createWallet(): Promise<number> {
  const answer = await requestOnce(service!.base, "POST", `${SDK}/wallets`, {
    headers: { authorization: `Bearer ${key}` },
    body: { externalUserId: uniqueUserId(), currency: "USD", email: "ada@example.com", name: "Ada Obi" },
  });
  return answer.status;
}

describe.skipIf(!hasPrometheus)(
  hasPrometheus
    ? "Prometheus scraping a production build"
    : "Prometheus scraping a production build (skipped: prometheus is not installed; apt-get install prometheus)",
  () => {
    beforeAll(async () => {
      build = await useProductionBuild({ output: "capture" });
      workDir = mkdtempSync(path.join(os.tmpdir(), "prometheus-test-"));

      // The OTLP/HTTP collector: keeps the names of the spans it is sent.
      collector = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          if (req.url === "/v1/traces") {
            const text = Buffer.concat(chunks).toString("utf8");
            for (const match of text.matchAll(/"name":"([^"]+)"/g)) spanNames.push(match[1]!);
          }
          res.writeHead(200, { "content-type": "application/json" }).end("{}");
        });
      });
      await new Promise<void>((resolve) => collector!.listen(0, "127.0.0.1", resolve));

      // A slow receiver and two sends at a time to it: a burst of events leaves jobs due in the queue.
      receiver = await startReceiver(() => ({ status: 200, delayMs: 700 }));
      const app = await createMerchantApp("Prometheus");
      key = (await createKey(app.application.id, { name: "prometheus" })).secret;
      endpointId = (
        await addWebhookEndpoint(prisma(), { applicationId: app.application.id, url: receiver.url, livemode: false })
      ).id;

      const metricsPort = await freePort();
      service = await startService({
        NODE_ENV: "production",
        NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATABASE_URL: process.env.DATABASE_URL ?? "",
        REDIS_URL: process.env.REDIS_URL ?? "",
        RATE_LIMIT_PREFIX: process.env.RATE_LIMIT_PREFIX ?? "",
        SECRETS_KEY: process.env.SECRETS_KEY ?? "",
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        ALLOW_LOOPBACK_ENDPOINTS: "true",
        WEB_CONCURRENCY: "1",
        WEBHOOK_ENDPOINT_CONCURRENCY: "2",
        METRICS_PORT: String(metricsPort),
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_BSP_SCHEDULE_DELAY: "200",
      });

      // Prometheus: scraping every second, with the alert rules the deploy/ directory ships.
      const prometheusPort = await freePort();
      prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
      const config = path.join(workDir, "prometheus.yml");
      writeFileSync(
        config,
        [
          "global: { scrape_interval: 1s, evaluation_interval: 1s }",
          `rule_files: [${JSON.stringify(path.join(REPO_ROOT, "deploy/prometheus/alerts.yml"))}]`,
          "scrape_configs:",
          "  - job_name: wallet-card-service",
          `    static_configs: [{ targets: ["127.0.0.1:${metricsPort}"] }]`,
          "",
        ].join("\n"),
      );
      prometheus = spawn(
        "prometheus",
        [
          `--config.file=${config}`,
          `--storage.tsdb.path=${path.join(workDir, "data")}`,
          `--web.listen-address=127.0.0.1:${prometheusPort}`,
        ],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      prometheus.stdout?.on("data", (chunk) => (prometheusOutput += String(chunk)));
      prometheus.stderr?.on("data", (chunk) => (prometheusOutput += String(chunk)));
      await waitUntil(async () => {
        if (prometheus!.exitCode !== null) throw new Error(`prometheus exited:\n${prometheusOutput}`);
        return (await fetch(`${prometheusUrl}/-/ready`).catch(() => undefined))?.status === 200;
      }, 60_000);
      // Its first scrape of the target, with the service idle.
      await waitUntil(async () => (await scalar('up{job="wallet-card-service"}')) === 1, 30_000);
    }, 900_000);

    afterAll(async () => {
      if (prometheus) await stopProcess(prometheus);
      if (service) await stopProcess(service.child, { group: true });
      // Nothing left for the run's other workers to send.
      if (endpointId) await prisma().webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false } });
      await receiver?.close();
      await new Promise((resolve) => (collector ? collector.close(resolve) : resolve(undefined)));
      if (workDir) rmSync(workDir, { recursive: true, force: true });
      build?.release();
    }, 60_000);

    it("shows request rates, the delivery histogram and the queue depth changing under load, and evaluates every alert rule", async () => {
      const idle = Date.now() / 1000;
      const walletsBefore = (await scalar(`sum(api_requests_total{operation="createWallet"})`, idle)) ?? 0;

      // Light load: a burst of wallets (each event a webhook the slow receiver takes two at a
      // time), then a request a second for a while, health checks among them.
      const burst = await Promise.all(Array.from({ length: 12 }, () => createWallet()));
      expect(burst.every((status) => status === 201)).toBe(true);
      for (let i = 0; i < 8; i++) {
        expect(await createWallet()).toBe(201);
        expect((await requestOnce(service!.base, "GET", "/api/public/health")).status).toBe(200);
        await sleep(500);
      }
      await receiver!.waitFor(20, 60_000);

      // The request rate: present, by declared operation and status class, and counted as sent.
      await waitUntil(
        async () =>
          (await scalar(`sum(api_requests_total{operation="createWallet",status_class="2xx"})`)) === walletsBefore + 20,
        30_000,
      );
      const rate = await scalar(`sum(rate(api_requests_total{operation="createWallet"}[1m]))`);
      expect(rate).toBeGreaterThan(0);
      expect(
        await scalar(`sum(rate(api_requests_total{operation="getHealth",status_class="2xx"}[1m]))`),
      ).toBeGreaterThan(0);

      // The delivery histogram: its count grew (by this server's deliveries: other test files' workers
      // share the queue and may take some), and a quantile can be read.
      await waitUntil(
        async () => ((await scalar("increase(webhook_delivery_latency_seconds_count[2m])")) ?? 0) > 0,
        30_000,
      );
      expect(await scalar("sum(webhook_delivery_latency_seconds_count)")).toBeGreaterThan(
        (await scalar("sum(webhook_delivery_latency_seconds_count)", idle)) ?? 0,
      );
      const p50 = await scalar(
        "histogram_quantile(0.5, sum by (le) (rate(webhook_delivery_latency_seconds_bucket[2m])))",
      );
      expect(p50).toBeGreaterThan(0);
      expect(await query('webhook_delivery_attempts_total{outcome="succeeded"}')).toHaveLength(1);

      // The queue depth: jobs waited while the receiver was busy, and the queue drained after.
      expect(await scalar("max_over_time(webhook_queue_due_jobs[2m])")).toBeGreaterThan(0);
      await waitUntil(async () => (await scalar("webhook_queue_due_jobs")) === 0, 30_000);
      expect(await scalar("changes(webhook_queue_due_jobs[2m])")).toBeGreaterThan(0);
      expect(await scalar("webhook_queue_oldest_due_seconds")).toBeDefined();

      // The server's own webhook worker holds its liveness lock (other test files' workers may too).
      expect(await scalar("webhook_workers_alive")).toBeGreaterThanOrEqual(1);
      // The pool gauges and the process defaults are scraped too.
      expect(await scalar('db_pool_connections{state="idle"}')).toBeDefined();
      expect(await scalar("nodejs_eventloop_lag_p99_seconds")).toBeDefined();

      // Every alert rule of deploy/prometheus/alerts.yml evaluates against these series without error.
      const rules = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
      };
      const loaded = rules.data.groups.flatMap((group) => group.rules);
      expect(loaded).toHaveLength(7);
      await waitUntil(async () => {
        const now = (await (await fetch(`${prometheusUrl}/api/v1/rules`)).json()) as typeof rules;
        return now.data.groups.flatMap((group) => group.rules).every((rule) => rule.health === "ok");
      }, 15_000);
    }, 180_000);

    it("sends the production build's spans to the OTLP endpoint it is given", async () => {
      expect(await createWallet()).toBe(201);
      await waitUntil(() => spanNames.includes("createWallet"), 30_000);
      await waitUntil(() => spanNames.includes("webhook.attempt") && spanNames.includes("webhook.send"), 30_000);
      expect(spanNames.some((name) => name.startsWith("prisma:"))).toBe(true);
      expect(spanNames.some((name) => name.startsWith("redis "))).toBe(true);
    }, 90_000);
  },
);
