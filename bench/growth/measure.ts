// The growth scenario's timings at one data size (bench/README.md, "Growth"): every operation, warm,
// `reps` times, against our production server over HTTP, or in this process where an operation has
// no HTTP form (the treasury figures uncached, the two retention runs). Started by bench/run.ts with
// the Node.js binary under test and DATABASE_URL of the bench database; prints one JSON line.
import pg from "pg";
import { median } from "../support/report";

export type GrowthSpec = {
  baseUrl: string;
  cookie: string;
  apiKey: string;
  applicationId: string;
  busyWalletId: string;
  busyExternalUserId: string;
  /** The busy card's authorization with a long network history (bench/support/growth-seed.ts). */
  busyAuthorizationId: string;
  /** Its network steps: what GET /authorizations/{id} must answer as its history. */
  busyAuthorizationSteps: number;
  /** The wallet the busy wallet's timed transfers pay. */
  payeeExternalUserId: string;
  /** The balance's movements in the settlement report's year, the same at every size. */
  balanceReportMovements: number;
  endpointId: string;
  /** An ordinary wallet's externalUserId the console's wallet search looks for. */
  searchExternalUserId: string;
  /** Days of the retention periods the seeded history assumes. */
  retentionDays: number;
  /** Rows each timed retention run finds expired: the same at every size. */
  retentionRows: number;
  reps: number;
  warmups: number;
};

export type GrowthOperation = {
  id: string;
  title: string;
  via: "http" | "in-process";
  runsMs: number[];
  medianMs: number;
  /** What one run answered: a status, or a number of rows the retention run changed. */
  outcome: string;
};

export type GrowthMeasurement = { node: string; operations: GrowthOperation[] };

type Operation = {
  id: string;
  title: string;
  via: "http" | "in-process";
  /** Untimed work before each run (the retention runs' expired rows). */
  prepare?: () => Promise<void>;
  run: () => Promise<string>;
};

const spec = JSON.parse(process.argv[2] ?? "{}") as GrowthSpec;
const databaseUrl = process.env.DATABASE_URL ?? "";

function today(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One HTTP request, its body read to the end; anything but `expect` fails the scenario. `check`
 * reads the answer's text (timed with the request) and says what it held, or throws.
 */
async function request(
  path: string,
  init: {
    method?: string;
    body?: unknown;
    console?: boolean;
    expect?: number;
    headers?: Record<string, string>;
    check?: (text: string) => string;
  } = {},
): Promise<string> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.console) headers.cookie = spec.cookie;
  else if (path.startsWith("/api/public/sdk/")) headers.authorization = `Bearer ${spec.apiKey}`;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${spec.baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    redirect: "manual",
  });
  const text = await response.text();
  const expect = init.expect ?? 200;
  if (response.status !== expect)
    throw new Error(
      `${init.method ?? "GET"} ${path} answered ${response.status}, not ${expect}: ${text.slice(0, 300)}`,
    );
  // A console page whose session was refused still answers 200 with the sign-in form.
  if (init.console && /name="password"|Sign in to the console/i.test(text))
    throw new Error(`${path} answered the sign-in page: the session cookie was refused`);
  return init.check ? `${response.status}, ${init.check(text)}` : String(response.status);
}

