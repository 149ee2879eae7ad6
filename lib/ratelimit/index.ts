// The rate limiter behind the API's request pipeline: one fixed-window interface over Upstash REST,
// a self-hosted Redis, or process memory, chosen once from configuration.
import cluster from "node:cluster";
import { Redis } from "@upstash/redis";
import { config } from "@/lib/config";
import { createClusterRateLimiter } from "@/lib/ratelimit/cluster-limiter";
import { validateLimiterOptions, type LimiterOptions, type RateLimiter } from "@/lib/ratelimit/limiter-options";
import { createMemoryRateLimiter } from "@/lib/ratelimit/memory-limiter";
import { TcpConnection } from "@/lib/platform/redis-tcp-connection";
import { createTcpRequester } from "@/lib/platform/redis-tcp-requester";
import { createUpstashRateLimiter } from "@/lib/ratelimit/upstash-limiter";

export type { RateLimitResult, RateLimiter } from "@/lib/ratelimit/limiter-options";

export type RateLimitBackend = "upstash" | "redis" | "memory";

/** Thrown when the shared store can't be asked; the pipeline answers 503 rather than letting traffic through. */
export class RateLimiterUnavailableError extends Error {
  override name = "RateLimiterUnavailableError";
}

const REST_TIMEOUT_MS = 1_500;

let configuredBackend: RateLimitBackend | undefined;
let tcpConnection: TcpConnection | undefined;
let tcpRedis: Redis | undefined;
let restRedis: Redis | undefined;

export function createRateLimiter(
  opts: LimiterOptions & {
    /** Tests only: overrides the backend chosen from configuration. */
    backend?: RateLimitBackend;
  },
): RateLimiter {
  const { backend = chooseBackend(), ...limiterOpts } = opts;
  validateLimiterOptions(limiterOpts);
  switch (backend) {
    case "memory":
      // A worker of `npm start`'s cluster (scripts/serve.ts) counts in the primary's memory, so the
      // limit is one for all its processes; a lone process never takes the IPC path.
      return cluster.isWorker
        ? failClosed(createClusterRateLimiter(limiterOpts))
        : createMemoryRateLimiter(limiterOpts);
    case "redis":
      return failClosed(createUpstashRateLimiter(sharedTcpRedis(), limiterOpts));
    case "upstash":
      return failClosed(createUpstashRateLimiter(sharedRestRedis(), limiterOpts));
  }
}

/**
 * Asks the shared store for a PING: "memory" when limits are counted in process memory (nothing to
 * ask), "ok" when Redis or Upstash answered; throws RateLimiterUnavailableError when it did not.
 */
export async function pingRateLimitStore(): Promise<"ok" | "memory"> {
  const backend = chooseBackend();
  if (backend === "memory") return "memory";
  try {
    await (backend === "redis" ? sharedTcpRedis() : sharedRestRedis()).ping();
    return "ok";
  } catch (cause) {
    throw new RateLimiterUnavailableError(`rate limit store unavailable: ${String(cause)}`, { cause });
  }
}

/** Closes the shared Redis connection; a later limit() call opens a new one. */
export async function closeRateLimitConnections(): Promise<void> {
  await tcpConnection?.close();
}

function chooseBackend(): RateLimitBackend {
  const c = config();
  configuredBackend ??= c.UPSTASH_REDIS_REST_URL ? "upstash" : c.REDIS_URL ? "redis" : "memory";
  return configuredBackend;
}

function sharedTcpRedis(): Redis {
  if (tcpRedis) return tcpRedis;
  const url = config().REDIS_URL;
  if (!url) throw new Error("REDIS_URL is not set");
  tcpConnection = new TcpConnection(url);
  tcpRedis = new Redis(createTcpRequester(tcpConnection));
  return tcpRedis;
}

function sharedRestRedis(): Redis {
  if (restRedis) return restRedis;
  const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = config();
  if (!url || !token) throw new Error("UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN must be set");
  restRedis = new Redis({
    url,
    token,
    enableTelemetry: false,
    retry: { retries: 1, backoff: () => 100 },
    // A signal factory (not a signal) makes @upstash/redis throw on abort; with a plain signal it
    // would return the abort reason as if it were the command's result.
    signal: () => AbortSignal.timeout(REST_TIMEOUT_MS),
  });
  return restRedis;
}

function failClosed(limiter: RateLimiter): RateLimiter {
  return {
    async limit(identifier) {
      try {
        return await limiter.limit(identifier);
      } catch (cause) {
        throw new RateLimiterUnavailableError(`rate limit store unavailable: ${String(cause)}`, {
          cause,
        });
      }
    },
  };
}
