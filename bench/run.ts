// `npm run bench`: measures our service against a bare node:http baseline doing the same work, in
// one run, on one machine, so the ratio holds even when the machine is noisy. See bench/README.md.
// Scenario 7 compares ours with ours: one server process against one per core (a scaling factor).
// Flags: --quick (smoke run), --scenarios 1,2,3,4,5,6,7,growth, --runs N, --seconds N, --warmup N,
// --connections N, --no-build, --port N (ours; baseline N+1; scenario 7 N+2 and N+3), --profile
// (CPU-profile our server over the chosen scenarios instead of comparing), --out FILE,
// --node-options "..." (NODE_OPTIONS for every process a run starts but the HTTP generator, e.g.
// --max-old-space-size=256), --max-minutes N (the whole run is stopped and cleaned up after this
// long; default 90, 300 with the growth scenario at full size), --node 24,20 (the Node.js versions, or binaries, that servers and workers of both
// sides run on, each measured in turn; node@<major> from the npm registry is installed on demand
// outside the repository; default: 24 and 20 in a full run, this process's own otherwise),
// --growth-entries N (ledger entries at the growth scenario's small size; the big one is ten times),
// --overload-seconds N (each load level of the overload scenario; default 30, 3 with --quick),
// --metrics (our server with METRICS_PORT set, scraped every 5 s as Prometheus would), --tracing
// (our server with OTEL_EXPORTER_OTLP_ENDPOINT set, its spans sent to a sink in this process).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { createClient } from "redis";
import { REPO_ROOT } from "@/lib/db/paths";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";
import { serverNodeFlags } from "@/lib/platform/server-node-flags";
import type { GeneratorResult, GeneratorSpec } from "./load/generate";
import { SERVER_PAUSES_PRELOAD, serverPausesIn, type ServerPause } from "./support/server-pauses";
import { buildRequest, HTTP_SCENARIOS, walletBody, type HttpScenarioId, type SeedData } from "./load/scenarios";
import type { DrainResult, DriverCommand, DriverReply, PacedResult } from "./load/webhook-driver";
import { machineInfo } from "./support/machine";
import {
  logOffset,
  pinningAvailable,
  runJsonScript,
  startNode,
  stopChild,
  waitForHttp,
  waitForOutput,
} from "./support/processes";
import { summarizeProfile } from "./support/profile-summary";
import { resolveNodeRuntimes, type NodeRuntime } from "./support/node-runtime";
import type { GrowthMeasurement, GrowthSpec } from "./growth/measure";
import { GROWTH_TARGET, growthRows, growthSummary, growthTables, type GrowthResult } from "./support/growth-report";
import {
  median,
  resultTables,
  scalingTable,
  scalingWarningLines,
  updateReadme,
  warningLines,
  type BenchResults,
  type ScalingKind,
  type ScalingPoint,
  type ScalingResult,
  type ScenarioResult,
  type TargetName,
  type TargetPoint,
} from "./support/report";
import { ProcessSampler } from "./support/process-sampler";
import {
  missedTargets,
  OVERLOAD_MULTIPLES,
  overloadPoint,
  overloadTable,
  type OverloadPoint,
  type OverloadResult,
} from "./overload/report";

const { values: flags } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    scenarios: { type: "string", default: "1,2,3,4,5,6,7,overload,growth" },
    runs: { type: "string" },
    seconds: { type: "string" },
    warmup: { type: "string" },
    connections: { type: "string", default: "32" },
    "no-build": { type: "boolean", default: false },
    port: { type: "string", default: "3400" },
    profile: { type: "boolean", default: false },
    out: { type: "string" },
    "node-options": { type: "string" },
    "max-minutes": { type: "string" },
    node: { type: "string" },
    "growth-entries": { type: "string" },
    "overload-seconds": { type: "string" },
    // The cost of observability (issue 39): metrics on, tracing on (bench/README.md, "Observability").
    metrics: { type: "boolean", default: false },
    tracing: { type: "boolean", default: false },
  },
});

const quick = flags.quick ?? false;
const settings = {
  quick,
  runs: Number(flags.runs ?? (quick ? 1 : 3)),
  seconds: Number(flags.seconds ?? (quick ? 3 : 10)),
  /** Closed-loop warm-up of each side before a scenario's first measurement. */
  warmupSeconds: Number(flags.warmup ?? (quick ? 2 : 5)),
  /** Ramp at the start of every measurement, not recorded. */
  rampSeconds: 1,
  connections: Number(flags.connections),
  openLoopMaxSockets: 256,
  requestTimeoutMs: 10_000,
  /** Each load level (1x, 2x, 3x saturation) of the overload scenario. */
  overloadSeconds: Number(flags["overload-seconds"] ?? (quick ? 3 : 30)),
  apiRateLimitPerMinute: 1_000_000_000,
  keys: quick ? 5 : 20,
  wallets: quick ? 20 : 200,
  replays: quick ? 50 : 500,
  webhookBurst: quick ? 1000 : 3000,
  webhookConcurrency: 4,
  /** Ledger entries at the growth scenario's small size: about 4 M at the big one in a full run. */
  growthEntries: Number(flags["growth-entries"] ?? (quick ? 20_000 : 400_000)),
  /** Timed runs per growth operation and size (the median is reported), after one untimed. */
  growthReps: 5,
  growthWarmups: 1,
  /** Rows each timed retention run finds expired, at both sizes. */
  growthRetentionRows: 200,
};
const selected = new Set((flags.scenarios ?? "").split(",").map((s) => s.trim()));
const HTTP_ORDER: HttpScenarioId[] = [
  "trivial",
  "read",
  "write",
  "replay",
  "spend-spread",
  "spend-controlled",
  "spend-decided",
  "spend-network",
  "transfer",
  "spend-hot",
];
// "5" selects 5a to 5f; "5e" alone selects the card network's authorization, "5f" the transfer.
const httpScenarios = HTTP_ORDER.filter(
  (id) => selected.has(HTTP_SCENARIOS[id].number.replace(/[a-z]$/, "")) || selected.has(HTTP_SCENARIOS[id].number),
);
const runWebhooks = selected.has("6") && !flags.profile;
const runScaling = selected.has("7") && !flags.profile;
const runGrowth = selected.has("growth") && !flags.profile;
const runOverload = selected.has("overload") && !flags.profile;
/** The scenarios the overload scenario drives past saturation: a read and the decision-critical spend. */
const OVERLOAD_SCENARIOS: HttpScenarioId[] = ["read", "spend-spread"];
/**
 * The growth scenario's seeding of about 4.4 M ledger entries alone takes an hour or more on a busy
 * two-core machine (bench/README.md, "Growth"), so a run that includes it at full size gets longer.
 */
const maxMinutes = Number(flags["max-minutes"] ?? (runGrowth && !quick && !flags["growth-entries"] ? 300 : 90));
/** Issue 28: a full run reports both sides on Node 24 and on 20; other runs use this process's own. */
const nodeSpec = flags.node ?? (quick ? (process.versions.node.split(".")[0] ?? "20") : "24,20");
/** Scenario 7's request kinds: a read and a write (scenarios 2 and 3). */
const SCALING_KINDS: HttpScenarioId[] = ["read", "write"];
const cores = os.availableParallelism();
const pin = pinningAvailable(cores);
const SERVER_CORE = pin ? 0 : undefined;
const LOAD_CORE = pin ? 1 : undefined;
const oursPort = Number(flags.port);
const baselinePort = oursPort + 1;
const DIST_DIR = ".next-bench";

