// The memory limiter of a node:cluster server, one for all its processes: a worker asks the primary
// over the cluster's IPC channel, and the primary counts in its own memory store, so limits hold
// exactly across processes without Redis.
import cluster, { type Worker } from "node:cluster";
import { z } from "zod";
import { validateLimiterOptions, type LimiterOptions, type RateLimiter, type RateLimitResult } from "./limiter-options";
import { createMemoryRateLimiter } from "./memory-limiter";

/** The primary answers in well under a millisecond; silence this long means it cannot answer at all. */
export const PRIMARY_ANSWER_TIMEOUT_MS = 1_000;

const askSchema = z.object({
  type: z.literal("ratelimit:ask"),
  id: z.number().int(),
  opts: z.object({
    name: z.string(),
    limit: z.number(),
    windowSeconds: z.number(),
    algorithm: z.enum(["fixed", "sliding"]).optional(),
  }),
  identifier: z.string(),
});
const resultSchema = z.object({ success: z.boolean(), limit: z.number(), remaining: z.number(), reset: z.number() });
const answerSchema = z.union([
  z.object({ type: z.literal("ratelimit:answer"), id: z.number().int(), result: resultSchema }),
  z.object({ type: z.literal("ratelimit:answer"), id: z.number().int(), error: z.string() }),
]);
type Ask = z.infer<typeof askSchema>;
type Answer = z.infer<typeof answerSchema>;

type Pending = { resolve(result: RateLimitResult): void; reject(error: Error): void; timer: NodeJS.Timeout };
type Channel = { nextId: number; pending: Map<number, Pending> };

// One channel per process, on globalThis for the same reason as the memory store: the launcher and
// Next's route bundle load this module twice in one worker, and two listeners with two id counters
// would each take the other's answers for their own.
const globalChannel = globalThis as unknown as { __rateLimitPrimaryChannel?: Channel };

function channel(): Channel {
  if (globalChannel.__rateLimitPrimaryChannel) return globalChannel.__rateLimitPrimaryChannel;
  const created: Channel = { nextId: 1, pending: new Map() };
  process.on("message", (message: unknown) => {
    const parsed = answerSchema.safeParse(message);
    if (!parsed.success) return; // not ours (cluster's own messages never arrive here)
    const waiting = created.pending.get(parsed.data.id);
    if (!waiting) return; // already timed out
    created.pending.delete(parsed.data.id);
    clearTimeout(waiting.timer);
    if ("result" in parsed.data) waiting.resolve(parsed.data.result);
    else waiting.reject(new Error(`the cluster primary could not count: ${parsed.data.error}`));
  });
  globalChannel.__rateLimitPrimaryChannel = created;
  return created;
}

/**
 * For a cluster worker: counts in the primary's store (which answerWorkerRateLimits serves). Rejects
 * when the primary cannot be asked or does not answer in time; the caller fails closed on that.
 */
export function createClusterRateLimiter(opts: LimiterOptions, timeoutMs = PRIMARY_ANSWER_TIMEOUT_MS): RateLimiter {
  const { name, limit, windowSeconds, algorithm } = opts;
  return {
    limit(identifier) {
      return new Promise<RateLimitResult>((resolve, reject) => {
        if (!process.send || !process.connected) {
          reject(new Error("no IPC channel to the cluster primary"));
          return;
        }
        const open = channel();
        const id = open.nextId++;
        const timer = setTimeout(() => {
          open.pending.delete(id);
          reject(new Error(`the cluster primary did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        open.pending.set(id, { resolve, reject, timer });
        const ask: Ask = { type: "ratelimit:ask", id, opts: { name, limit, windowSeconds, algorithm }, identifier };
        process.send(ask, undefined, {}, (error: Error | null) => {
          if (!error || !open.pending.delete(id)) return;
          clearTimeout(timer);
          reject(error);
        });
      });
    },
  };
}

/**
 * For the cluster primary: answers its workers' limit() calls from this process's memory store,
 * keyed and windowed exactly as a lone process counts. Returns a function that stops answering.
 */
export function answerWorkerRateLimits(): () => void {
  const onMessage = (worker: Worker, message: unknown) => {
    const parsed = askSchema.safeParse(message);
    if (!parsed.success) return;
    void answer(parsed.data).then((reply) => {
      // A worker that died while asking has no one left to read the answer.
      if (worker.isConnected()) worker.send(reply, undefined, () => undefined);
    });
  };
  cluster.on("message", onMessage);
  return () => void cluster.off("message", onMessage);
}

async function answer(ask: Ask): Promise<Answer> {
  try {
    validateLimiterOptions(ask.opts);
    const result = await createMemoryRateLimiter(ask.opts).limit(ask.identifier);
    return { type: "ratelimit:answer", id: ask.id, result };
  } catch (error) {
    return { type: "ratelimit:answer", id: ask.id, error: error instanceof Error ? error.message : String(error) };
  }
}
