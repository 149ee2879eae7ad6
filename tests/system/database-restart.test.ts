// Issue 22, proven on the production build: `npm start` (a cluster primary running the webhook
// worker, and two server processes) on a PostgreSQL of this test's own, which the test restarts
// twice under load with webhook deliveries in flight: once shut down cleanly (`pg_ctl stop -m fast`,
// as for an upgrade) and once killed (`-m immediate`, as in a crash). No process exits; while the
// database is down every API answer is 503 `unavailable` with Retry-After and the console says the
// service is briefly unavailable; within 10 s of its return everything answers normally; every
// acknowledged write is there afterwards, every event is delivered, no worker sends a delivery
// twice, and the worker holds its liveness lock again.
//
// The scenario runs once (the first test) and records what happened; the tests after it each judge
// one part of the record, so a failure names the rule it broke with the figures beside it.
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { REPO_ROOT } from "@/lib/db/paths";
import { verifySignature } from "@/lib/webhooks/verify";
import { CHROMIUM_ARGS } from "@/scripts/testing/find-chromium";
import { PRODUCTION_DIST_DIR, useProductionBuild, type ProductionBuildLease } from "@/scripts/testing/production-build";
import { findPostgresBinaries, startPrivatePostgres, type PrivatePostgres } from "../helpers/private-postgres";
import { alive, childPids } from "../helpers/proc";
import { freePort, startService, stopProcess, type ServiceProcess } from "../helpers/service-process";
import { sleep, waitUntil } from "../helpers/wait-until";
import { startReceiver, type ReceivedRequest, type WebhookReceiver } from "../helpers/webhook-receiver";
import { asaRequest, lithicSecret, signedByLithic } from "../helpers/lithic-payloads";

const SDK = "/api/public/sdk/v1";
/** The restarts, in order: a clean shutdown (sessions are told and closed), then a crash (killed). */
const RESTARTS = ["fast", "immediate"] as const;
type StopMode = (typeof RESTARTS)[number];
/** Concurrent API clients writing (wallet, funding, card, card tap) throughout. */
const CLIENTS = 4;
/** Load before the first restart. */
const WARM_UP_MS = 6_000;
/** Before each stop the receiver answers slowly for this long, so deliveries are in flight at the stop. */
const SLOW_STRETCH_MS = 3_000;
/** How long the database stays down. */
const OUTAGE_MS = 5_000;
/** Load after each return, before the next restart or the end. */
const AFTER_RETURN_MS = 12_000;
/** "Normal answers within 10 s of its return." */
const RECOVERY_LIMIT_MS = 10_000;
/** A write refused during an outage and retried with its Idempotency-Key is done this long after the return. */
const RETRIED_WRITE_LIMIT_MS = 30_000;
const DELIVERY_LIMIT_MS = 90_000;
/** Lithic's Authorization Stream Access window we answer inside (LITHIC_ASA_BUDGET_MS, its default). */
const ASA_BUDGET_MS = 1_500;
/** Lithic's ASA requests sent while the database is down, one after another. */
const ASA_DURING_OUTAGE = 3;
const ASA_SECRET = lithicSecret();
/** A probe reads and writes this often throughout, so the outages' edges are measured closely. */
const PROBE_INTERVAL_MS = 250;

const chromiumPath = [process.env.CHROMIUM_PATH?.trim(), "/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (candidate): candidate is string => Boolean(candidate && existsSync(candidate)),
);
const postgresBinaries = findPostgresBinaries();

type Call = {
  who: string;
  kind: string;
  method: string;
  path: string;
  sentAt: number;
  answeredAt: number;
  /** null: no HTTP answer at all (refused, reset, timed out). */
  status: number | null;
  failure?: string;
  code?: string;
  retryAfter?: string;
  requestId?: string;
  bodyRequestId?: unknown;
  text: string;
  json: unknown;
};

type WriteKind = "wallet" | "fund" | "card" | "tap";
/** One write under one Idempotency-Key: every answer it got, and what a 2xx acknowledged. */
type Write = {
  kind: WriteKind;
  externalUserId: string;
  /** Retried under its key while told to (the clients' writes); the probe's are sent once. */
  retried: boolean;
  answers: Call[];
  acknowledged?: { id: string; at: number };
};

type ConsoleLoad = { at: number; ms: number; status: number | null; url: string; text: string; failure?: string };

type LivenessHolder = { pid: number; applicationName: string; poolId: string; keyMatches: boolean };

type AsaCall = { status: number; ms: number; result?: unknown; token?: unknown; sentToken: string };

type Outage = {
  mode: StopMode;
  /** The receiver turned slow. */
  slowFrom: number;
  stopAsked: number;
  /** pg_ctl stop returned: the server is gone. */
  stopped: number;
  startAsked: number;
  /** pg_ctl start returned: the server accepts connections. */
  up: number;
  /** The next restart's stop, or the end of the load: what follows this outage. */
  until: number;
  inFlightAtStop: ReceivedRequest[];
  livenessBefore: LivenessHolder[];
  /** Taken AFTER_RETURN_MS after the return. */
  livenessAfter: LivenessHolder[];
  /** ms after the return at which a worker's liveness lock was seen held again, or null. */
  livenessBackAfterMs: number | null;
  consoleDuring?: ConsoleLoad;
  /** Lithic's ASA requests sent while the database was down: what each answered and how fast. */
  asaDuring: AsaCall[];
  consoleAfter?: ConsoleLoad & { sinceUpMs: number };
  consoleAttemptsAfter: ConsoleLoad[];
};

type Scenario = {
  loadStart: number;
  loadEnd: number;
  outages: Outage[];
  calls: Call[];
  writes: Write[];
  processes: {
    primary: number;
    servers: number[];
    gone: { pid: number; at: number }[];
    added: number[];
    exit?: string;
  };
};

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};