const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
const workDir = mkdtempSync(path.join(os.tmpdir(), `bench-${runId}-`));
const logFile = (name: string) => path.join(workDir, `${name}.log`);
const redisPrefix = `bench_${runId}`;
/** Where the run's database goes: DATABASE_URL's server, else an embedded one (lib/db/run-database.ts). */
const serverUrl = process.env.DATABASE_URL?.trim() || "an embedded PostgreSQL";
const redisUrl = process.env.REDIS_URL?.trim() || "redis://127.0.0.1:6379";
const secretsKey = randomBytes(32).toString("base64");
/** One for the run, so the growth scenario can sign a console session cookie our server accepts. */
const authSecret = randomBytes(32).toString("base64url");
const started = Date.now();

const children = new Set<ChildProcess>();
/** The Node.js our servers, the baseline and the webhook workers start with now (`--node`). */
let runtime: NodeRuntime | undefined;
let database: RunDatabase | undefined;

/** A half-load run with its server's pauses over the window (bench/support/server-pauses.ts). */
type HalfLoadResult = GeneratorResult & { serverPauses?: ServerPauseSummary };
type ServerPauseSummary = {
  /** Garbage-collection pauses of 10 ms or more: how many, how many major, the longest, their sum. */
  gc: { count: number; major: number; maxMs: number; totalMs: number };
  /** Event-loop blocks of 40 ms or more. */
  loopBlocks: { count: number; maxMs: number; totalMs: number };
  /** The run's longest stalls (at most 10), and of them those during which the loop was blocked, and a major collection paused it. */
  longestStalls: number;
  withLoopBlock: number;
  withMajorGc: number;
};

function summarizeServerPauses(pauses: ServerPause[], longestStalls: [number, number][]): ServerPauseSummary {
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const figures = (list: ServerPause[]) => ({
    count: list.length,
    maxMs: round(Math.max(0, ...list.map((p) => p.ms))),
    totalMs: round(list.reduce((sum, p) => sum + p.ms, 0)),
  });
  const collections = pauses.filter((p) => p.kind !== "loop-block");
  const blocks = pauses.filter((p) => p.kind === "loop-block");
  const majors = collections.filter((p) => p.kind === "major");
  // A pause overlapping the stall: it started before the stall ended and ended after it started.
  const during = (list: ServerPause[]) =>
    longestStalls.filter(([from, to]) => list.some((p) => p.at <= to && p.at + p.ms >= from)).length;
  return {
    gc: { ...figures(collections), major: majors.length },
    loopBlocks: figures(blocks),
    longestStalls: longestStalls.length,
    withLoopBlock: during(blocks),
    withMajorGc: during(majors),
  };
}

/** ", loop blocked 3× (longest 250 ms), GC pauses 12 (2 major, longest 20 ms); of the 3 longest stalls 3 blocked, 1 major GC". */
function pausesNote(result: HalfLoadResult): string {
  const p = result.serverPauses;
  if (!p) return "";
  const stalls =
    p.longestStalls === 0
      ? ""
      : `; of the ${p.longestStalls} longest stalls ${p.withLoopBlock} blocked, ${p.withMajorGc} major GC`;
  return (
    `, loop blocked ${p.loopBlocks.count}× (longest ${p.loopBlocks.maxMs} ms)` +
    `, GC pauses ${p.gc.count} (${p.gc.major} major, longest ${p.gc.maxMs} ms)${stalls}`
  );
}

/** ", stalls over 50 ms: 2, longest 310 ms" for an open run with any (bench/load/stalls.ts). */
function stallNote(result: GeneratorResult): string {
  const stalls = result.stalls;
  if (!stalls || stalls.count === 0) return "";
  return `, stalls over ${stalls.thresholdMs} ms: ${stalls.count}, longest ${stalls.longestMs} ms, ${stalls.requests} requests`;
}

function log(message: string) {
  const at = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  console.log(`[bench ${at}s] ${message}`);
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/**
 * Scenario 5d's decision endpoint: answers every request {"approved": true} at once, on port+4, in this
 * (unpinned) orchestrator process, which is idle while the generator runs. Closed with the run.
 */
let decisionServer: http.Server | undefined;
async function startDecisionEndpoint(): Promise<string> {
  const answer = JSON.stringify({ approved: true });
  decisionServer = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(answer.length) });
      response.end(answer);
    });
  });
  decisionServer.keepAliveTimeout = 65_000;
  const port = oursPort + 4;
  await new Promise<void>((resolve) => decisionServer?.listen(port, "127.0.0.1", resolve));
  return `http://127.0.0.1:${port}/decide`;
}

async function cleanup() {
  decisionServer?.closeAllConnections();
  decisionServer?.close();
  await Promise.all([...children].map((child) => stopChild(child, 5_000)));
  try {
    const { disconnectDb } = await import("@/lib/db/client");
    await disconnectDb();
  } catch {
    // never connected
  }
  await database?.drop().catch((error: unknown) => console.error("dropping the bench database failed:", error));
  const redis = createClient({ url: redisUrl });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    let deleted = 0;
    for await (const batch of redis.scanIterator({ MATCH: `${redisPrefix}*`, COUNT: 1000 })) {
      const keys = Array.isArray(batch) ? batch : [batch];
      if (keys.length > 0) deleted += await redis.del(keys);
    }
    log(`dropped database and ${deleted} Redis keys`);
  } catch (error) {
    console.error("deleting the bench Redis keys failed:", error);
  } finally {
    await redis.close().catch(() => undefined);
  }
}

// --- build and start ---

async function build(): Promise<void> {
  const haveBuild = existsSync(path.join(REPO_ROOT, DIST_DIR, "BUILD_ID"));
  if (flags["no-build"] && haveBuild) return log(`using the existing ${DIST_DIR} build (--no-build)`);
  log(`building the production bundle into ${DIST_DIR} (log: ${logFile("build")})`);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_DIST_DIR: DIST_DIR, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  const child = track(spawn("npm", ["run", "build"], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] }));
  const out = createWriteStream(logFile("build"));
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15 * 60_000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`next build failed (exit ${code}); see ${logFile("build")}`);
}

function commonEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: database?.url,
    REDIS_URL: redisUrl,
    SECRETS_KEY: secretsKey,
    API_RATE_LIMIT_PER_MINUTE: String(settings.apiRateLimitPerMinute),
    // The scenarios' webhook and decision receivers listen on this machine's loopback, which a
    // production start refuses unless told (docs/decisions/loopback-endpoints.md).
    ALLOW_LOOPBACK_ENDPOINTS: "true",
    ...(flags["node-options"] ? { NODE_OPTIONS: flags["node-options"] } : {}),
    // Admission control's bounds, when the run is given them, for sizing experiments (bench/README.md).
    ...Object.fromEntries(
      ["ADMISSION_MAX_IN_FLIGHT", "ADMISSION_MAX_EVENT_LOOP_DELAY_MS"].flatMap((name) =>
        process.env[name] ? [[name, process.env[name]]] : [],
      ),
    ),
  };
}

type Server = {
  name: TargetName;
  url: string;
  child: ChildProcess;
  sampler: ProcessSampler;
  stopScraping?: () => void;
};

/** Scrape interval of --metrics: Prometheus's usual 15 s, shortened so a 10 s measurement sees scrapes. */
const METRICS_SCRAPE_MS = 5_000;

/**
 * --tracing's OTLP/HTTP endpoint: a sink in this process that answers every export 200 and keeps
 * only counts, so the spans' cost is all on the server's side (serializing and sending them).
 */
let traceSink: { url: string; exports: number; bytes: number } | undefined;

