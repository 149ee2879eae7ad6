// The in-memory limiter of a cluster (npm start with WEB_CONCURRENCY > 1 and no Redis): real worker
// processes, each using createRateLimiter as the service does, count in the primary's store. This
// test's own process is the cluster primary, so the store it checks is the one they counted in.
import { fork, type ChildProcess } from "node:child_process";
import cluster, { type Worker } from "node:cluster";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@/lib/db/paths";
import { answerWorkerRateLimits, PRIMARY_ANSWER_TIMEOUT_MS } from "@/lib/ratelimit/cluster-limiter";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory-limiter";
import type { HitOutcome, LimitTask, WorkerReport } from "../helpers/cluster-limit-worker";

const FIXTURE = path.join(REPO_ROOT, "tests/helpers/cluster-limit-worker.ts");
// No Redis or Upstash, whatever this run has: the memory backend is the one under test.
const MEMORY_BACKEND = { REDIS_URL: "", UPSTASH_REDIS_REST_URL: "", UPSTASH_REDIS_REST_TOKEN: "" };

cluster.setupPrimary({ exec: FIXTURE, execArgv: ["--import", "tsx"], silent: false });

type Child = Worker | ChildProcess;
const started: Child[] = [];
let stopAnswering: (() => void) | undefined;

afterEach(() => {
  stopAnswering?.();
  stopAnswering = undefined;
  for (const child of started.splice(0)) {
    const processOf = "isDead" in child ? child.process : child;
    if (processOf.exitCode === null && processOf.signalCode === null) processOf.kill("SIGKILL");
  }
});

/** A limiter with an hour's window, away from its edge: a window rolling over mid-test would reset the counts. */
async function hour(limit: number): Promise<LimitTask> {
  const left = 3_600_000 - (Date.now() % 3_600_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
  return { name: `cluster-${randomUUID().slice(0, 8)}`, limit, windowSeconds: 3600, identifier: "client", hits: 40 };
}

/** Starts the children, lets them all go at once (so their hits overlap), and collects their reports. */
async function run(children: Child[]): Promise<WorkerReport[]> {
  started.push(...children);
  const reports = children.map(
    (child) =>
      new Promise<WorkerReport>((resolve, reject) => {
        child.on("message", (message: unknown) => {
          if (isReport(message)) resolve(message);
        });
        child.once("exit", (code: number | null) => reject(new Error(`fixture exited (${code}) without a report`)));
      }),
  );
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) =>
          child.on("message", (message: unknown) => message === "fixture:ready" && resolve()),
        ),
    ),
  );
  for (const child of children) child.send("fixture:go");
  return Promise.all(reports);
}

function isReport(message: unknown): message is WorkerReport {
  return typeof message === "object" && message !== null && "type" in message && message.type === "fixture:done";
}

function forkWorkers(count: number, task: LimitTask): Worker[] {
  return Array.from({ length: count }, () =>
    cluster.fork({ ...MEMORY_BACKEND, CLUSTER_LIMIT_TASK: JSON.stringify(task) }),
  );
}

const allowed = (outcomes: HitOutcome[]) => outcomes.filter((o) => o.ok && o.success);

describe("the rate limiter across cluster workers", () => {
  it("lets exactly `limit` of 80 hits through across two worker processes", async () => {
    stopAnswering = answerWorkerRateLimits();
    const task = await hour(50);
    const reports = await run(forkWorkers(2, task));

    const outcomes = reports.flatMap((r) => r.outcomes);
    expect(outcomes).toHaveLength(80);
    expect(outcomes.every((o) => o.ok)).toBe(true);
    const through = allowed(outcomes);
    expect(through).toHaveLength(50);
    // Each allowed hit saw its own count: remaining 49, 48, … 0, none twice.
    expect(new Set(through.map((o) => o.ok && o.remaining))).toEqual(new Set(Array.from({ length: 50 }, (_, i) => i)));
    expect(outcomes.filter((o) => o.ok && !o.success).every((o) => o.ok && o.remaining === 0)).toBe(true);
    // Two processes took part: with a count each, all 80 would have gone through.
    expect(new Set(reports.map((r) => r.pid)).size).toBe(2);
  });

  it("counts in the primary's own memory store, keyed as a lone process would count", async () => {
    stopAnswering = answerWorkerRateLimits();
    const task = await hour(100);
    const reports = await run(forkWorkers(2, task));
    expect(allowed(reports.flatMap((r) => r.outcomes))).toHaveLength(80);

    const here = await createMemoryRateLimiter(task).limit(task.identifier);
    expect(here).toMatchObject({ success: true, limit: 100, remaining: 100 - 81 });
  });

  it("fails closed (RateLimiterUnavailableError, a 503) when the primary does not answer in time", async () => {
    const task = { ...(await hour(50)), hits: 3 };
    const [report] = await run(forkWorkers(1, task));

    expect(report?.outcomes).toHaveLength(3);
    for (const outcome of report?.outcomes ?? []) {
      expect(outcome).toMatchObject({ ok: false, error: "RateLimiterUnavailableError" });
      expect(outcome.ok || outcome.message).toMatch(/did not answer within/);
    }
    expect(report?.elapsedMs).toBeGreaterThanOrEqual(PRIMARY_ANSWER_TIMEOUT_MS - 50);
    expect(report?.elapsedMs).toBeLessThan(PRIMARY_ANSWER_TIMEOUT_MS + 1_500);
  });

  it("counts in its own memory in a process that is not a cluster worker, even one with an IPC channel", async () => {
    // A parent that would answer is there, but a lone process must never ask it.
    stopAnswering = answerWorkerRateLimits();
    const task = await hour(50);
    const lone = fork(FIXTURE, [], {
      cwd: REPO_ROOT,
      execArgv: ["--import", "tsx"],
      env: { ...process.env, ...MEMORY_BACKEND, CLUSTER_LIMIT_TASK: JSON.stringify(task) },
    });
    const [report] = await run([lone]);

    expect(allowed(report?.outcomes ?? [])).toHaveLength(40);
    const here = await createMemoryRateLimiter(task).limit(task.identifier);
    expect(here).toMatchObject({ success: true, remaining: 49 });
  });
});
