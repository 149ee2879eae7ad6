// Starts the service: prepares the database (embedded by default), then serves Next.js from a
// small node:http server that stamps each request with its socket address (which route handlers
// cannot otherwise see) and its request id, and refuses API paths Next.js cannot route.
// `npm run dev` passes --dev; `npm start` serves the production build.
import http from "node:http";
import next from "next";
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { REPO_ROOT } from "@/lib/db/paths";
import { disconnectDb } from "@/lib/db/client";
import { embeddedDataDir } from "@/lib/db/embedded-postgres";
import { prepareDatabase } from "@/lib/db/prepare-database";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/client-address";
import { answerAtEdge, answerClientError, refuseApiPath } from "@/lib/http/edge";
import { baseHeaders } from "@/lib/http/headers";
import { REQUEST_ID_HEADER } from "@/lib/http/request-id";
import { startWebhookWorker, workerOptionsFromEnv } from "@/lib/webhooks/worker";
import { newId } from "@/lib/ids";
import { exitOnStartupFailure, requireSupportedNode, stopOnSignal } from "@/lib/process/lifecycle";

async function main() {
  requireSupportedNode();
  loadEnvFiles();
  process.env.NEXT_TELEMETRY_DISABLED ??= "1";
  const dev = process.argv.includes("--dev");
  const port = Number(process.env.PORT ?? 3000);
  const hostname = process.env.HOST ?? "127.0.0.1";

  const { config } = await import("@/lib/config");
  config(); // fail fast, naming the bad variable

  const database = await prepareDatabase();
  // The webhook worker runs in this process unless WEBHOOK_WORKER=off (e.g. when `npm run worker` runs apart).
  const worker =
    process.env.WEBHOOK_WORKER === "off" ? undefined : await startWebhookWorker(workerOptionsFromEnv(database.url));
  const app = next({ dev, dir: REPO_ROOT, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();

  const server = http.createServer((req, res) => {
    // Our own headers, over any client-sent copy: the socket's address, and the one id of this
    // request, which the route wrappers answer and log with.
    const requestId = newId("req");
    req.headers[CLIENT_ADDRESS_HEADER] = req.socket.remoteAddress ?? "unknown";
    req.headers[REQUEST_ID_HEADER] = requestId;
    // Set before Next runs, so every answer carries them, Next's own redirects and error pages
    // too (Next keeps a header that is already set).
    for (const [name, value] of baseHeaders(requestId)) res.setHeader(name, value);
    const refusal = refuseApiPath(req.url ?? "/");
    if (refusal) return void answerAtEdge(res, refusal, requestId, req);
    void handle(req, res);
  });
  server.on("clientError", answerClientError);
  server.listen(port, hostname, () => {
    const base = `http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${port}`;
    console.log(
      [
        "",
        `  Service ready on ${base} (${dev ? "development" : "production"}, ${database.embedded ? `embedded PostgreSQL under ${embeddedDataDir()}` : "DATABASE_URL"})`,
        `  API reference:    ${base}/api/public/openapi.json`,
        `  Merchant console: ${base}/merchant/sdk`,
        `  A test key:       npm run cli -- bootstrap`,
        "",
      ].join("\n"),
    );
  });

  // In order: stop taking requests and jobs, close the pools, and only then stop the database, so
  // no open connection sees it go.
  stopOnSignal(async () => {
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeIdleConnections();
      // A request still running after 5 s (a slow client) is cut rather than awaited.
      setTimeout(() => server.closeAllConnections(), 5_000).unref();
    });
    // Every step runs even when one before it failed: the database, in its own session, would
    // otherwise outlive this process.
    const failures: unknown[] = [];
    for (const step of [() => worker?.stop(), () => app.close(), () => disconnectDb(), () => database.stop()]) {
      await Promise.resolve()
        .then(step)
        .catch((error: unknown) => failures.push(error));
    }
    if (failures.length > 0) throw new AggregateError(failures, "some parts did not stop cleanly");
  });
}

main().catch(exitOnStartupFailure);