async function startTraceSink(): Promise<void> {
  const sink = { url: "", exports: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    req.on("data", (chunk: Buffer) => (sink.bytes += chunk.length));
    req.on("end", () => {
      sink.exports += 1;
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const address = server.address();
  sink.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  traceSink = sink;
}
type Running = Omit<Server, "name">;

/**
 * Our server with WEB_CONCURRENCY=1 on the server core: the "one server process" scenarios 1-5
 * measure, with the heap flags each of `npm start`'s processes runs with.
 */
async function startOurs(profileDir?: string): Promise<Server> {
  const running = await startOurProcesses({
    processes: 1,
    core: SERVER_CORE,
    port: oursPort,
    label: "ours",
    profileDir,
    nodeArgs: [...serverNodeFlags(process.env.SERVER_NODE_FLAGS), "--import", SERVER_PAUSES_PRELOAD],
  });
  return { name: "ours", ...running };
}

async function startOurProcesses(options: {
  processes: number;
  core: number | undefined;
  port: number;
  label: string;
  profileDir?: string;
  nodeArgs?: string[];
}): Promise<Running> {
  const { profileDir } = options;
  const log = logFile(options.label);
  const from = logOffset(log);
  const child = track(
    startNode({
      script: "scripts/serve.ts",
      nodeBinary: runtime?.binary,
      nodeArgs: [...(options.nodeArgs ?? []), ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [])],
      core: options.core,
      logFile: log,
      env: {
        ...commonEnv(),
        NEXT_DIST_DIR: DIST_DIR,
        NEXT_TELEMETRY_DISABLED: "1",
        RATE_LIMIT_PREFIX: `${redisPrefix}:ours`,
        AUTH_SECRET: authSecret,
        // The HTTP scenarios measure the web process alone; scenario 6 runs the worker by itself.
        WEBHOOK_WORKER: "off",
        // Explicit, since the service's default is one process per core.
        WEB_CONCURRENCY: String(options.processes),
        ...(process.env.SERVER_NODE_FLAGS === undefined ? {} : { SERVER_NODE_FLAGS: process.env.SERVER_NODE_FLAGS }),
        // The request log is on unless the run is started with REQUEST_LOG=off (bench/README.md, "Request log").
        ...(process.env.REQUEST_LOG === undefined ? {} : { REQUEST_LOG: process.env.REQUEST_LOG }),
        ...(flags.metrics
          ? { METRICS_PORT: String(options.port + METRICS_PORT_OFFSET), METRICS_HOST: "127.0.0.1" }
          : {}),
        ...(traceSink ? { OTEL_EXPORTER_OTLP_ENDPOINT: traceSink.url } : {}),
        PORT: String(options.port),
        HOST: "127.0.0.1",
      },
    }),
  );
  const url = `http://127.0.0.1:${options.port}`;
  // The port answers once one worker listens; the banner comes once all of them do.
  await waitForOutput(log, /Service ready/, child, 180_000, from);
  await waitForHttp(`${url}/api/public/openapi.json`, child, 120_000);
  const sampler = new ProcessSampler(child.pid ?? 0);
  sampler.start();
  return {
    url,
    child,
    sampler,
    stopScraping: flags.metrics ? scrapeMetrics(options.port + METRICS_PORT_OFFSET) : undefined,
  };
}

/** --metrics: our metrics port, this far above the server's (each server of a run has its own port). */
const METRICS_PORT_OFFSET = 100;

/** Scrapes GET /metrics every METRICS_SCRAPE_MS, as Prometheus would, until stopped; a failed scrape fails the run. */
function scrapeMetrics(port: number): () => void {
  const timer = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/metrics`)
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`GET /metrics on ${port} answered ${response.status}`);
      })
      .catch((error: unknown) => {
        console.error(`metrics scrape failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
      });
  }, METRICS_SCRAPE_MS);
  timer.unref();
  return () => clearInterval(timer);
}

async function stopServer(server: Running): Promise<void> {
  server.stopScraping?.();
  server.sampler.stop();
  await stopChild(server.child, 20_000);
}

async function startBaseline(openApiFile: string): Promise<Server> {
  const child = track(
    startNode({
      script: "bench/baseline/server.ts",
      nodeBinary: runtime?.binary,
      nodeArgs: ["--import", SERVER_PAUSES_PRELOAD],
      core: SERVER_CORE,
      logFile: logFile("baseline"),
      env: {
        ...commonEnv(),
        RATE_LIMIT_PREFIX: `${redisPrefix}:baseline`,
        PORT: String(baselinePort),
        BENCH_OPENAPI_FILE: openApiFile,
      },
    }),
  );
  const url = `http://127.0.0.1:${baselinePort}`;
  await waitForHttp(`${url}/api/public/openapi.json`, child, 60_000);
  const sampler = new ProcessSampler(child.pid ?? 0);
  sampler.start();
  return { name: "baseline", url, child, sampler };
}

// --- HTTP scenarios ---

/** What a closed-loop run needs of the server it loads: where it answers and how busy it is. */
type LoadedServer = { url: string; sampler: ProcessSampler };
type ClosedRun = { scenario: HttpScenarioId; seedFile: string; tag: string; label: string };

function closedLoop(server: LoadedServer, run: ClosedRun, warmupSeconds: number, seconds: number): GeneratorSpec {
  const { scenario, seedFile, tag } = run;
  return {
    scenario,
    seedFile,
    tag,
    timeoutMs: settings.requestTimeoutMs,
    baseUrl: server.url,
    mode: "closed",
    connections: settings.connections,
    warmupSeconds,
    seconds,
  };
}

/** The closed-loop warm-up of one server before a scenario. */
async function warmUp(server: LoadedServer, run: ClosedRun): Promise<void> {
  await generate(closedLoop(server, run, 0, settings.warmupSeconds), run.label);
}

/**
 * One saturation run (closed loop), with the server's CPU over it in cores: over the generator's
 * whole life (start-up and ramp included), so a slight underestimate.
 */
async function saturate(server: LoadedServer, run: ClosedRun): Promise<{ result: GeneratorResult; serverCpu: number }> {
  const cpuBefore = server.sampler.cpuSeconds();
  const wallBefore = performance.now();
  const result = await generate(closedLoop(server, run, settings.rampSeconds, settings.seconds), run.label);
  const serverCpu = (server.sampler.cpuSeconds() - cpuBefore) / ((performance.now() - wallBefore) / 1000);
  return { result, serverCpu };
}

function generate(spec: GeneratorSpec, label: string): Promise<GeneratorResult> {
  const budgetMs = (spec.warmupSeconds + spec.seconds) * 1000 + spec.timeoutMs + 60_000;
  return runJsonScript<GeneratorResult>(
    {
      script: "bench/load/generate.ts",
      args: [JSON.stringify(spec)],
      core: LOAD_CORE,
      logFile: logFile(`generator-${label}`),
      env: { PATH: process.env.PATH, NODE_ENV: "production" },
    },
    budgetMs,
  );
}

/** One request of the scenario to each side: same status, same JSON fields, the raised limit in force. */
async function checkScenario(
  id: HttpScenarioId,
  seed: SeedData,
  servers: { name: string; url: string }[],
): Promise<void> {
  const shapes: string[] = [];
  for (const server of servers) {
    const request = buildRequest(id, seed, 0, `check-${server.name}`);
    const response = await fetch(`${server.url}${request.path}`, {
      method: request.method,
      headers: request.headers,
      body: request.body,
    });
    const text = await response.text();
    if (response.status !== HTTP_SCENARIOS[id].expectStatus) {
      throw new Error(`${server.name} answered ${id} with ${response.status}: ${text.slice(0, 300)}`);
    }
    if (id !== "trivial" && response.headers.get("x-ratelimit-limit") !== String(settings.apiRateLimitPerMinute)) {
      throw new Error(
        `${server.name}: the raised rate limit is not in force (x-ratelimit-limit ${response.headers.get("x-ratelimit-limit")})`,
      );
    }
    const body: unknown = JSON.parse(text);
    shapes.push(JSON.stringify(Object.keys(body as object).sort()));
  }
  if (new Set(shapes).size > 1)
    throw new Error(`ours and the baseline answer ${id} with different fields: ${shapes.join(" vs ")}`);
}