/** One request on a connection of its own (so the cluster hands each to a server process in turn), never hanging. */
function call(
  base: string,
  who: string,
  kind: string,
  method: string,
  pathname: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<Call> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sentAt = Date.now();
  const base_ = { who, kind, method, path: pathname, sentAt };
  return new Promise((resolve) => {
    const request = http.request(
      new URL(pathname, base),
      {
        method,
        agent: false,
        headers: {
          connection: "close",
          ...(payload === undefined ? {} : { "content-type": "application/json" }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", (error) =>
          resolve({
            ...base_,
            answeredAt: Date.now(),
            status: null,
            failure: error.message,
            text: "",
            json: undefined,
          }),
        );
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          const error = asObject(asObject(json).error);
          const header = (name: string) => {
            const value = response.headers[name];
            return Array.isArray(value) ? value.join(", ") : value;
          };
          resolve({
            ...base_,
            answeredAt: Date.now(),
            status: response.statusCode ?? null,
            code: typeof error.code === "string" ? error.code : undefined,
            retryAfter: header("retry-after"),
            requestId: header("x-request-id"),
            bodyRequestId: error.request_id,
            text: text.slice(0, 400),
            json,
          });
        });
      },
    );
    request.setTimeout(20_000, () => request.destroy(new Error("no answer in 20 s")));
    request.on("error", (error) =>
      resolve({ ...base_, answeredAt: Date.now(), status: null, failure: error.message, text: "", json: undefined }),
    );
    request.end(payload);
  });
}

const ok = (c: Call) => c.status !== null && c.status >= 200 && c.status < 300;

const answerName = (c: Call) =>
  c.status === null ? `no answer (${c.failure})` : `${c.status}${c.code ? ` ${c.code}` : ""}`;

/** Requests sent once the server was gone and answered before it was asked to start again. */
const duringOutage = (calls: Call[], outage: Outage) =>
  calls.filter((c) => c.sentAt >= outage.stopped && c.answeredAt <= outage.startAsked);

/** One write's answers in order, runs of the same answer folded (`503 unavailable ×3 (sent +120..+4100 ms)`), times from `origin`. */
function answerHistory(answers: Call[], origin: number): string {
  const runs: { name: string; first: number; last: number; count: number }[] = [];
  for (const c of answers) {
    const name = answerName(c);
    const run = runs.at(-1);
    if (run?.name === name) {
      run.last = c.sentAt - origin;
      run.count += 1;
    } else runs.push({ name, first: c.sentAt - origin, last: c.sentAt - origin, count: 1 });
  }
  return runs
    .map((r) =>
      r.count === 1 ? `${r.name} (sent +${r.first} ms)` : `${r.name} ×${r.count} (sent +${r.first}..+${r.last} ms)`,
    )
    .join(", then ");
}

/** One signed ASA request (a card no one knows: while the database is down nothing can be looked up). */
async function askAsa(baseUrl: string): Promise<AsaCall> {
  const request = asaRequest({ cardToken: randomUUID(), amount: 1234 });
  const signed = signedByLithic(request, ASA_SECRET);
  const started = Date.now();
  try {
    const response = await fetch(`${baseUrl}/api/processors/lithic/asa`, {
      method: "POST",
      headers: signed.headers,
      body: signed.body,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { result?: unknown; token?: unknown };
    return { status: response.status, ms: Date.now() - started, ...body, sentToken: String(request.token) };
  } catch {
    return { status: 0, ms: Date.now() - started, sentToken: String(request.token) };
  }
}

/** The server processes a cluster primary forked (not, say, tsx's esbuild service). */
function serverPids(primary: number): number[] {
  return childPids(primary)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("scripts/serve.ts");
      } catch {
        return false;
      }
    })
    .sort((a, b) => a - b);
}

