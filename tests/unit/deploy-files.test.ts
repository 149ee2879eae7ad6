// The operator's files under deploy/ stay usable: every YAML document parses, Prometheus's own
// promtool accepts the alert rules and every PromQL query of the Grafana dashboard, and each metric
// they name is one the service registers (lib/metrics), so a renamed metric cannot leave an alert
// that silently never fires. promtool is Debian's `prometheus` package (.ci/run installs it).
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { prisma } from "@/lib/db/client";
import { REPO_ROOT } from "@/lib/db/paths";
import {
  countAuthorization,
  countIdempotentReplay,
  countLedgerFindings,
  countRateLimitRefusal,
  observeDecisionCall,
  observeDelivery,
  observeRequest,
  webRegistry,
  workerRegistry,
} from "@/lib/metrics/metrics";
import {
  registerOverloadMetrics,
  registerPoolMetrics,
  registerQueueMetrics,
  registerWorkerLivenessMetric,
} from "@/lib/metrics/process-metrics";

const run = promisify(execFile);
const hasPromtool = spawnSync("promtool", ["--version"]).status === 0;
const DEPLOY = path.join(REPO_ROOT, "deploy");

function yamlFiles(dir = DEPLOY): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return yamlFiles(file);
    return /\.ya?ml$/.test(entry.name) ? [file] : [];
  });
}

type Panel = { type: string; title: string; targets?: { expr: string }[] };
const dashboard = JSON.parse(readFileSync(path.join(DEPLOY, "grafana/dashboard.json"), "utf8")) as {
  uid: string;
  panels: Panel[];
};
const dashboardQueries = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));

type Rules = { groups: { rules: { alert: string; expr: string }[] }[] };
const alerts = (parseAllDocuments(readFileSync(path.join(DEPLOY, "prometheus/alerts.yml"), "utf8"))[0]!.toJS() as Rules)
  .groups[0]!.rules;

/** Every metric name the service registers, histograms with their _bucket, _sum and _count series. */
function serviceMetricNames(): Set<string> {
  // Each lazily made metric is made by its first use; the scraped gauges by their registration.
  observeRequest("getHealth", 200, 0.01);
  countRateLimitRefusal("key");
  countIdempotentReplay();
  observeDecisionCall("approved", 0.01);
  countAuthorization("approved", null);
  observeDelivery("succeeded", 1);
  const none = { mismatchedDeltas: [], unbalancedTransfers: [], mismatchedAccounts: [], mismatchedTotals: [] };
  countLedgerFindings("full", { live: none, test: none });
  registerOverloadMetrics();
  registerPoolMetrics();
  registerQueueMetrics(prisma()); // made, never collected here: no query runs
  registerWorkerLivenessMetric(prisma());
  const names = new Set<string>();
  for (const { name, type } of [...webRegistry().getMetricsAsArray(), ...workerRegistry().getMetricsAsArray()]) {
    names.add(name);
    if (String(type) === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(name + suffix);
  }
  return names;
}

/** The metric names a PromQL expression reads: identifiers outside label matchers and groupings, not functions. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/\{[^}]*\}/g, " ")
    .replace(/\b(?:by|without)\s*\([^)]*\)/g, " ")
    .replace(/\[[^\]]*\]/g, " ");
  const functions = new Set(["histogram_quantile"]);
  return [...bare.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)]
    .map((m) => m[0])
    .filter((name) => !functions.has(name));
}

describe("deploy/", () => {
  it("has YAML files that all parse, every document of each", () => {
    const files = yamlFiles();
    expect(files.map((file) => path.relative(DEPLOY, file)).sort()).toEqual([
      "kubernetes/wallet-card-service.yaml",
      "prometheus/alerts.yml",
      "prometheus/prometheus.yml",
    ]);
    for (const file of files) {
      const documents = parseAllDocuments(readFileSync(file, "utf8"));
      for (const document of documents) expect(document.errors, file).toEqual([]);
    }
  });

  it("gives the Kubernetes Deployment probes on the health paths and a metrics port the Service does not route", () => {
    const documents = parseAllDocuments(
      readFileSync(path.join(DEPLOY, "kubernetes/wallet-card-service.yaml"), "utf8"),
    ).map((document) => document.toJS() as { kind: string; metadata: { name: string }; spec: Record<string, unknown> });
    const kinds = documents.map((document) => `${document.kind}/${document.metadata.name}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "Deployment/wallet-card-service",
        "Service/wallet-card-service",
        "StatefulSet/postgres",
        "Deployment/redis",
      ]),
    );
    const deployment = documents.find((d) => d.kind === "Deployment" && d.metadata.name === "wallet-card-service")!;
    const container = (deployment.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template
      .spec.containers[0] as {
      readinessProbe: { httpGet: { path: string } };
      livenessProbe: { httpGet: { path: string } };
      ports: { name: string; containerPort: number }[];
    };
    expect(container.readinessProbe.httpGet.path).toBe("/api/public/health/ready");
    expect(container.livenessProbe.httpGet.path).toBe("/");
    expect(container.ports.map((port) => port.name)).toEqual(["http", "metrics"]);
    const service = documents.find((d) => d.kind === "Service" && d.metadata.name === "wallet-card-service")!;
    expect((service.spec as { ports: { targetPort: string }[] }).ports.map((port) => port.targetPort)).toEqual([
      "http",
    ]);
  });

  it.skipIf(!hasPromtool)(
    hasPromtool
      ? "has alert rules and dashboard queries that promtool accepts"
      : "has alert rules and dashboard queries that promtool accepts (skipped: promtool is not installed; apt-get install prometheus)",
    async () => {
      expect(alerts.map((rule) => rule.alert).sort()).toEqual([
        "ApiServerErrorRatioHigh",
        "DatabasePoolSaturated",
        "DecisionEndpointTimeoutsHigh",
        "LedgerVerificationFindings",
        "NoWebhookWorker",
        "WebhookDeliveryFailureRatioHigh",
        "WebhookQueueOldestDueTooOld",
      ]);
      await run("promtool", ["check", "rules", path.join(DEPLOY, "prometheus/alerts.yml")]);
      await run("promtool", ["check", "config", path.join(DEPLOY, "prometheus/prometheus.yml")]);
      // The dashboard's queries as recording rules, so promtool parses each one.
      const dir = mkdtempSync(path.join(os.tmpdir(), "dashboard-rules-"));
      try {
        const rules = dashboardQueries.map(
          (expr, i) => `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(expr)}`,
        );
        const file = path.join(dir, "dashboard.yml");
        writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join("\n")}\n`);
        const { stdout } = await run("promtool", ["check", "rules", file]);
        expect(stdout).toContain(`SUCCESS: ${dashboardQueries.length} rules found`);
        // promtool refuses a malformed query, so the check above can fail.
        writeFileSync(
          file,
          `groups:\n  - name: dashboard\n    rules:\n      - record: broken\n        expr: "sum(rate(x[5m])"\n`,
        );
        await expect(run("promtool", ["check", "rules", file])).rejects.toThrow();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("names only metrics the service registers, in every alert and dashboard panel", () => {
    expect(dashboard.uid).toBe("wallet-card-service");
    expect(dashboardQueries.length).toBeGreaterThanOrEqual(15);
    const known = serviceMetricNames();
    const named = new Set([...alerts.map((rule) => rule.expr), ...dashboardQueries].flatMap(metricNamesIn));
    expect(named.size).toBeGreaterThanOrEqual(20);
    expect([...named].filter((name) => !known.has(name))).toEqual([]);
  });
});