function generatorWarnings(runs: GeneratorResult[], expectStatus: number): string[] {
  const warnings: string[] = [];
  const busiest = Math.max(...runs.map((r) => r.generatorCpu));
  if (busiest > 0.85)
    warnings.push(
      `load generator at ${(busiest * 100).toFixed(0)}% of its core: the figure may be the generator's limit`,
    );
  const failed = runs.reduce(
    (sum, r) =>
      sum +
      Object.entries(r.statusCounts).reduce(
        (s, [status, count]) => s + (Number(status) === expectStatus ? 0 : count),
        0,
      ),
    0,
  );
  if (failed > 0)
    warnings.push(
      `${failed} responses without the expected ${expectStatus} (${runs.map((r) => JSON.stringify(r.statusCounts)).join(", ")})`,
    );
  const unanswered = runs.reduce((sum, r) => sum + r.unanswered, 0);
  if (unanswered > 0) warnings.push(`${unanswered} requests unanswered within ${settings.requestTimeoutMs} ms`);
  return warnings;
}

async function measureHttpScenario(
  id: HttpScenarioId,
  seed: SeedData,
  seedFile: string,
  servers: Server[],
): Promise<ScenarioResult> {
  const meta = HTTP_SCENARIOS[id];
  await checkScenario(id, seed, servers);
  const base = { scenario: id, seedFile, timeoutMs: settings.requestTimeoutMs };
  const tag = (server: Server, phase: string) => `${runId.slice(-8)}-${meta.number}-${server.name}-${phase}`;
  for (const server of servers) {
    log(`${meta.number} ${server.name}: warm-up ${settings.warmupSeconds} s`);
    await warmUp(server, { scenario: id, seedFile, tag: tag(server, "w"), label: `${id}-${server.name}-warmup` });
    server.sampler.takePeakMb();
  }
  // Alternating the order each run spreads slow moments of a shared machine over both sides.
  const ordered = (run: number) => (run % 2 === 0 ? servers : [...servers].reverse());
  const saturation = new Map<TargetName, GeneratorResult[]>(servers.map((s) => [s.name, []]));
  const cpu = new Map<TargetName, number[]>(servers.map((s) => [s.name, []]));
  for (let run = 0; run < settings.runs; run++) {
    for (const server of ordered(run)) {
      const { result, serverCpu } = await saturate(server, {
        scenario: id,
        seedFile,
        tag: tag(server, `s${run}`),
        label: `${id}-${server.name}-saturation-${run}`,
      });
      saturation.get(server.name)?.push(result);
      cpu.get(server.name)?.push(serverCpu);
      log(
        `${meta.number} ${server.name}: saturation run ${run + 1}: ${result.throughput.toFixed(0)}/s ` +
          `(server CPU ${(serverCpu * 100).toFixed(0)}%, generator CPU ${(result.generatorCpu * 100).toFixed(0)}%)`,
      );
    }
  }
  const halfLoad = new Map<TargetName, GeneratorResult[]>(servers.map((s) => [s.name, []]));
  for (let run = 0; run < settings.runs; run++) {
    for (const server of ordered(run)) {
      const rate = median((saturation.get(server.name) ?? []).map((r) => r.throughput)) / 2;
      const serverLogFrom = logOffset(logFile(server.name));
      const result: HalfLoadResult = await generate(
        {
          ...base,
          baseUrl: server.url,
          tag: tag(server, `h${run}`),
          mode: "open",
          rate,
          maxSockets: settings.openLoopMaxSockets,
          warmupSeconds: settings.rampSeconds,
          seconds: settings.seconds,
        },
        `${id}-${server.name}-half-${run}`,
      );
      if (result.windowEpochMs) {
        const [from, to] = result.windowEpochMs;
        result.serverPauses = summarizeServerPauses(
          serverPausesIn(logFile(server.name), serverLogFrom, from, to),
          result.stalls?.longest ?? [],
        );
      }
      halfLoad.get(server.name)?.push(result);
      log(
        `${meta.number} ${server.name}: half load ${rate.toFixed(0)}/s run ${run + 1}: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${stallNote(result)}${pausesNote(result)}`,
      );
    }
  }
  const point = (server: Server): TargetPoint => {
    const sat = saturation.get(server.name) ?? [];
    const half = halfLoad.get(server.name) ?? [];
    const throughput = median(sat.map((r) => r.throughput));
    return {
      throughputRuns: sat.map((r) => r.throughput),
      throughput,
      halfLoadRate: throughput / 2,
      p50Runs: half.map((r) => r.latency.p50),
      p99Runs: half.map((r) => r.latency.p99),
      p50: median(half.map((r) => r.latency.p50)),
      p99: median(half.map((r) => r.latency.p99)),
      rssMb: server.sampler.takePeakMb(),
      serverCpu: median(cpu.get(server.name) ?? []),
      warnings: [...generatorWarnings(sat, meta.expectStatus), ...generatorWarnings(half, meta.expectStatus)],
      raw: { saturation: sat, halfLoad: half },
    };
  };
  const [ours, baseline] = servers.map(point);
  if (!ours || !baseline) throw new Error("both servers must be measured");
  return {
    id,
    number: meta.number,
    title: meta.title,
    node: runtime?.version ?? process.version,
    unit: "req/s",
    ours,
    baseline,
    ratio: ours.throughput / baseline.throughput,
  };
}