/** One short-lived session on the private database (none is left open across the restart). */
async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sessions holding a webhook worker's liveness lock (lib/webhooks/worker-liveness.ts: class 0x57484b, key hashtext(poolId)). */
async function livenessHolders(url: string): Promise<LivenessHolder[]> {
  const rows = await query<{ pid: number; application_name: string; objid: string; expected: string | null }>(
    url,
    `SELECT l.pid, a.application_name, l.objid::text AS objid,
       ((hashtext(substr(a.application_name, length('webhook-worker ') + 1))::bigint & 4294967295)::oid)::text AS expected
     FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.classid = x'57484b'::int::oid
       AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows.map((row) => ({
    pid: row.pid,
    applicationName: row.application_name,
    poolId: row.application_name.replace(/^webhook-worker /, ""),
    keyMatches: row.application_name.startsWith("webhook-worker ") && row.objid === row.expected,
  }));
}

/** `npm run cli -- bootstrap --json` against the private database. */
async function bootstrap(databaseUrl: string, webhookUrl: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
  for (const name of Object.keys(env)) if (name.startsWith("VITEST")) delete env[name];
  const args = [
    "--import",
    "tsx",
    path.join(REPO_ROOT, "scripts/cli.ts"),
    "bootstrap",
    "--json",
    "--email",
    `restart-${randomBytes(4).toString("hex")}@example.test`,
    "--app-name",
    "Database restart",
    "--webhook-url",
    webhookUrl,
  ];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += String(chunk)));
  child.stderr.on("data", (chunk) => (stderr += String(chunk)));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  if (code !== 0) throw new Error(`cli bootstrap exited ${code}:\n${stdout}\n${stderr}`);
  const line = stdout.trim().split("\n").at(-1) ?? "";
  const parsed = asObject(JSON.parse(line));
  const field = (name: string) => {
    const value = parsed[name];
    if (typeof value !== "string") throw new Error(`cli bootstrap printed no ${name}: ${line}`);
    return value;
  };
  return {
    appId: field("appId"),
    key: field("testKey"),
    webhookSecret: field("testWebhookSecret"),
    email: field("email"),
    password: field("password"),
    endpointId: field("endpointId"),
  };
}

describe.skipIf(!postgresBinaries)(
  postgresBinaries
    ? "database restarts under load, on `npm start` with two server processes"
    : "database restarts under load (skipped: no PostgreSQL binaries; set PG_BIN_DIR)",
  () => {
    let build: ProductionBuildLease | undefined;
    let database: PrivatePostgres | undefined;
    let service: ServiceProcess | undefined;
    let receiver: WebhookReceiver | undefined;
    let browser: Browser | undefined;
    let page: Page | undefined;
    let app: Awaited<ReturnType<typeof bootstrap>> | undefined;
    let record: Scenario | undefined;
    /** When set, the receiver answers around this moment (inside the outage), 3 to 8 s after receiving. */
    let slowAnswersAround: number | null = null;
    const probeUser = `probe_${randomBytes(6).toString("hex")}`;

    const base = () => service?.base ?? "";
    const bearer = () => ({ authorization: `Bearer ${app?.key ?? ""}` });

    const failWithLogs = (message: string, chars = 2_500) =>
      `${message}\n--- service output (tail) ---\n${service?.output().slice(-chars) ?? ""}\n--- PostgreSQL log (tail) ---\n${database?.log(1_500) ?? ""}`;

    /** The checks that need the service to answer say so plainly when it is gone, rather than failing item by item. */
    const requireRunningService = (what: string) => {
      const child = service?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null)
        throw new Error(
          failWithLogs(
            `cannot check ${what}: \`npm start\` is no longer running (${child?.exitCode ?? child?.signalCode})`,
          ),
        );
    };

    beforeAll(async () => {
      build = await useProductionBuild({ output: "capture" });
      database = await startPrivatePostgres();
      await migrateDatabase(database.url);

      receiver = await startReceiver(() => {
        if (slowAnswersAround === null) return { status: 200 };
        const target = slowAnswersAround + Math.random() * 2_000;
        return { status: 200, delayMs: Math.min(8_000, Math.max(3_000, target - Date.now())) };
      });
      app = await bootstrap(database.url, receiver.url);

      service = await startService({
        NODE_ENV: "production",
        NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        SECRETS_KEY: process.env.SECRETS_KEY ?? "",
        AUTH_SECRET: randomBytes(32).toString("base64url"),
        // A cluster primary (which runs the webhook worker) and two server processes.
        WEB_CONCURRENCY: "2",
        // No Redis: the limiter counts in the primary's memory; high, so only the outages refuse.
        API_RATE_LIMIT_PER_MINUTE: "1000000",
        // Lithic's ASA requests reach the card network lifecycle (answered by the stand-in while down).
        LITHIC_ASA_SECRET: ASA_SECRET,
        LITHIC_ASA_BUDGET_MS: String(ASA_BUDGET_MS),
      });

      const probe = await call(base(), "setup", "wallet", "POST", `${SDK}/wallets`, {
        headers: bearer(),
        body: { externalUserId: probeUser, currency: "USD", email: "probe@example.com" },
      });
      if (probe.status !== 201) throw new Error(failWithLogs(`the probe's wallet: ${probe.status} ${probe.text}`));

      if (chromiumPath) {
        browser = await chromium.launch({
          executablePath: chromiumPath,
          args: CHROMIUM_ARGS,
        });
        page = await browser.newPage();
        await page.goto(`${base()}/merchant/sdk/sign-in`);
        await page.getByLabel("Email").fill(app.email);
        await page.getByLabel("Password").fill(app.password);
        await page.getByRole("button", { name: "Sign in" }).click();
        await page.getByRole("heading", { level: 1, name: "Applications" }).waitFor({ timeout: 30_000 });
      }
    }, 600_000);

    afterAll(async () => {
      await browser?.close().catch(() => undefined);
      if (service) await stopProcess(service.child, { group: true });
      await receiver?.close();
      await database?.destroy();
      build?.release();
    }, 60_000);

    /**
     * Loads the console's applications page and records what it showed, once `awaited` shows (an
     * error boundary may render only after hydration) or after 3 s without it.
     */
    async function loadConsole(awaited: RegExp): Promise<ConsoleLoad> {
      const at = Date.now();
      if (!page) throw new Error("no browser");
      try {
        const response = await page.goto(`${base()}/merchant/sdk`, { timeout: 8_000 });
        await page
          .getByText(awaited)
          .first()
          .waitFor({ timeout: 3_000 })
          .catch(() => undefined);
        const text = await page.locator("body").innerText({ timeout: 2_000 });
        return {
          at,
          ms: Date.now() - at,
          status: response?.status() ?? null,
          url: page.url(),
          text: text.slice(0, 600),
        };
      } catch (error) {
        return {
          at,
          ms: Date.now() - at,
          status: null,
          url: page.url(),
          text: "",
          failure: error instanceof Error ? error.message.split("\n")[0] : String(error),
        };
      }
    }
    const consoleNormal = (load: ConsoleLoad) =>
      load.status === 200 &&
      !/briefly unavailable/i.test(load.text) &&
      /Applications/.test(load.text) &&
      !load.url.includes("sign-in");

    it("runs the load through the restarts (the scenario the tests below judge)", async () => {
      if (!service || !database || !receiver || !app) throw new Error("beforeAll did not finish");
      const db = database;
      const rx = receiver;
      const calls: Call[] = [];
      const writes: Write[] = [];
      const outages: Outage[] = [];

      // The service's processes, watched throughout.
      const primary = service.pid;
      const servers = serverPids(primary);
      const processes: Scenario["processes"] = { primary, servers, gone: [], added: [] };
      service.child.on("exit", (code, signal) => (processes.exit = `code ${code}, signal ${signal}`));
      const watch = setInterval(() => {
        const now = Date.now();
        for (const pid of [primary, ...servers])
          if (!alive(pid) && !processes.gone.some((g) => g.pid === pid)) processes.gone.push({ pid, at: now });
        for (const pid of serverPids(primary))
          if (!servers.includes(pid) && !processes.added.includes(pid)) processes.added.push(pid);
      }, 200);

      // Clients: wallet, funding, card, tap, each write under an Idempotency-Key it retries with
      // (after Retry-After) while the answer says to try again.
      let loadStopped = false;
      let giveUpAt = Number.POSITIVE_INFINITY;
      const write = async (who: string, kind: WriteKind, externalUserId: string, pathname: string, body: unknown) => {
        const key = `restart-${randomBytes(8).toString("hex")}`;
        const record: Write = { kind, externalUserId, retried: true, answers: [] };
        writes.push(record);
        for (;;) {
          const answer = await call(base(), who, kind, "POST", pathname, {
            headers: { ...bearer(), "idempotency-key": key },
            body,
          });
          calls.push(answer);
          record.answers.push(answer);
          if (ok(answer)) {
            const id = asObject(answer.json).id;
            record.acknowledged = { id: typeof id === "string" ? id : "", at: answer.answeredAt };
            return asObject(answer.json);
          }
          const again =
            answer.status === null ||
            answer.status === 503 ||
            answer.status === 429 ||
            (answer.status === 409 && answer.code === "idempotency_in_progress");
          if (!again || Date.now() > giveUpAt) return undefined;
          const seconds = Number(answer.retryAfter);
          await sleep(Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds * 1_000, 2_000) : 500);
        }
      };
      const client = async (n: number) => {
        for (let i = 0; !loadStopped; i += 1) {
          const who = `client ${n}`;
          const user = `restart_${n}_${i}_${randomBytes(4).toString("hex")}`;
          const wallet = await write(who, "wallet", user, `${SDK}/wallets`, {
            externalUserId: user,
            currency: "USD",
            email: "holder@example.com",
          });
          if (!wallet) continue;
          const funded = await write(who, "fund", user, `${SDK}/test/wallets/${user}/fund`, { amount: 100 });
          const card = await write(who, "card", user, `${SDK}/cards`, {
            externalUserId: user,
            kind: "virtual",
            currency: "USD",
          });
          if (funded && typeof card?.id === "string")
            await write(who, "tap", user, `${SDK}/test/cards/${card.id}/tap`, {
              amount: 1.25,
              merchant: { name: "Corner Coffee" },
            });
          await sleep(100);
        }
      };
      // The probe: a read and a write (a new wallet, not retried) every PROBE_INTERVAL_MS.
      const probe = async () => {
        for (let i = 0; !loadStopped; i += 1) {
          const tick = sleep(PROBE_INTERVAL_MS);
          const user = `probe_${i}_${randomBytes(4).toString("hex")}`;
          const [read, written] = await Promise.all([
            call(base(), "probe", "read", "GET", `${SDK}/wallets/${probeUser}`, { headers: bearer() }),
            call(base(), "probe", "wallet", "POST", `${SDK}/wallets`, {
              headers: { ...bearer(), "idempotency-key": `probe-${randomBytes(8).toString("hex")}` },
              body: { externalUserId: user, currency: "USD", email: "probe@example.com" },
            }),
          ]);
          calls.push(read, written);
          const id = asObject(written.json).id;
          writes.push({
            kind: "wallet",
            externalUserId: user,
            retried: false,
            answers: [written],
            acknowledged: ok(written) ? { id: typeof id === "string" ? id : "", at: written.answeredAt } : undefined,
          });
          await tick;
        }
      };

      /** One restart, from the slow stretch before it to AFTER_RETURN_MS after the database's return. */
      const restart = async (mode: StopMode): Promise<Outage> => {
        const livenessBefore = await livenessHolders(db.url);
        // Deliveries in flight: from now the receiver holds each answer until inside the outage.
        const slowFrom = Date.now();
        slowAnswersAround = slowFrom + SLOW_STRETCH_MS + 1_500;
        await sleep(SLOW_STRETCH_MS);

        const stopAsked = Date.now();
        const inFlightAtStop = rx.received.filter((r) => r.answeredAt === null);
        await db.stop(mode);
        const stopped = Date.now();
        slowAnswersAround = null;

        // The console while the database is down.
        let consoleDuring: ConsoleLoad | undefined;
        if (page) {
          await sleep(500);
          consoleDuring = await loadConsole(/briefly unavailable/i);
        }
        // Lithic's authorization requests while down: the stand-in answers each inside the window.
        const asaDuring: AsaCall[] = [];
        for (let n = 0; n < ASA_DURING_OUTAGE; n++) asaDuring.push(await askAsa(base()));
        await sleep(Math.max(0, stopped + OUTAGE_MS - Date.now()));

        const startAsked = Date.now();
        await db.start();
        const up = Date.now();

        // The liveness lock and the console, each as soon as they are back.
        const livenessBack = (async () => {
          while (Date.now() < up + 30_000) {
            const holders = await livenessHolders(db.url).catch(() => []);
            if (holders.some((h) => h.keyMatches)) return Date.now() - up;
            await sleep(200);
          }
          return null;
        })();
        const consoleAttemptsAfter: ConsoleLoad[] = [];
        let consoleAfter: Outage["consoleAfter"];
        while (page && Date.now() < up + 30_000) {
          const load = await loadConsole(/Applications/);
          consoleAttemptsAfter.push(load);
          if (consoleNormal(load)) {
            consoleAfter = { ...load, sinceUpMs: load.at + load.ms - up };
            break;
          }
          await sleep(250);
        }
        await sleep(Math.max(0, up + AFTER_RETURN_MS - Date.now()));
        return {
          mode,
          slowFrom,
          stopAsked,
          stopped,
          startAsked,
          up,
          until: Date.now(),
          inFlightAtStop,
          livenessBefore,
          livenessAfter: await livenessHolders(db.url),
          livenessBackAfterMs: await livenessBack,
          consoleDuring,
          asaDuring,
          consoleAfter,
          consoleAttemptsAfter,
        };
      };

      const loadStart = Date.now();
      const load = Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), probe()]);
      try {
        await sleep(WARM_UP_MS);
        for (const mode of RESTARTS) {
          const outage = await restart(mode);
          const previous = outages.at(-1);
          if (previous) previous.until = outage.stopAsked;
          outages.push(outage);
          // A service that died has shown what it does; another restart would show nothing more.
          if (processes.exit !== undefined) break;
        }
        // The last return is followed as long as the others (until the next slow stretch's end).
        await sleep(SLOW_STRETCH_MS);
        const last = outages.at(-1);
        if (last) last.until = Date.now();
        loadStopped = true;
        // A write under way may still be waiting out a refusal (Retry-After); it has until then.
        giveUpAt = (outages.at(-1)?.up ?? 0) + RETRIED_WRITE_LIMIT_MS;
        await load;
      } finally {
        // Whatever failed above, the clients stop and nothing keeps watching.
        loadStopped = true;
        giveUpAt = Math.min(giveUpAt, Date.now());
        slowAnswersAround = null;
        clearInterval(watch);
        await load;
      }
      record = { loadStart, loadEnd: Date.now(), outages, calls, writes, processes };

      const statuses = new Map<string, number>();
      for (const c of calls) statuses.set(answerName(c), (statuses.get(answerName(c)) ?? 0) + 1);
      const lines = [
        `database restarts: ${calls.length} requests; writes acknowledged ${writes.filter((w) => w.acknowledged).length}, the probe's refused ${writes.filter((w) => !w.retried && !w.acknowledged).length}, the clients' given up ${writes.filter((w) => w.retried && !w.acknowledged).length}; answers: ${[...statuses].map(([k, v]) => `${k} ×${v}`).join(", ")}`,
        `  processes: primary ${primary}, servers ${servers.join(", ")}; gone ${processes.gone.map((g) => `${g.pid} (at +${g.at - loadStart} ms)`).join(", ") || "none"}; new ${processes.added.join(", ") || "none"}; exit ${processes.exit ?? "none"}`,
      ];
      for (const o of outages) {
        const during = duringOutage(calls, o);
        const firstOk = (kind: "read" | "write") => {
          const first = calls
            .filter((c) => c.sentAt >= o.up && ok(c) && (kind === "read") === (c.kind === "read"))
            .sort((a, b) => a.answeredAt - b.answeredAt)[0];
          return first ? `${first.answeredAt - o.up} ms` : "none";
        };
        lines.push(
          `  -m ${o.mode} at +${o.stopAsked - loadStart} ms: stop took ${o.stopped - o.stopAsked} ms, down ${o.startAsked - o.stopped} ms, start took ${o.up - o.startAsked} ms; ${o.inFlightAtStop.length} deliveries in flight at the stop`,
          `    sent and answered while down: ${during.length}, of which 503 unavailable: ${during.filter((c) => c.status === 503 && c.code === "unavailable").length}; first 2xx after the return: read ${firstOk("read")}, write ${firstOk("write")}`,
          `    liveness lock before: ${o.livenessBefore.map((h) => h.applicationName).join(", ") || "none"}; after: ${o.livenessAfter.map((h) => h.applicationName).join(", ") || "none"} (held again ${o.livenessBackAfterMs ?? "never"} ms after the return)`,
          `    Lithic ASA while down: ${o.asaDuring.map((a) => `${a.status} ${String(a.result)} in ${a.ms} ms`).join(", ")}`,
          `    console while down: ${o.consoleDuring ? `HTTP ${o.consoleDuring.status} in ${o.consoleDuring.ms} ms, ${JSON.stringify(o.consoleDuring.failure ?? o.consoleDuring.text.slice(0, 90))}` : "not loaded"}; normal again ${o.consoleAfter ? `${o.consoleAfter.sinceUpMs} ms` : "never"} after the return`,
        );
      }
      console.log(lines.join("\n"));
      // The scenario itself must have happened as designed for the tests below to mean anything.
      for (const o of outages) {
        expect(o.inFlightAtStop.length, `deliveries in flight at the -m ${o.mode} stop`).toBeGreaterThan(0);
        expect(duringOutage(calls, o).length, `requests answered while down (-m ${o.mode})`).toBeGreaterThanOrEqual(10);
      }
    }, 300_000);

    it("keeps every process of `npm start` running: none exits, none is replaced", () => {
      if (!record) throw new Error("the scenario did not run");
      const { processes } = record;
      expect(processes.servers, "server processes forked by the primary").toHaveLength(2);
      expect(processes.exit, failWithLogs("the primary exited", 8_000)).toBeUndefined();
      expect(processes.gone, failWithLogs("processes that exited")).toEqual([]);
      expect(processes.added, "processes forked anew by the primary").toEqual([]);
      for (const pid of [processes.primary, ...processes.servers]) expect(alive(pid), `pid ${pid}`).toBe(true);
    });

    it("answers 503 `unavailable` with Retry-After and a request id while the database is down, never a 500 or a dropped connection", () => {
      if (!record) throw new Error("the scenario did not run");
      const { calls, loadStart } = record;
      const show = (list: Call[]) =>
        list
          .slice(0, 12)
          .map(
            (c) =>
              `${c.who} ${c.method} ${c.path} sent at +${c.sentAt - loadStart} ms: ${c.status ?? c.failure} ${c.text.slice(0, 160)}`,
          )
          .join("\n");
      const stops = record.outages
        .map((o) => `-m ${o.mode} down +${o.stopped - loadStart}..+${o.up - loadStart} ms`)
        .join(", ");

      const unanswered = calls.filter((c) => c.status === null);
      expect(unanswered.length, failWithLogs(`requests without an answer (${stops}):\n${show(unanswered)}`)).toBe(0);
      const serverErrors = calls.filter((c) => c.status !== null && c.status >= 500 && c.status !== 503);
      // What the service logged for each (its line names the request id; the stack follows it).
      const logged = (c: Call) => {
        const lines = service?.output().split("\n") ?? [];
        const at = c.requestId ? lines.findIndex((line) => line.includes(c.requestId ?? "")) : -1;
        return at < 0 ? `(no line for ${c.requestId})` : lines.slice(at, at + 16).join("\n");
      };
      expect(
        serverErrors.length,
        failWithLogs(
          `5xx other than 503 (${stops}):\n${show(serverErrors)}\n${serverErrors.slice(0, 3).map(logged).join("\n")}`,
        ),
      ).toBe(0);
      // Refusals other than the ones a client is told to retry are bugs of the outage too (a key
      // refused as unknown, a wallet not found because its read failed).
      const refused = calls.filter(
        (c) =>
          c.status !== null &&
          c.status >= 400 &&
          c.status < 500 &&
          c.status !== 429 &&
          !(c.status === 409 && c.code === "idempotency_in_progress"),
      );
      expect(refused.length, `unexpected 4xx (${stops}):\n${show(refused)}`).toBe(0);

      // A 503 is `unavailable` (the database is down) or, on a machine busy enough that the admission
      // control sheds load (docs/decisions/overload.md), `overloaded`: both say when to come back.
      const malformed = calls.filter(
        (c) =>
          c.status === 503 &&
          ((c.code !== "unavailable" && c.code !== "overloaded") ||
            !/^[1-9]\d*$/.test(c.retryAfter ?? "") ||
            !/^req_/.test(c.requestId ?? "") ||
            c.bodyRequestId !== c.requestId),
      );
      expect(
        malformed.length,
        `503s without code unavailable (or overloaded), Retry-After in seconds and the request id:\n${show(malformed)}`,
      ).toBe(0);

      for (const o of record.outages) {
        const during = duringOutage(calls, o);
        expect(during.length).toBeGreaterThanOrEqual(10);
        const notRefused = during.filter((c) => !(c.status === 503 && c.code === "unavailable"));
        expect(
          notRefused.length,
          `answers while the database was down (-m ${o.mode}) other than 503 unavailable:\n${show(notRefused)}`,
        ).toBe(0);
      }
    });

    it("answers Lithic's authorization requests by the stand-in inside its window while the database is down", () => {
      if (!record) throw new Error("the scenario did not run");
      for (const o of record.outages) {
        expect(o.asaDuring, `ASA requests sent while down (-m ${o.mode})`).toHaveLength(ASA_DURING_OUTAGE);
        for (const asa of o.asaDuring) {
          // Lithic's contract: a 200 with the transaction's token and a decline, never a 5xx or a hang.
          expect({ status: asa.status, result: asa.result, token: asa.token }, `-m ${o.mode}`).toEqual({
            status: 200,
            result: "SUSPECTED_FRAUD",
            token: asa.sentToken,
          });
          expect(asa.ms, `an ASA answer's time while down (-m ${o.mode})`).toBeLessThan(ASA_BUDGET_MS + 500);
        }
      }
    });

    it("answers normally within 10 s of the database's return, from every server process", () => {
      if (!record) throw new Error("the scenario did not run");
      const { calls } = record;
      for (const o of record.outages) {
        const after = calls.filter((c) => c.sentAt >= o.up).sort((a, b) => a.answeredAt - b.answeredAt);
        const firstRead = after.find((c) => c.kind === "read" && ok(c));
        const firstWrite = after.find((c) => c.kind !== "read" && ok(c));
        expect(firstRead, failWithLogs(`no successful read after the return (-m ${o.mode})`)).toBeDefined();
        expect(firstWrite, failWithLogs(`no successful write after the return (-m ${o.mode})`)).toBeDefined();
        expect((firstRead?.answeredAt ?? Infinity) - o.up, `first read (-m ${o.mode})`).toBeLessThanOrEqual(
          RECOVERY_LIMIT_MS,
        );
        expect((firstWrite?.answeredAt ?? Infinity) - o.up, `first write (-m ${o.mode})`).toBeLessThanOrEqual(
          RECOVERY_LIMIT_MS,
        );
        // From then until the next stop, nothing refused: each request came on a connection of its
        // own, so the primary handed them to both server processes in turn. (A request still out
        // when the next stop comes may meet it.)
        const late = calls.filter((c) => c.sentAt >= o.up + RECOVERY_LIMIT_MS && c.answeredAt < o.until);
        expect(late.length).toBeGreaterThan(10);
        const lateRefusals = late.filter((c) => c.status === null || c.status >= 500);
        expect(
          lateRefusals.length,
          failWithLogs(
            `still refused more than 10 s after the return (-m ${o.mode}):\n${lateRefusals
              .slice(0, 10)
              .map(
                (c) => `${c.method} ${c.path} +${c.sentAt - o.up} ms: ${c.status ?? c.failure} ${c.text.slice(0, 160)}`,
              )
              .join("\n")}`,
          ),
        ).toBe(0);
      }
    });

    it("completes every write a client retries with its Idempotency-Key within 30 s of the return", () => {
      if (!record) throw new Error("the scenario did not run");
      const { outages, loadStart } = record;
      // A write first refused at `t` is due 30 s after the return that ends the outage it met: the
      // first outage whose return comes after `t`, or (refused after the last return) the last one.
      const due = (t: number) => (outages.find((o) => o.up >= t) ?? outages.at(-1))?.up ?? 0;
      const late = record.writes.filter((w) => {
        const refused = w.answers.find((c) => !ok(c));
        if (!w.retried || !refused) return false;
        return (w.acknowledged?.at ?? Infinity) > due(refused.sentAt) + RETRIED_WRITE_LIMIT_MS;
      });
      const inProgress = record.calls.filter((c) => c.status === 409 && c.code === "idempotency_in_progress");
      expect(
        late.length,
        `retried writes not acknowledged within ${RETRIED_WRITE_LIMIT_MS} ms of the return; ` +
          `409 idempotency_in_progress answers in all: ${inProgress.length}. ` +
          `Times from the start of the load; the database was down ${outages.map((o) => `+${o.stopped - loadStart}..+${o.up - loadStart} ms (-m ${o.mode})`).join(", ")}:\n` +
          late
            .slice(0, 5)
            .map((w) => `${w.kind} of ${w.externalUserId}: ${answerHistory(w.answers, loadStart)}`)
            .join("\n"),
      ).toBe(0);
    });

    it("keeps every acknowledged write: each reads back through the API", async () => {
      if (!record) throw new Error("the scenario did not run");
      requireRunningService("the acknowledged writes through the API");
      const { loadStart } = record;
      const acknowledged = record.writes.flatMap((w) => (w.acknowledged ? [{ ...w, id: w.acknowledged.id }] : []));
      expect(acknowledged.length).toBeGreaterThan(20);
      const missing: string[] = [];
      const transactionsOf = new Map<string, Promise<string[]>>();
      const get = (pathname: string) => call(base(), "check", "read", "GET", pathname, { headers: bearer() });
      const readBack = async (write: (typeof acknowledged)[number]) => {
        let found: boolean;
        if (write.kind === "fund") {
          let ids = transactionsOf.get(write.externalUserId);
          if (!ids) {
            ids = get(`${SDK}/wallets/${write.externalUserId}/transactions?limit=100`).then((answer) => {
              const data = asObject(answer.json).data;
              return Array.isArray(data) ? data.map((t) => String(asObject(t).id)) : [];
            });
            transactionsOf.set(write.externalUserId, ids);
          }
          found = (await ids).includes(write.id);
        } else {
          const pathname = {
            wallet: `${SDK}/wallets/${write.externalUserId}`,
            card: `${SDK}/cards/${write.id}`,
            tap: `${SDK}/authorizations/${write.id}`,
          }[write.kind];
          const answer = await get(pathname);
          found = answer.status === 200 && asObject(answer.json).id === write.id;
        }
        if (!found)
          missing.push(
            `${write.kind} ${write.id} of ${write.externalUserId}, acknowledged at +${(write.acknowledged?.at ?? 0) - loadStart} ms`,
          );
      };
      const queue = [...acknowledged];
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          for (let write = queue.shift(); write; write = queue.shift()) await readBack(write);
        }),
      );
      expect(
        missing.length,
        `acknowledged writes not found (of ${acknowledged.length}), e.g.\n${missing.slice(0, 10).join("\n")}`,
      ).toBe(0);
    }, 120_000);

    it("delivers every event, and no worker sends a delivery twice", async () => {
      if (!record || !database || !receiver || !app) throw new Error("the scenario did not run");
      requireRunningService("the deliveries (its webhook worker sends them)");
      const { outages, loadStart } = record;
      const url = database.url;
      const rx = receiver;
      const { appId, endpointId, webhookSecret } = app;
      const answered = () => rx.received.filter((r) => r.answeredAt !== null);
      const startedWaiting = Date.now();
      let state = {
        events: [] as string[],
        notDelivered: [] as string[],
        notSucceeded: [] as { id: string; status: string }[],
      };
      await waitUntil(
        async () => {
          const events = (
            await query<{ id: string }>(url, `SELECT id FROM "Event" WHERE "applicationId" = $1`, [appId])
          ).map((row) => row.id);
          const delivered = new Set(answered().map((r) => String(r.headers["x-service-event-id"])));
          const rows = await query<{ id: string; status: string }>(
            url,
            `SELECT id, status FROM "WebhookDelivery" WHERE "endpointId" = $1`,
            [endpointId],
          );
          state = {
            events,
            notDelivered: events.filter((id) => !delivered.has(id)),
            notSucceeded: rows.filter((row) => row.status !== "succeeded"),
          };
          return state.notDelivered.length === 0 && state.notSucceeded.length === 0;
        },
        DELIVERY_LIMIT_MS,
        1_000,
      ).catch(() => undefined);
      const waitedMs = Date.now() - startedWaiting;
      // Long enough for a second send of anything to show.
      await sleep(3_000);

      const deliveries = await query<{ id: string; eventId: string; status: string }>(
        url,
        `SELECT id, "eventId", status FROM "WebhookDelivery" WHERE "endpointId" = $1`,
        [endpointId],
      );
      const attempts = await query<{ deliveryId: string; statusCode: number | null; error: string | null }>(
        url,
        `SELECT a."deliveryId", a."statusCode", a.error
         FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId"
         WHERE d."endpointId" = $1 ORDER BY a."createdAt", a.id`,
        [endpointId],
      );

      // What the receiver saw: signed, and each delivery's answered sends, in order.
      const received = answered();
      const unsigned = received.filter(
        (r) =>
          !verifySignature(r.rawBody.toString("utf8"), String(r.headers["x-service-signature"] ?? ""), webhookSecret),
      );
      const byDelivery = new Map<string, ReceivedRequest[]>();
      for (const r of received) {
        const id = String(r.headers["x-service-delivery-id"]);
        byDelivery.set(id, [...(byDelivery.get(id) ?? []), r]);
      }
      const repeated = [...byDelivery].filter(([, list]) => list.length > 1);
      // A second send is allowed only of a delivery whose first answer came while the database was
      // down (its attempt could not be recorded), once, after that outage, and only by another
      // worker than the one that sent it first. A pool id names a worker (its liveness lock's
      // session says which): when the pool from before the restart still runs after it, it sent both.
      const outageOf = (r: ReceivedRequest) =>
        outages.find((o) => (r.answeredAt ?? 0) >= o.stopAsked - 1_000 && (r.answeredAt ?? 0) <= o.up);
      const twiceByOneWorker = repeated.filter(([, [first, second, ...more]]) => {
        const outage = first && outageOf(first);
        if (!outage || !second || more.length > 0 || second.receivedAt < outage.up) return true;
        const before = new Set(outage.livenessBefore.map((h) => h.poolId));
        return outage.livenessAfter.some((h) => before.has(h.poolId));
      });

      // What the service recorded: no attempt after one that succeeded.
      const attemptsOf = new Map<string, typeof attempts>();
      for (const a of attempts) attemptsOf.set(a.deliveryId, [...(attemptsOf.get(a.deliveryId) ?? []), a]);
      const recordedAfterSuccess = [...attemptsOf].filter(([, list]) => {
        const first = list.findIndex((a) => a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300);
        return first >= 0 && first < list.length - 1;
      });
      const failedAttempts = attempts.filter((a) => a.statusCode === null || a.statusCode < 200 || a.statusCode >= 300);

      const describeRepeat = ([id, list]: [string, ReceivedRequest[]]) =>
        `${id}: ${list.map((r) => `received +${r.receivedAt - loadStart} ms, answered +${(r.answeredAt ?? 0) - loadStart} ms`).join("; ")}`;
      console.log(
        [
          `deliveries: ${state.events.length} events, ${deliveries.length} deliveries (${deliveries.filter((d) => d.status === "succeeded").length} succeeded) after waiting ${waitedMs} ms`,
          `  receiver: ${received.length} answered sends of ${byDelivery.size} deliveries; sent more than once: ${repeated.length}${repeated.length ? `\n    ${repeated.slice(0, 10).map(describeRepeat).join("\n    ")}` : ""}`,
          ...outages.map((o) => {
            const ids = new Set(o.inFlightAtStop.map((r) => String(r.headers["x-service-delivery-id"])));
            const now = deliveries.filter((d) => ids.has(d.id)).map((d) => d.status);
            return `  in flight at the -m ${o.mode} stop: ${o.inFlightAtStop.length}, now ${now.join(", ")}; worker pools before ${o.livenessBefore.map((h) => h.poolId).join(", ") || "none"}, after ${o.livenessAfter.map((h) => h.poolId).join(", ") || "none"}`;
          }),
          `  attempts recorded: ${attempts.length}, failed ${failedAttempts.length}${
            failedAttempts.length
              ? ` (${failedAttempts
                  .slice(0, 5)
                  .map((a) => a.error ?? a.statusCode)
                  .join("; ")})`
              : ""
          }; recorded after a success: ${recordedAfterSuccess.length}`,
        ].join("\n"),
      );

      expect(state.events.length).toBeGreaterThan(20);
      expect(unsigned.length, "deliveries whose signature does not verify").toBe(0);
      expect(
        state.notDelivered.length,
        failWithLogs(
          `events never answered 2xx by the receiver within ${DELIVERY_LIMIT_MS} ms (of ${state.events.length}), e.g. ${state.notDelivered.slice(0, 10).join(", ")}`,
        ),
      ).toBe(0);
      expect(deliveries.length, "one delivery per event").toBe(state.events.length);
      expect(
        state.notSucceeded.length,
        failWithLogs(
          `deliveries the service does not record as succeeded after ${DELIVERY_LIMIT_MS} ms (of ${deliveries.length}), e.g. ${JSON.stringify(state.notSucceeded.slice(0, 10))}`,
        ),
      ).toBe(0);
      expect(
        recordedAfterSuccess.map(([id]) => id),
        "deliveries with an attempt recorded after a successful one",
      ).toEqual([]);
      expect(twiceByOneWorker.map(describeRepeat), "deliveries sent twice by one worker").toEqual([]);
    }, 150_000);

    it("holds the webhook worker's liveness lock again after each restart", () => {
      if (!record) throw new Error("the scenario did not run");
      for (const o of record.outages) {
        expect(
          o.livenessBefore.filter((h) => h.keyMatches),
          `held before the -m ${o.mode} restart`,
        ).toHaveLength(1);
        expect(
          o.livenessBackAfterMs,
          failWithLogs(`the liveness lock was not held again within 30 s of the -m ${o.mode} restart`),
        ).not.toBeNull();
        const after = o.livenessAfter.filter((h) => h.keyMatches);
        expect(
          after,
          `sessions \`webhook-worker <pool id>\` holding the lock under hashtext(pool id), ${AFTER_RETURN_MS} ms after the -m ${o.mode} restart`,
        ).toHaveLength(1);
        expect(after[0]?.applicationName).toMatch(/^webhook-worker /);
      }
    });

    it.skipIf(!chromiumPath)(
      chromiumPath
        ? "shows a console page saying the service is briefly unavailable while the database is down, and the console again after"
        : "console during the outages (skipped: no Chromium; set CHROMIUM_PATH)",
      () => {
        if (!record) throw new Error("the scenario did not run");
        for (const o of record.outages) {
          const during = o.consoleDuring;
          expect(during, `the console was loaded while the database was down (-m ${o.mode})`).toBeDefined();
          expect(during?.failure, `loading the console while the database was down (-m ${o.mode})`).toBeUndefined();
          expect(
            (during?.at ?? 0) + (during?.ms ?? 0),
            "the page finished loading before the database returned",
          ).toBeLessThanOrEqual(o.startAsked);
          expect(
            during?.text,
            `the console while the database was down (-m ${o.mode}, HTTP ${during?.status})`,
          ).toMatch(/briefly unavailable/i);
          const attempts = o.consoleAttemptsAfter
            .map(
              (load) =>
                `+${load.at - o.up} ms: ${load.status ?? load.failure} ${JSON.stringify(load.text.slice(0, 100))}`,
            )
            .join("\n");
          expect(
            o.consoleAfter,
            failWithLogs(`the console never loaded normally after the return (-m ${o.mode}):\n${attempts}`),
          ).toBeDefined();
          expect(o.consoleAfter?.sinceUpMs ?? Infinity, attempts).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
        }
      },
    );
  },
);
