// The node:cluster side of `npm start` with WEB_CONCURRENCY above 1: forks the HTTP server
// processes, says when every one listens, replaces one that dies (backing off when they keep
// dying), and stops them all on request. What the primary itself runs (the database, the webhook
// worker) is scripts/serve.ts's business.
//
// Platform code. `next start` serves from one process, and one process is bound to one core (a
// trivial route tops out near 900 requests/s here: Next.js costs about 1 ms of CPU per request);
// Next.js has no multi-process mode of its own. The standard answers, a process manager's cluster
// mode (pm2) or one container per process behind a load balancer, would not give one machine a
// single owner of the embedded PostgreSQL, the webhook worker and the in-memory rate-limit counts,
// which `npm start` keeps without Redis; node:cluster does, in about a hundred lines. Delete it
// (with server-node-flags.ts and lib/ratelimit/cluster-limiter.ts) when deployments run one process
// per container behind a load balancer, with an external PostgreSQL and Redis: WEB_CONCURRENCY=1
// everywhere.
import cluster, { type Worker } from "node:cluster";
import { config } from "@/lib/config";
import { logger } from "@/lib/logging/logger";

// The first replacement waits a little, each quick death after it twice as long as the one before.
const FIRST_RESPAWN_DELAY_MS = 250;
const MAX_RESPAWN_DELAY_MS = 30_000;
/** A worker that lived this long died of something other than a crash loop: the delay starts over. */
const STABLE_AFTER_MS = 30_000;
/**
 * A worker drains (SHUTDOWN_DRAIN_MS), closes its server (cutting slow clients after 5 s), then Next
 * and its pools; past this much more, SIGKILL.
 */
const STOP_GRACE_MS = 15_000;

export type WebClusterOptions = {
  processes: number;
  /** Node.js flags for the workers, after the primary's own (which carry the tsx loader). */
  nodeFlags: string[];
  /** The worker script; defaults to the primary's own (scripts/serve.ts, which serves when it is a worker). */
  exec?: string;
  /** Overrides the back-off's first delay (tests). */
  firstRespawnDelayMs?: number;
  log?: (line: string) => void;
};

export type WebCluster = {
  /** Resolves once every first worker listens; rejects when one exits before it does. */
  ready: Promise<void>;
  /** Pids of the workers alive now. */
  pids(): number[];
  /** Stops replacing workers, sends each SIGTERM, and resolves once all have exited. */
  stop(): Promise<void>;
};

export function startWebCluster(options: WebClusterOptions): WebCluster {
  const log = options.log ?? ((line: string) => logger("web-cluster").warn(line));
  const firstDelay = options.firstRespawnDelayMs ?? FIRST_RESPAWN_DELAY_MS;
  // Inherited execArgv carries tsx's loader (tsx runs the primary as `node --require …preflight.cjs
  // --import …loader.mjs`), so forked workers load TypeScript the same way.
  cluster.setupPrimary({
    execArgv: [...process.execArgv, ...options.nodeFlags],
    ...(options.exec ? { exec: options.exec } : {}),
  });

  const startedAt = new Map<Worker, number>();
  const respawns = new Set<NodeJS.Timeout>();
  let stopping = false;
  let isReady = false;
  let quickDeaths = 0;
  let markReady: () => void = () => undefined;
  let failStart: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failStart = reject;
  });
  const listening = new Set<Worker>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    worker.once("listening", () => {
      listening.add(worker);
      if (isReady) log(`[cluster] server process ${worker.process.pid} listening`);
      else if (listening.size === options.processes) {
        isReady = true;
        markReady();
      }
    });
    worker.once("exit", (code, signal) => {
      const lived = Date.now() - (startedAt.get(worker) ?? Date.now());
      startedAt.delete(worker);
      listening.delete(worker);
      if (stopping) return;
      const how = signal ? `on ${signal}` : `with code ${code}`;
      if (!isReady) {
        // A start-up failure (no build, a bad flag): replacing it would only fail the same way.
        failStart(new Error(`server process ${worker.process.pid} exited ${how} before it listened`));
        return;
      }
      quickDeaths = lived >= STABLE_AFTER_MS ? 0 : quickDeaths + 1;
      const delay = Math.min(firstDelay * 2 ** Math.max(0, quickDeaths - 1), MAX_RESPAWN_DELAY_MS);
      log(`[cluster] server process ${worker.process.pid} exited ${how}; starting another in ${delay} ms`);
      const timer = setTimeout(() => {
        respawns.delete(timer);
        if (!stopping) fork();
      }, delay);
      respawns.add(timer);
    });
    return worker;
  };

  for (let i = 0; i < options.processes; i++) fork();

  return {
    ready,
    pids: () => [...startedAt.keys()].flatMap((worker) => (worker.process.pid ? [worker.process.pid] : [])),
    async stop() {
      stopping = true;
      for (const timer of respawns) clearTimeout(timer);
      respawns.clear();
      await Promise.all([...startedAt.keys()].map(stopWorker));
    },
  };
}

async function stopWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.process.kill("SIGTERM");
  const timer = setTimeout(() => worker.process.kill("SIGKILL"), config().SHUTDOWN_DRAIN_MS + STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