async function seedReplays(ours: Server, seed: Omit<SeedData, "replays">, count: number): Promise<SeedData["replays"]> {
  const replays: SeedData["replays"] = [];
  for (let i = 0; i < count; i++) replays.push({ key: `replay-${runId}-${i}`, body: walletBody(`replay_${i}`) });
  const key = seed.keys[0];
  for (let i = 0; i < replays.length; i += 8) {
    await Promise.all(
      replays.slice(i, i + 8).map(async (replay) => {
        const response = await fetch(`${ours.url}/api/public/sdk/v1/wallets`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${key}`,
            "content-type": "application/json",
            "idempotency-key": replay.key,
          },
          body: replay.body,
        });
        if (response.status !== 201)
          throw new Error(`seeding a replayable write failed: ${response.status} ${await response.text()}`);
      }),
    );
  }
  return replays;
}

// --- overload: open loop at 1x, 2x and 3x saturation (issue 42) ---

/**
 * Our server alone (pinned, WEB_CONCURRENCY=1, admission control at its defaults), per scenario of
 * OVERLOAD_SCENARIOS: warm-up, one saturation run, then an open loop at each multiple of that rate
 * for --overload-seconds, each followed by a gentle probe until it is answered normally, and a pause
 * so one level's backlog does not spill into the next.
 */
async function measureOverload(seed: SeedData, seedFile: string): Promise<OverloadResult> {
  const ours = await startOurs();
  log(`overload: our server is up (pid ${ours.child.pid})`);
  try {
    const scenarios: OverloadResult["scenarios"] = [];
    for (const id of OVERLOAD_SCENARIOS) {
      const meta = HTTP_SCENARIOS[id];
      await untilAdmitted(() => checkScenario(id, seed, [ours]));
      const tag = (phase: string) => `${runId.slice(-8)}-o${meta.number}-${phase}`;
      await warmUp(ours, { scenario: id, seedFile, tag: tag("w"), label: `overload-${id}-warmup` });
      const { result: saturation } = await saturate(ours, {
        scenario: id,
        seedFile,
        tag: tag("s"),
        label: `overload-${id}-saturation`,
      });
      log(`overload ${meta.number}: saturation ${saturation.throughput.toFixed(0)}/s`);
      const points: OverloadPoint[] = [];
      for (const multiple of OVERLOAD_MULTIPLES) {
        const rate = saturation.throughput * multiple;
        const result = await generate(
          {
            scenario: id,
            seedFile,
            tag: tag(`x${multiple}`),
            timeoutMs: settings.requestTimeoutMs,
            baseUrl: ours.url,
            mode: "open",
            rate,
            // Enough sockets that the generator never queues what it offers: refusals come back fast.
            maxSockets: Math.max(settings.openLoopMaxSockets, 1024),
            warmupSeconds: settings.rampSeconds,
            seconds: settings.overloadSeconds,
            // "Normally": the scenario's status within its half-load p99 target's order (100 ms).
            overload: { expectStatus: meta.expectStatus, normalMs: 100, probeGiveUpMs: 30_000 },
          },
          `overload-${id}-x${multiple}`,
        );
        const point = overloadPoint(multiple, rate, result);
        points.push(point);
        log(
          `overload ${meta.number} at ${multiple}x (${rate.toFixed(0)}/s): served ${point.servedRate.toFixed(0)}/s ` +
            `p50 ${point.servedP50Ms} p99 ${point.servedP99Ms} ms; refused ${point.refused} p99 ${point.refusedP99Ms ?? "-"} ms; ` +
            `timeouts ${point.timeouts}; other 5xx ${point.other5xx}; recovery ${point.recoveryMs ?? "never"} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      scenarios.push({
        scenario: id,
        number: meta.number,
        title: meta.title,
        saturationRate: saturation.throughput,
        points,
        missed: missedTargets(saturation.throughput, points),
      });
    }
    return { id: "overload", node: runtime?.version ?? process.version, seconds: settings.overloadSeconds, scenarios };
  } finally {
    await stopServer(ours);
  }
}

/**
 * Retries `step` while our server refuses it with 503 `overloaded` (after Retry-After), for up to
 * 30 s: a server just started, or one whose core the machine's other work is using, may shed the
 * first requests, and the overload scenario's own load is what is to be measured.
 */
async function untilAdmitted(step: () => Promise<void>): Promise<void> {
  const giveUpAt = performance.now() + 30_000;
  while (true) {
    try {
      return await step();
    } catch (error) {
      if (!String(error).includes('"overloaded"') || performance.now() > giveUpAt) throw error;
      log("overload: our server shed the check (overloaded); retrying in 1 s");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

// --- scenario 7: all cores against one core ---

type ScalingSide = Running & { name: "one" | "all"; processes: number };

/**
 * Our server with WEB_CONCURRENCY=1 and with one process per core, both unpinned (the cluster must
 * be free to use every core), saturated in turn by the load generator as in scenarios 2 and 3.
 */
async function measureScaling(seed: SeedData, seedFile: string): Promise<ScalingResult> {
  // The cluster's workers get the server heap flags; the one process gets them too, on its command
  // line, so the factor measures the processes and not a heap setting.
  const heapFlags = serverNodeFlags(process.env.SERVER_NODE_FLAGS);
  const sides: ScalingSide[] = [];
  try {
    for (const [name, processes, port] of [
      ["one", 1, oursPort + 2],
      ["all", cores, oursPort + 3],
    ] as const) {
      const running = await startOurProcesses({
        processes,
        core: undefined,
        port,
        label: `scaling-${name}`,
        nodeArgs: processes === 1 ? heapFlags : [],
      });
      log(`7: our server with WEB_CONCURRENCY=${processes} is up (pid ${running.child.pid})`);
      sides.push({ name, processes, ...running });
    }
    const kinds: ScalingKind[] = [];
    for (const id of SCALING_KINDS) kinds.push(await measureScalingKind(id, seed, seedFile, sides));
    return {
      id: "scaling",
      number: "7",
      title: "all cores against one core",
      node: runtime?.version ?? process.version,
      unit: "req/s",
      cores,
      kinds,
    };
  } finally {
    for (const side of sides) await stopServer(side);
  }
}

async function measureScalingKind(
  id: HttpScenarioId,
  seed: SeedData,
  seedFile: string,
  sides: ScalingSide[],
): Promise<ScalingKind> {
  const meta = HTTP_SCENARIOS[id];
  await checkScenario(
    id,
    seed,
    sides.map((side) => ({ name: `scaling-${side.name}`, url: side.url })),
  );
  const tag = (side: ScalingSide, phase: string) => `${runId.slice(-8)}-7${meta.number}-${side.name}-${phase}`;
  const label = (side: ScalingSide) =>
    `7 ${meta.number} (${side.processes} process${side.processes === 1 ? "" : "es"})`;
  for (const side of sides) {
    log(`${label(side)}: warm-up ${settings.warmupSeconds} s`);
    await warmUp(side, { scenario: id, seedFile, tag: tag(side, "w"), label: `scaling-${id}-${side.name}-warmup` });
    side.sampler.takePeaks();
  }
  const runs = new Map<ScalingSide, { results: GeneratorResult[]; cpu: number[] }>(
    sides.map((side) => [side, { results: [], cpu: [] }]),
  );
  for (let run = 0; run < settings.runs; run++) {
    for (const side of run % 2 === 0 ? sides : [...sides].reverse()) {
      const { result, serverCpu } = await saturate(side, {
        scenario: id,
        seedFile,
        tag: tag(side, `s${run}`),
        label: `scaling-${id}-${side.name}-saturation-${run}`,
      });
      runs.get(side)?.results.push(result);
      runs.get(side)?.cpu.push(serverCpu);
      log(
        `${label(side)}: saturation run ${run + 1}: ${result.throughput.toFixed(0)}/s ` +
          `(server CPU ${serverCpu.toFixed(2)} cores, generator CPU ${(result.generatorCpu * 100).toFixed(0)}%)`,
      );
    }
  }
  const point = (side: ScalingSide): ScalingPoint => {
    const { results = [], cpu = [] } = runs.get(side) ?? {};
    const peaks = side.sampler.takePeaks();
    return {
      processes: side.processes,
      throughputRuns: results.map((r) => r.throughput),
      throughput: median(results.map((r) => r.throughput)),
      serverCpu: median(cpu),
      rssTreeMb: peaks.treeMb,
      rssLargestProcessMb: peaks.largestProcessMb,
      warnings: generatorWarnings(results, meta.expectStatus),
      raw: { saturation: results },
    };
  };
  const [one, all] = sides.map(point);
  if (!one || !all) throw new Error("scenario 7 needs both sides");
  return {
    scenario: id,
    title: `${meta.number}. ${meta.title}`,
    one,
    all,
    scalingFactor: all.throughput / one.throughput,
  };
}

// --- scenario 6: webhooks ---

class Driver {
  readonly #child: ChildProcess;
  #waiting: ((reply: DriverReply) => void) | undefined;

  constructor(name: TargetName) {
    this.#child = track(
      startNode({
        script: "bench/load/webhook-driver.ts",
        core: LOAD_CORE,
        ipc: true,
        logFile: logFile(`webhook-driver-${name}`),
        env: { ...commonEnv(), RATE_LIMIT_PREFIX: `${redisPrefix}:driver` },
      }),
    );
    this.#child.on("message", (reply: DriverReply) => this.#waiting?.(reply));
  }

  ask<T extends DriverReply["type"]>(
    command: DriverCommand,
    expect: T,
    timeoutMs: number,
  ): Promise<Extract<DriverReply, { type: T }>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`webhook driver: no ${expect} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.#waiting = (reply) => {
        clearTimeout(timer);
        this.#waiting = undefined;
        if (reply.type === expect) resolve(reply as Extract<DriverReply, { type: T }>);
        else reject(new Error(`webhook driver: ${reply.type === "error" ? reply.message : reply.type}`));
      };
      this.#child.send(command);
    });
  }

  async stop() {
    this.#child.send({ type: "stop" } satisfies DriverCommand);
    await stopChild(this.#child, 5_000);
  }
}

type Worker = { child: ChildProcess; sampler: ProcessSampler };

async function startWebhookWorker(target: TargetName, secret: string, profileDir?: string): Promise<Worker> {
  const child = track(
    startNode({
      script: target === "ours" ? "scripts/worker.ts" : "bench/baseline/webhook-worker.ts",
      nodeBinary: runtime?.binary,
      nodeArgs: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [],
      core: SERVER_CORE,
      logFile: logFile(`webhook-worker-${target}`),
      env: {
        ...commonEnv(),
        BENCH_WEBHOOK_SECRET: secret,
        WEBHOOK_WORKER_CONCURRENCY: String(settings.webhookConcurrency),
      },
    }),
  );
  // Both print one line once they listen for jobs.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${target} webhook worker did not start`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      if (/worker running/i.test(chunk.toString("utf8"))) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`${target} webhook worker exited (${code})`)));
  });
  const sampler = new ProcessSampler(child.pid ?? 0);
  sampler.start();
  return { child, sampler };
}

