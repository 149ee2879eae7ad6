// The service's configuration, read from the environment once and validated with zod, so a bad
// value stops start-up with a message naming the variable instead of failing on first use.
import os from "node:os";
import { z } from "zod";
import { serverNodeFlags } from "@/lib/process/server-node-flags";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    DATABASE_URL: optionalUrl,
    REDIS_URL: optionalUrl,
    UPSTASH_REDIS_REST_URL: optionalUrl,
    UPSTASH_REDIS_REST_TOKEN: z.string().optional(),
    // How many reverse proxies in front of us append to x-forwarded-for; 0 trusts only the socket.
    TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
    // 32 bytes, base64: seals webhook secrets at rest. The launcher creates one under .data/.
    SECRETS_KEY: z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes, base64-encoded")
      .optional(),
    // Signs console sessions (next-auth).
    AUTH_SECRET: z.string().min(32).optional(),
    PUBLIC_BASE_URL: optionalUrl,
    RATE_LIMIT_PREFIX: z.string().default("rl"),
    // Requests per minute per API key (and per client address without a key). Raised only for load
    // tests (bench/run.ts); lowering or raising it never turns limiting off.
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(60),
    // SDK requests recorded for the console's request log (lib/request-log); "off" for none (the
    // benchmark compares both).
    REQUEST_LOG: z.enum(["on", "off"]).default("on"),
    GITHUB_ID: z.string().optional(),
    GITHUB_SECRET: z.string().optional(),
    // HTTP server processes of `npm start` (scripts/serve.ts): 1 serves in the launcher's own
    // process; more make it a node:cluster primary of that many workers. `npm run dev` runs one.
    WEB_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(() => os.availableParallelism()),
    // Node.js flags for those worker processes, replacing lib/process/server-node-flags.ts's
    // defaults; empty for none.
    SERVER_NODE_FLAGS: z
      .string()
      .refine(
        (v) => serverNodeFlags(v).every((flag) => flag.startsWith("--")),
        "must be Node.js flags separated by spaces, each starting with --",
      )
      .optional(),
    // How long the HTTP server keeps an idle connection open for its next request. It must outlast
    // the idle timeout of whatever reuses connections in front (AWS ALB and nginx 60 s by default):
    // if we close first, a request the balancer sends at that moment is lost and it answers 502.
    // Node's own 5 s loses that race. Behind GCP's load balancer (600 s) set 620000.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(65_000),
    // How long a client may take to send a request's headers (slow-header protection). Node 20 does
    // not count a kept-alive connection's idle time against it, so it need not exceed the keep-alive
    // timeout; Node refuses one above its 300 s whole-request timeout.
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(60_000),
  })
  .refine((c) => !c.UPSTASH_REDIS_REST_URL || c.UPSTASH_REDIS_REST_TOKEN, {
    message: "UPSTASH_REDIS_REST_TOKEN is required with UPSTASH_REDIS_REST_URL",
    path: ["UPSTASH_REDIS_REST_TOKEN"],
  });

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
