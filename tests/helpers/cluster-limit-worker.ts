// A server process stand-in for tests/integration/rate-limit-cluster.test.ts: built the way every
// limiter in the service is (createRateLimiter, backend from configuration), it says it is ready,
// takes its hits all at once when its parent says go, and reports every result.
import { z } from "zod";
import { createRateLimiter } from "@/lib/ratelimit";

export const limitTaskSchema = z.object({
  name: z.string(),
  limit: z.number().int(),
  windowSeconds: z.number().int(),
  identifier: z.string(),
  hits: z.number().int(),
});
export type LimitTask = z.infer<typeof limitTaskSchema>;

export type HitOutcome =
  | { ok: true; success: boolean; limit: number; remaining: number; reset: number }
  | { ok: false; error: string; message: string };

export type WorkerReport = { type: "fixture:done"; pid: number; outcomes: HitOutcome[]; elapsedMs: number };

async function main(): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) throw new Error("cluster-limit-worker needs an IPC channel to its parent");
  const task = limitTaskSchema.parse(JSON.parse(process.env.CLUSTER_LIMIT_TASK ?? "null"));
  const limiter = createRateLimiter({ name: task.name, limit: task.limit, windowSeconds: task.windowSeconds });
  await new Promise<void>((resolve) => {
    process.on("message", (message: unknown) => {
      if (message === "fixture:go") resolve();
    });
    send("fixture:ready");
  });
  const started = performance.now();
  const outcomes = await Promise.all(
    Array.from({ length: task.hits }, (): Promise<HitOutcome> =>
      limiter.limit(task.identifier).then(
        (result) => ({ ok: true, ...result }),
        (error: unknown) => ({
          ok: false,
          error: error instanceof Error ? error.name : "unknown",
          message: String(error),
        }),
      ),
    ),
  );
  const report: WorkerReport = {
    type: "fixture:done",
    pid: process.pid,
    outcomes,
    elapsedMs: performance.now() - started,
  };
  send(report, undefined, {}, () => process.exit(0));
}

void main();