async function stopWorker(worker: Worker): Promise<number> {
  const peak = worker.sampler.takePeakMb();
  worker.sampler.stop();
  await stopChild(worker.child, 20_000);
  return peak;
}

/** Empties graphile-worker's queue: scenarios 1-5 queued deliveries for an endpoint nobody serves. */
async function emptyJobQueue(): Promise<void> {
  const client = new pg.Client({ connectionString: database?.url });
  await client.connect();
  await client.query("DELETE FROM graphile_worker._private_jobs");
  await client.end();
}

async function startDrivers(): Promise<Map<TargetName, Driver>> {
  const { seedWebhookApplication } = await import("./support/seed");
  const drivers = new Map<TargetName, Driver>();
  for (const target of ["ours", "baseline"] as const) {
    const driver = new Driver(target);
    const { url } = await driver.ask({ type: "listen", target }, "listening", 60_000);
    // An application per Node.js version of the run: its merchant's email is unique.
    const seedId = `${runId}-${runtime?.version ?? process.version}`;
    const seeded = target === "ours" ? await seedWebhookApplication(seedId, url) : { applicationId: "", walletIds: [] };
    await driver.ask({ type: "prepare", ...seeded }, "prepared", 120_000);
    drivers.set(target, driver);
  }
  return drivers;
}

/** One drain: a burst queued while no worker runs, then a worker started to send it all. */
async function drainBurst(driver: Driver, target: TargetName, secret: string, count: number, profileDir?: string) {
  const created = await driver.ask({ type: "burst", count }, "burst-created", 600_000);
  const worker = await startWebhookWorker(target, secret, profileDir);
  const cpuBefore = worker.sampler.cpuSeconds();
  const wallBefore = performance.now();
  const { result } = await driver.ask({ type: "await-drain", timeoutMs: 180_000 }, "drained", 200_000);
  // From the worker's "running" line to the last receipt: most of the drain, none of the start-up.
  const workerCpu = (worker.sampler.cpuSeconds() - cpuBefore) / ((performance.now() - wallBefore) / 1000);
  const rssMb = await stopWorker(worker);
  return { created, result, rssMb, workerCpu };
}

async function measureWebhooks(): Promise<ScenarioResult> {
  await emptyJobQueue();
  const secret = randomBytes(24).toString("base64url");
  const drivers = await startDrivers();
  const order = (run: number): TargetName[] => (run % 2 === 0 ? ["ours", "baseline"] : ["baseline", "ours"]);
  const drains = new Map<TargetName, DrainResult[]>([
    ["ours", []],
    ["baseline", []],
  ]);
  const cpu = new Map<TargetName, number[]>([
    ["ours", []],
    ["baseline", []],
  ]);
  const paced = new Map<TargetName, PacedResult[]>([
    ["ours", []],
    ["baseline", []],
  ]);
  const rss = new Map<TargetName, number>([
    ["ours", 0],
    ["baseline", 0],
  ]);
  const driver = (target: TargetName) => {
    const found = drivers.get(target);
    if (!found) throw new Error(`no driver for ${target}`);
    return found;
  };

  for (let run = 0; run < settings.runs; run++) {
    for (const target of order(run)) {
      const { created, result, rssMb, workerCpu } = await drainBurst(
        driver(target),
        target,
        secret,
        settings.webhookBurst,
      );
      rss.set(target, Math.max(rss.get(target) ?? 0, rssMb));
      drains.get(target)?.push(result);
      cpu.get(target)?.push(workerCpu);
      log(
        `6 ${target}: burst of ${result.expected} (created in ${created.seconds.toFixed(1)} s) drained at ` +
          `${result.throughput.toFixed(0)}/s steady (${result.overallThroughput.toFixed(0)}/s first to last), ` +
          `${result.received} received (worker CPU ${(workerCpu * 100).toFixed(0)}%)`,
      );
    }
  }
  for (let run = 0; run < settings.runs; run++) {
    for (const target of order(run)) {
      const rate = median((drains.get(target) ?? []).map((d) => d.throughput)) / 2;
      const worker = await startWebhookWorker(target, secret);
      // A fresh worker's first deliveries pay for JIT and new connections; a small burst pays first.
      await driver(target).ask({ type: "burst", count: 100 }, "burst-created", 120_000);
      await driver(target).ask({ type: "await-drain", timeoutMs: 60_000 }, "drained", 70_000);
      const { result } = await driver(target).ask(
        { type: "paced", rate, warmupSeconds: settings.rampSeconds, seconds: settings.seconds, timeoutMs: 30_000 },
        "paced-done",
        (settings.seconds + settings.rampSeconds) * 1000 + 120_000,
      );
      rss.set(target, Math.max(rss.get(target) ?? 0, await stopWorker(worker)));
      paced.get(target)?.push(result);
      log(
        `6 ${target}: paced ${rate.toFixed(0)}/s run ${run + 1}: commit-to-receipt p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, lost ${result.lost}`,
      );
    }
  }
  for (const d of drivers.values()) await d.stop();

  const point = (target: TargetName): TargetPoint => {
    const sat = drains.get(target) ?? [];
    const half = paced.get(target) ?? [];
    const throughput = median(sat.map((d) => d.throughput));
    const warnings: string[] = [];
    const missing =
      sat.reduce((sum, d) => sum + (d.expected - d.received), 0) + half.reduce((sum, p) => sum + p.lost, 0);
    if (missing > 0) warnings.push(`${missing} deliveries never arrived in time`);
    const busiest = Math.max(...half.map((p) => p.generatorCpu));
    if (busiest > 0.85) warnings.push(`webhook driver at ${(busiest * 100).toFixed(0)}% of its core`);
    return {
      throughputRuns: sat.map((d) => d.throughput),
      throughput,
      halfLoadRate: throughput / 2,
      p50Runs: half.map((p) => p.latency.p50),
      p99Runs: half.map((p) => p.latency.p99),
      p50: median(half.map((p) => p.latency.p50)),
      p99: median(half.map((p) => p.latency.p99)),
      rssMb: rss.get(target) ?? 0,
      serverCpu: median(cpu.get(target) ?? []),
      warnings,
      raw: { saturation: sat, halfLoad: half },
    };
  };
  const ours = point("ours");
  const baseline = point("baseline");
  return {
    id: "webhooks",
    number: "6",
    title: "webhooks, commit to receipt",
    node: runtime?.version ?? process.version,
    unit: "deliveries/s",
    ours,
    baseline,
    ratio: ours.throughput / baseline.throughput,
  };
}

// --- profiling ---

const PROFILE_ROOT = path.join(workDir, "profiles");