async function main(): Promise<void> {
  const { prisma, disconnectDb } = await import("@/lib/db/client");
  const { computeTreasuryStats } = await import("@/lib/treasury/compute-treasury-stats");
  const { deleteExpiredRequestLogs } = await import("@/lib/maintenance/request-log-retention");
  const { dropExpiredAttemptBodies } = await import("@/lib/maintenance/attempt-retention");
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  const app = `/merchant/sdk/apps/${spec.applicationId}`;
  const busy = encodeURIComponent(spec.busyExternalUserId);
  const expired = `(now() AT TIME ZONE 'UTC') - interval '${spec.retentionDays + 1} days'`;
  let batch = 0;

  const operations: Operation[] = [
    {
      id: "treasury-stats-uncached",
      title: "GET /api/public/treasury/stats.json, uncached (computeTreasuryStats in process)",
      via: "in-process",
      // The route keeps one result per process for 60 s (lib/treasury/treasury-stats.ts) and takes
      // no parameter that bypasses it, so the uncached cost is the computation it caches.
      run: async () => {
        const stats = await computeTreasuryStats(prisma(), new Date());
        if (stats.currencies.length === 0) throw new Error("the treasury figures count no live wallet");
        return `balanced ${stats.ledger_balanced}`;
      },
    },
    {
      id: "treasury-stats-http",
      title: "GET /api/public/treasury/stats.json (cached per process)",
      via: "http",
      run: () => request("/api/public/treasury/stats.json"),
    },
    {
      id: "console-events",
      title: "console: events list",
      via: "http",
      run: () => request(`${app}/events`, { console: true }),
    },
    {
      id: "console-endpoint",
      title: "console: an endpoint's page (24 h / 7 d p50, p95)",
      via: "http",
      run: () => request(`${app}/webhooks/endpoints/${spec.endpointId}`, { console: true }),
    },
    {
      id: "console-wallet-search",
      title: "console: wallet search",
      via: "http",
      run: () => request(`${app}/wallets?q=${encodeURIComponent(spec.searchExternalUserId)}`, { console: true }),
    },
    {
      id: "console-request-log-path",
      title: "console: request log, path contains",
      via: "http",
      run: () => request(`${app}/logs?path=${busy}`, { console: true }),
    },
    {
      id: "transactions-first-page",
      title: "GET /wallets/{id}/transactions, first page, a wallet whose history grows",
      via: "http",
      run: () => request(`/api/public/sdk/v1/wallets/${busy}/transactions`),
    },
    {
      id: "statement-400-days",
      title: "POST /wallets/{id}/statements, busy wallet, 400 days",
      via: "http",
      run: () =>
        request(`/api/public/sdk/v1/wallets/${busy}/statements`, {
          method: "POST",
          body: { periodStart: today(-399), periodEnd: today() },
          expect: 201,
          headers: { "idempotency-key": `growth-statement-${Date.now()}-${Math.random()}` },
        }),
    },
    {
      id: "request-log-retention",
      title: "request-log retention run",
      via: "in-process",
      prepare: async () => {
        batch++;
        await sql.query(
          `INSERT INTO "RequestLog" (id, "applicationId", livemode, method, path, status, "latencyMs", "createdAt")
           SELECT 'req_expired' || $2 || '_' || k, $1, false, 'GET', '/api/public/sdk/v1/wallets/expired', 200, 5,
                  ${expired} - k * interval '1 second'
           FROM generate_series(1, $3::int) k`,
          [spec.applicationId, `${process.pid}_${batch}`, spec.retentionRows],
        );
      },
      run: async () => `${await deleteExpiredRequestLogs(prisma(), { retentionDays: spec.retentionDays })} rows`,
    },
    {
      id: "attempt-retention",
      title: "attempt-body retention run",
      via: "in-process",
      // The newest attempts past the period get their bodies back, as if not yet dropped.
      prepare: async () => {
        await sql.query(
          `UPDATE "WebhookAttempt" SET "requestBody" = '{}', "requestHeaders" = '{"content-type":"application/json"}',
                  "responseExcerpt" = 'ok', "bodiesDroppedAt" = NULL
           WHERE id IN (SELECT a.id FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId"
                        WHERE d."applicationId" = $1 AND a."createdAt" < ${expired}
                        ORDER BY a."createdAt" DESC LIMIT $2)`,
          [spec.applicationId, spec.retentionRows],
        );
      },
      run: async () => `${await dropExpiredAttemptBodies(prisma(), { retentionDays: spec.retentionDays })} rows`,
    },
    {
      id: "wallet-read",
      title: "GET /wallets/{id}",
      via: "http",
      run: () => request(`/api/public/sdk/v1/wallets/${busy}`),
    },
    {
      id: "events-api",
      title: "GET /events, first page",
      via: "http",
      run: () => request("/api/public/sdk/v1/events"),
    },
    {
      id: "deliveries-api",
      title: "GET /webhooks/deliveries, first page",
      via: "http",
      run: () => request("/api/public/sdk/v1/webhooks/deliveries"),
    },
    {
      id: "liability-proof",
      title: "GET /wallets/{id}/liability-proof, the busy wallet in the latest snapshot",
      via: "http",
      run: () =>
        request(`/api/public/sdk/v1/wallets/${busy}/liability-proof`, {
          check: (text) => {
            const proof = JSON.parse(text) as { object?: string; path?: unknown[] };
            if (proof.object !== "liability_proof") throw new Error(`not a liability proof: ${text.slice(0, 200)}`);
            return `${proof.path?.length ?? "?"} siblings`;
          },
        }),
    },
    {
      id: "authorization-history",
      title: "GET /authorizations/{id}, the busy card's authorization with a long network history",
      via: "http",
      run: () =>
        request(`/api/public/sdk/v1/authorizations/${spec.busyAuthorizationId}`, {
          check: (text) => {
            const steps = (JSON.parse(text) as { history?: unknown[] }).history?.length;
            if (steps !== spec.busyAuthorizationSteps)
              throw new Error(`the authorization's history has ${steps} steps, not ${spec.busyAuthorizationSteps}`);
            return `${steps} steps`;
          },
        }),
    },
    {
      id: "balance-report",
      title: "GET /reports/balance (JSON), the settlement report over its longest period (366 days)",
      via: "http",
      run: () => {
        // The longest period a report may cover, ending now; the seeded year of movements lies inside it.
        const to = new Date();
        const from = new Date(to.getTime() - 366 * 86_400_000);
        return request(
          `/api/public/sdk/v1/reports/balance?from=${from.toISOString()}&to=${to.toISOString()}&format=json`,
          {
            check: (text) => {
              const report = JSON.parse(text) as { currencies?: { movements?: unknown[] }[] };
              const movements = report.currencies?.reduce((sum, c) => sum + (c.movements?.length ?? 0), 0);
              // Our own transfers into the balance are none; the seeded year is all there is.
              if (movements !== spec.balanceReportMovements)
                throw new Error(`the report lists ${movements} movements, not ${spec.balanceReportMovements}`);
              return `${movements} movements`;
            },
          },
        );
      },
    },
    { id: "verify-page", title: "GET /verify", via: "http", run: () => request("/verify") },
    { id: "treasury-verify-page", title: "GET /treasury/verify", via: "http", run: () => request("/treasury/verify") },
    {
      id: "console-overview",
      title: "console: application overview",
      via: "http",
      run: () => request(app, { console: true }),
    },
    {
      id: "console-wallets",
      title: "console: wallets list",
      via: "http",
      run: () => request(`${app}/wallets`, { console: true }),
    },
    {
      id: "console-wallet",
      title: "console: the busy wallet's page",
      via: "http",
      run: () => request(`${app}/wallets/${spec.busyWalletId}`, { console: true }),
    },
    {
      id: "console-request-log",
      title: "console: request log, unfiltered",
      via: "http",
      run: () => request(`${app}/logs`, { console: true }),
    },
    {
      id: "console-webhooks",
      title: "console: webhooks page",
      via: "http",
      run: () => request(`${app}/webhooks`, { console: true }),
    },
    {
      id: "console-audit",
      title: "console: audit log",
      via: "http",
      run: () => request(`${app}/audit`, { console: true }),
    },
    // Last: each run adds a line to the busy wallet's history, which the operations above read.
    {
      id: "transfer-long-history",
      title: "POST /transfers, from the busy wallet (a long history) to another wallet",
      via: "http",
      run: () =>
        request("/api/public/sdk/v1/transfers", {
          method: "POST",
          body: {
            from: { type: "wallet", externalUserId: spec.busyExternalUserId },
            to: { type: "wallet", externalUserId: spec.payeeExternalUserId },
            amount: 0.01,
            currency: "USD",
          },
          expect: 201,
          headers: { "idempotency-key": `growth-transfer-${Date.now()}-${Math.random()}` },
        }),
    },
  ];

  // One untimed pass over everything first: a fresh server's first requests compile its routes and
  // open its connections, which the first operation timed would otherwise pay for alone.
  for (const operation of operations) {
    await operation.prepare?.();
    await operation.run();
  }
  const results: GrowthOperation[] = [];
  for (const operation of operations) {
    for (let i = 0; i < spec.warmups; i++) {
      await operation.prepare?.();
      await operation.run();
    }
    const runsMs: number[] = [];
    let outcome = "";
    for (let i = 0; i < spec.reps; i++) {
      await operation.prepare?.();
      const started = performance.now();
      outcome = await operation.run();
      runsMs.push(Math.round((performance.now() - started) * 100) / 100);
    }
    if (operation.prepare && outcome !== `${spec.retentionRows} rows`)
      throw new Error(`${operation.id}: a run changed ${outcome}, not the ${spec.retentionRows} prepared`);
    results.push({
      id: operation.id,
      title: operation.title,
      via: operation.via,
      runsMs,
      medianMs: median(runsMs),
      outcome,
    });
    console.error(`${operation.id}: median ${median(runsMs).toFixed(1)} ms (${runsMs.join(", ")})`);
  }
  await sql.end();
  await disconnectDb();
  const measurement: GrowthMeasurement = { node: process.version, operations: results };
  console.log(JSON.stringify(measurement));
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
process.exit();
