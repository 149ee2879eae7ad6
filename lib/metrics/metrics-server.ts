// GET /metrics on its own port (METRICS_PORT), for Prometheus to scrape: never on the service's own
// port, so a load balancer that routes that port never exposes it. One per process that runs alone
// (`npm run dev`, `npm start` with one process, `npm run worker`); in a cluster, the primary's, which
// sums its server processes' metrics (prom-client's AggregatorRegistry) and adds its webhook
// worker's.
import http from "node:http";
import type { AddressInfo } from "node:net";
import client from "prom-client";
import { webRegistry, workerRegistry } from "./metrics";
import { errorField, logger } from "@/lib/logging/logger";

export type MetricsSource = "process" | "cluster-primary";

export type MetricsServer = { port: number; close(): Promise<void> };

/**
 * In a cluster's server process: answer the primary's requests for this process's metrics (the
 * default registry, where the API's metrics are counted).
 */
export function answerPrimaryForMetrics(): void {
  webRegistry();
  new client.AggregatorRegistry();
}

async function exposition(source: MetricsSource): Promise<string> {
  const web = source === "cluster-primary" ? await aggregator().clusterMetrics() : await webRegistry().metrics();
  // The worker's metrics have names of their own, so the two expositions simply follow each other.
  return `${web.trimEnd()}\n${await workerRegistry().metrics()}`;
}

let primaryAggregator: InstanceType<typeof client.AggregatorRegistry> | undefined;
function aggregator() {
  primaryAggregator ??= new client.AggregatorRegistry();
  return primaryAggregator;
}

export async function startMetricsServer(port: number, host: string, source: MetricsSource): Promise<MetricsServer> {
  if (source === "cluster-primary") aggregator();
  else webRegistry();
  const server = http.createServer((request, response) => {
    if (request.method !== "GET" || request.url?.split("?")[0] !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain" }).end("Metrics are at GET /metrics.\n");
      return;
    }
    exposition(source).then(
      (text) => response.writeHead(200, { "content-type": client.register.contentType }).end(text),
      (error: unknown) => {
        logger("metrics").error(errorField(error), "metrics could not be collected");
        response.writeHead(503, { "content-type": "text/plain" }).end("Metrics could not be collected; see the log.\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