async function profileOurs(seed: SeedData, seedFile: string): Promise<void> {
  for (const id of httpScenarios) {
    const dir = path.join(PROFILE_ROOT, id);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    const ours = await startOurs(dir);
    await checkScenario(id, seed, [ours]);
    const base = {
      scenario: id,
      seedFile,
      timeoutMs: settings.requestTimeoutMs,
      baseUrl: ours.url,
      mode: "closed" as const,
      connections: settings.connections,
    };
    await generate(
      { ...base, tag: `${runId.slice(-8)}-p-${id}-w`, warmupSeconds: 0, seconds: settings.warmupSeconds },
      `${id}-profile-warmup`,
    );
    const result = await generate(
      { ...base, tag: `${runId.slice(-8)}-p-${id}`, warmupSeconds: settings.rampSeconds, seconds: settings.seconds },
      `${id}-profile`,
    );
    log(`profile ${id}: ${result.throughput.toFixed(0)}/s under --cpu-prof`);
    await stopServer(ours);
    console.log(summarizeProfile(dir));
  }
}

async function profileWebhookWorker(): Promise<void> {
  await emptyJobQueue();
  const dir = path.join(PROFILE_ROOT, "webhooks");
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const drivers = await startDrivers();
  const driver = drivers.get("ours");
  if (!driver) throw new Error("no driver");
  // Big enough that start-up is a small part of the profile.
  const { result } = await drainBurst(driver, "ours", "unused", Math.max(settings.webhookBurst, 5000), dir);
  log(`profile webhooks: drained ${result.received} at ${result.throughput.toFixed(0)}/s under --cpu-prof`);
  for (const d of drivers.values()) await d.stop();
  console.log(summarizeProfile(dir));
}

// --- growth: the same operations at two data sizes tenfold apart ---

/**
 * Where the tree keeps running ledger totals as deltas that a worker job folds every minute
 * (docs/decisions/running-totals.md), production never holds a whole seeding's worth unfolded: our
 * worker runs until the delta table is empty (at most twenty minutes: about 0.4 M deltas follow the
 * 4 M-entry seeding, folded at about 1 100 a second here), then stops, so the measurements see the
 * state a running service keeps. Without that table, nothing to do.
 */
const FOLD_LIMIT_MINUTES = 20;

async function settleLedgerTotals(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const pending = async () => {
      const { rows } = await client.query<{ exists: boolean; n: string | null }>(
        `SELECT to_regclass('"LedgerTotalDelta"') IS NOT NULL AS exists`,
      );
      if (!rows[0]?.exists) return undefined;
      const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "LedgerTotalDelta"`);
      return Number(count.rows[0]?.n ?? 0);
    };
    const before = await pending();
    if (!before) return;
    log(`growth: ${before} ledger total deltas to fold; running our worker until they are`);
    const worker = await startWebhookWorker("ours", "unused");
    try {
      const deadline = Date.now() + FOLD_LIMIT_MINUTES * 60_000;
      let left = before;
      while (left > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        left = (await pending()) ?? 0;
      }
      log(
        left > 0
          ? `growth: ${left} deltas still unfolded after ${FOLD_LIMIT_MINUTES} minutes`
          : "growth: ledger totals folded",
      );
    } finally {
      await stopWorker(worker);
    }
  } finally {
    await client.end();
  }
}

/**
 * A proof-of-liabilities snapshot of the seeded ledger, as the daily job takes one, so the liability
 * proof measured at each size reads a snapshot of that size (untimed; logged).
 */
async function takeGrowthSnapshot(databaseUrl: string): Promise<void> {
  const { takeLiabilitySnapshot } = await import("@/lib/liabilities/take-liability-snapshot");
  const startedAt = performance.now();
  const outcome = await takeLiabilitySnapshot({ connectionString: databaseUrl });
  if (!outcome.taken) throw new Error(`growth: no liability snapshot was taken: ${outcome.reason}`);
  log(
    `growth: liability snapshot ${outcome.sequence} of ${outcome.wallets} live wallets taken in ` +
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
}

/**
 * Seeds the growth application at the small size, times every operation on each runtime's server,
 * grows it ninefold more (ten times in all) and times them again (bench/README.md, "Growth").
 */
async function measureGrowth(runtimes: NodeRuntime[], buildDone: Promise<void>): Promise<GrowthResult> {
  const seeding = await import("./support/growth-seed");
  const databaseUrl = database?.url;
  if (!databaseUrl) throw new Error("growth: no bench database");
  let app = await seeding.createGrowthApplication(runId);
  const cookie = await seeding.consoleCookie(app.merchantId, `bench-growth-${runId}@example.com`, authSecret);
  const sizes = ["small", "big"] as const;
  const measured = new Map<string, Partial<Record<(typeof sizes)[number], GrowthMeasurement>>>();
  const counts: Partial<GrowthResult["counts"]> = {};
  const loadAverage: GrowthResult["loadAverage"] = { small: [], big: [] };
  for (const size of sizes) {
    const entries = size === "small" ? settings.growthEntries : settings.growthEntries * 9;
    const seedStarted = performance.now();
    log(`growth: seeding about ${entries} more ledger entries (${size === "small" ? "S" : "to 10×S"})`);
    app = await seeding.growApplication(databaseUrl, app, entries, log);
    const sizeCounts = await seeding.growthCounts(databaseUrl, app);
    counts[size] = sizeCounts;
    log(
      `growth: ${size} size seeded in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s: ${JSON.stringify(sizeCounts)}`,
    );
    // The seeding runs while the production bundle builds.
    await buildDone;
    await settleLedgerTotals(databaseUrl);
    await takeGrowthSnapshot(databaseUrl);
    loadAverage[size] = os.loadavg().map((n) => Math.round(n * 100) / 100);
    for (const chosen of runtimes) {
      runtime = chosen;
      const ours = await startOurs();
      log(`growth: our server is up (pid ${ours.child.pid}, ${executable(ours.child.pid)})`);
      const spec: GrowthSpec = {
        baseUrl: ours.url,
        cookie,
        apiKey: app.apiKey,
        applicationId: app.applicationId,
        busyWalletId: app.busyWalletId,
        busyExternalUserId: seeding.BUSY_EXTERNAL_USER_ID,
        busyAuthorizationId: app.busyAuthorizationId,
        busyAuthorizationSteps: 1 + seeding.BUSY_NETWORK_INCREMENTS + seeding.BUSY_NETWORK_CLEARINGS,
        payeeExternalUserId: seeding.PAYEE_EXTERNAL_USER_ID,
        balanceReportMovements: seeding.BALANCE_RECENT_MOVEMENTS,
        endpointId: app.endpointId,
        searchExternalUserId: "growth_7",
        retentionDays: seeding.GROWTH_RETENTION_DAYS,
        retentionRows: settings.growthRetentionRows,
        reps: settings.growthReps,
        warmups: settings.growthWarmups,
      };
      try {
        const measurement = await runJsonScript<GrowthMeasurement>(
          {
            script: "bench/growth/measure.ts",
            args: [JSON.stringify(spec)],
            nodeBinary: chosen.binary,
            core: LOAD_CORE,
            logFile: logFile(`growth-${size}-node${chosen.label.replace(/\W+/g, "_")}`),
            env: { ...commonEnv(), RATE_LIMIT_PREFIX: `${redisPrefix}:growth` },
          },
          60 * 60_000,
        );
        measured.set(chosen.version, { ...measured.get(chosen.version), [size]: measurement });
        log(`growth: ${size} size measured on Node.js ${chosen.version}`);
      } finally {
        await stopServer(ours);
      }
    }
  }
  if (!counts.small || !counts.big) throw new Error("growth: a size was not seeded");
  return {
    id: "growth",
    entriesAsked: settings.growthEntries,
    counts: { small: counts.small, big: counts.big },
    reps: settings.growthReps,
    target: GROWTH_TARGET,
    byNode: runtimes.map((r) => {
      const { small, big } = measured.get(r.version) ?? {};
      if (!small || !big) throw new Error(`growth: Node.js ${r.version} was not measured at both sizes`);
      return { node: r.version, rows: growthRows(small, big) };
    }),
    loadAverage,
  };
}

/** The binary a process runs, from /proc (taskset execs it, so the pid is node's); "?" elsewhere. */
function executable(pid: number | undefined): string {
  try {
    return readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return "?";
  }
}

/** Writes a file the repository keeps as `npm run format` would leave it. */
async function writeFormatted(file: string, text: string): Promise<void> {
  const prettier = await import("prettier");
  const options = (await prettier.resolveConfig(file)) ?? {};
  writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

// --- main ---

async function main(): Promise<void> {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      log(`${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(130));
    });
  }
  const watchdog = setTimeout(() => {
    log(`still running after --max-minutes ${maxMinutes}: stopping and cleaning up`);
    void cleanup().finally(() => process.exit(124));
  }, maxMinutes * 60_000);
  watchdog.unref();
  log(
    `run ${runId}; ${pin ? "servers pinned to core 0, load to core 1" : "no pinning (needs taskset and 2+ cores)"}; logs in ${workDir}`,
  );
  const runtimes = resolveNodeRuntimes(nodeSpec, log);
  log(`servers and workers on ${runtimes.map((r) => `Node.js ${r.version} (${r.binary})`).join(", then ")}`);
  if (flags.metrics)
    log(
      `our server with METRICS_PORT (its port + ${METRICS_PORT_OFFSET}), scraped every ${METRICS_SCRAPE_MS / 1000} s`,
    );
  if (flags.tracing) {
    await startTraceSink();
    log(`our server with tracing on: OTEL_EXPORTER_OTLP_ENDPOINT=${traceSink?.url} (a sink in this process)`);
  }
  const buildDone = httpScenarios.length > 0 || runScaling || runOverload || runGrowth ? build() : Promise.resolve();
  database = await createRunDatabase("bench", runId).catch((error: unknown) => {
    throw new Error(`could not create the bench database on ${serverUrl}: ${String(error)}`);
  });
  log(
    `database on ${database.embedded ? "an embedded PostgreSQL (DATABASE_URL is not set)" : "DATABASE_URL's server"}`,
  );
  // Everything this process imports from lib/ from here on sees the bench database and settings.
  Object.assign(process.env, commonEnv(), { RATE_LIMIT_PREFIX: `${redisPrefix}:seed` });
  const versionClient = new pg.Client({ connectionString: database.url });
  await versionClient.connect();
  const postgresVersion =
    (await versionClient.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
  await versionClient.end();
  const machine = { ...machineInfo(postgresVersion), nodeVersions: runtimes.map((r) => r.version) };

  const scenarios: ScenarioResult[] = [];
  const scalings: ScalingResult[] = [];
  const overloads: OverloadResult[] = [];
  if (httpScenarios.length > 0 || runScaling || runWebhooks || runOverload) {
    const { seedApiData } = await import("./support/seed");
    const decisionUrl = await startDecisionEndpoint();
    log(`seeding ${settings.keys} keys and ${settings.wallets + 1} funded wallets with cards (and 5d's application)`);
    const { seed: baseSeed } = await seedApiData(
      runId,
      { keys: settings.keys, wallets: settings.wallets },
      decisionUrl,
    );
    await buildDone;

    const seedFile = path.join(workDir, "seed.json");
    // Scenario 7 replays nothing; the replays are made through our server, for scenario 4.
    let seed: SeedData = { ...baseSeed, replays: [] };
    writeFileSync(seedFile, JSON.stringify(seed));
    for (const [index, chosen] of runtimes.entries()) {
      runtime = chosen;
      log(`--- Node.js ${chosen.version} ---`);
      if (httpScenarios.length > 0) {
        const ours = await startOurs();
        log(`our server is up (pid ${ours.child.pid}, ${executable(ours.child.pid)})`);
        // Made once, through the first runtime's server: every runtime replays the same writes.
        if (index === 0) {
          seed = { ...baseSeed, replays: await seedReplays(ours, baseSeed, settings.replays) };
          writeFileSync(seedFile, JSON.stringify(seed));
        }
        if (flags.profile) {
          await stopServer(ours);
          await profileOurs(seed, seedFile);
        } else {
          const openApiFile = path.join(workDir, "openapi.json");
          writeFileSync(
            openApiFile,
            Buffer.from(await (await fetch(`${ours.url}/api/public/openapi.json`)).arrayBuffer()),
          );
          const baseline = await startBaseline(openApiFile);
          log(`baseline is up (pid ${baseline.child.pid})`);
          for (const id of httpScenarios)
            scenarios.push(await measureHttpScenario(id, seed, seedFile, [ours, baseline]));
          await stopServer(ours);
          await stopServer(baseline);
        }
      }
      if (flags.profile) {
        if (selected.has("6")) await profileWebhookWorker();
        continue;
      }
      if (runScaling) scalings.push(await measureScaling(seed, seedFile));
      if (runOverload) overloads.push(await measureOverload(seed, seedFile));
      if (runWebhooks) scenarios.push(await measureWebhooks());
    }
  }
  if (traceSink) log(`trace sink: ${traceSink.exports} OTLP exports, ${Math.round(traceSink.bytes / 1024)} KiB`);
  if (flags.profile) return;
  const growth = runGrowth ? await measureGrowth(runtimes, buildDone) : undefined;

  const results: BenchResults = {
    machine,
    settings: {
      ...settings,
      scenarios: [...selected],
      pinned: pin,
      nodeOptions: flags["node-options"] ?? null,
      // Whether our server measured with metrics (METRICS_PORT, scraped) and tracing (OTLP export) on.
      metrics: flags.metrics ?? false,
      tracing: flags.tracing ?? false,
      node: runtimes.map((r) => r.version),
    },
    scenarios,
    ...(scalings.length > 0 ? { scaling: scalings } : {}),
    ...(overloads.length > 0 ? { overload: overloads } : {}),
    ...(growth ? { growth } : {}),
    loadAverageAtEnd: os.loadavg().map((n) => Math.round(n * 100) / 100),
    durationSeconds: Math.round((Date.now() - started) / 1000),
  };
  const complete =
    !quick && httpScenarios.length === HTTP_ORDER.length && runWebhooks && runScaling && runOverload && runGrowth;
  const out =
    flags.out ??
    (complete ? path.join(REPO_ROOT, "bench", "results", "latest.json") : path.join(workDir, "results.json"));
  await writeFormatted(out, `${JSON.stringify(results, null, 2)}\n`);
  if (scenarios.length > 0) console.log(`\n${resultTables(scenarios)}\n`);
  for (const scaling of scalings) console.log(`\n${scalingTable(scaling)}\n`);
  for (const overload of overloads) console.log(`\n${overloadTable(overload)}\n`);
  if (growth) console.log(`\n${growthSummary(growth)}\n\n${growthTables(growth)}\n`);
  for (const warning of [...warningLines(scenarios), ...scalingWarningLines(scalings)]) console.log(`(!) ${warning}`);
  console.log(
    `\nresults: ${path.relative(process.cwd(), out)}${complete ? "" : " (a quick or partial run: bench/results/latest.json and the README are left alone)"}`,
  );
  const readme = path.join(REPO_ROOT, "bench", "README.md");
  if (complete && updateReadme(readme, results)) {
    await writeFormatted(readme, readFileSync(readme, "utf8"));
    console.log("bench/README.md: latest table updated");
  }
}

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
process.exit();
