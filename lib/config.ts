// The service's configuration: every environment variable it reads, in one zod schema, read from
// the environment once and validated, so a bad value stops start-up with a message naming the
// variable instead of failing on first use. docs/operations.md's configuration table lists exactly
// these variables (tests/unit/config-docs.test.ts); the test harness's own variables (CHROMIUM_PATH,
// E2E_*, TEST_*) are not the service's and are described in CONTRIBUTING.md instead.
import os from "node:os";
// The crontab time-pattern parser graphile-worker's parseCronItems applies to `match`, imported
// alone: graphile-worker's index takes about 100 ms to load, and every web process reads this file.
import { createCronMatcher } from "graphile-worker/dist/cronMatcher.js";
import { z } from "zod";
import { serverNodeFlags } from "@/lib/platform/server-node-flags";

/** Variables read here that are not ours to document: set by Next.js and npm's scripts, not by operators. */
export const FRAMEWORK_VARIABLES: ReadonlySet<string> = new Set(["NODE_ENV"]);

/** Where the server listens when PORT and HOST are unset. */
export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE = "*/15 * * * *";
export const DEFAULT_ATTEMPT_RETENTION_SCHEDULE = "17 3 * * *";
export const DEFAULT_ATTEMPT_RETENTION_DAYS = 30;
export const DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE = "27 3 * * *";
export const DEFAULT_REQUEST_LOG_RETENTION_DAYS = 30;
/** Hourly, at 7 past: proof-of-liabilities snapshots (lib/liabilities). */
export const DEFAULT_LIABILITY_SNAPSHOT_SCHEDULE = "7 * * * *";
export const DEFAULT_LEDGER_FULL_VERIFICATION_SCHEDULE = "37 3 * * *";
export const DEFAULT_LIABILITY_PROOF_RETENTION_DAYS = 90;
/** A hundred years: past that a retention cutoff would fall before any date the database can hold. */
export const MAX_RETENTION_DAYS = 36_500;
export const DEFAULT_AUTHORIZATION_HOLD_DAYS = 7;
// Card networks keep an authorization valid for days, not months (Stripe: about 7; the longest,
// hotels and car rentals, about 30), so a longer hold is a mistake.
export const MAX_AUTHORIZATION_HOLD_DAYS = 30;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/**
 * A positive number (`whole`: a positive whole number), surrounding spaces ignored; unset or blank
 * is undefined, the worker's own default.
 */
const positive = (whole: boolean) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const trimmed = raw?.trim();
      if (!trimmed) return undefined;
      const value = Number(trimmed);
      if (!Number.isFinite(value) || value <= 0)
        ctx.addIssue({ code: "custom", message: `must be a positive number, got "${trimmed}"` });
      else if (whole && !Number.isInteger(value))
        ctx.addIssue({ code: "custom", message: `must be a positive whole number, got "${trimmed}"` });
      else return value;
      return z.NEVER;
    });
const positiveNumber = positive(false);
const positiveWholeNumber = positive(true);

/** Days (of retention, or of a hold): a positive whole number up to `max`; unset or blank is `fallback`. */
const retentionDays = (fallback: number, max = MAX_RETENTION_DAYS) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const trimmed = raw?.trim();
      if (!trimmed) return fallback;
      if (!/^[1-9]\d*$/.test(trimmed)) {
        ctx.addIssue({ code: "custom", message: `must be a positive whole number of days, got "${trimmed}"` });
        return z.NEVER;
      }
      const days = Number(trimmed);
      if (days > max) {
        ctx.addIssue({ code: "custom", message: `must be at most ${max}, got "${trimmed}"` });
        return z.NEVER;
      }
      return days;
    });

/** A crontab time pattern (minute hour day month weekday) graphile-worker accepts; unset or blank is `fallback`. */
const cronPattern = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const pattern = raw?.trim() || fallback;
      try {
        createCronMatcher(pattern, "configuration");
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `must be a crontab time pattern such as "${fallback}", got "${pattern}"`,
        });
        return z.NEVER;
      }
      return pattern;
    });

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
    // The first 6 or 8 digits of live-mode card numbers, the range our card processor assigned
    // (lib/cards/card-number.ts; test mode always uses a fixed test BIN). Unset: live cards are
    // issued without a number, get one once it is set, and their details are refused until then.
    CARD_LIVE_BIN: z
      .string()
      .trim()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(
        z
          .string()
          .regex(/^(?:\d{6}|\d{8})$/, "must be 6 or 8 digits")
          .optional(),
      )
      .optional(),
    RATE_LIMIT_PREFIX: z.string().default("rl"),
    // The card processor behind live-mode cards (lib/connectors): "simulator" (the built-in network
    // simulator; live cards it issues are marked processor "simulator" and reach no card network) or
    // "lithic". Test mode always uses the simulator.
    CARD_PROCESSOR_LIVE: z.enum(["simulator", "lithic"]).default("simulator"),
    // Lithic's API (lib/connectors/lithic/client.ts): the key, and which of Lithic's environments it
    // belongs to. LITHIC_BASE_URL overrides the environment's address (a mock of Lithic's API in tests).
    LITHIC_API_KEY: z.string().trim().min(1).optional(),
    LITHIC_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
    LITHIC_BASE_URL: optionalUrl,
    // The secrets Lithic signs what it sends us with (Standard Webhooks, `whsec_...`), verified by the
    // SDK (lib/connectors/lithic/verify-lithic-signature.ts): its events' (LITHIC_WEBHOOK_SECRET, from
    // the event subscription) and its Authorization Stream Access requests' (LITHIC_ASA_SECRET, from
    // GET /v1/auth_stream/secret). Unset: that endpoint refuses everything (401).
    LITHIC_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    LITHIC_ASA_SECRET: z.string().trim().min(1).optional(),
    // Our share of Lithic's ASA window, in ms, from receipt to answer: the lifecycle's checks and the
    // application's decision endpoint run inside it, and past it (or with our database down) the
    // stand-in answers (docs/decisions/card-processors.md).
    LITHIC_ASA_BUDGET_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
    // The rail behind live-mode payouts (lib/connectors/payout-rails.ts): "none" (live payouts are
    // refused payouts_not_configured) or "lithic" (ACH payments from LITHIC_FINANCIAL_ACCOUNT_TOKEN,
    // Lithic's financial account the payouts are paid from). Test mode always uses the simulator.
    PAYOUT_RAIL_LIVE: z.enum(["none", "lithic"]).default("none"),
    LITHIC_FINANCIAL_ACCOUNT_TOKEN: z.guid().optional(),
    // Requests per minute per API key (and per client address without a key). Raised only for load
    // tests (bench/run.ts); lowering or raising it never turns limiting off.
    API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000_000).default(60),
    // SDK requests recorded for the console's request log (lib/request-log); "off" for none (the
    // benchmark compares both).
    REQUEST_LOG: z.enum(["on", "off"]).default("on"),
    // Email (lib/mail): an smtp:// or smtps:// URL with the user and password in it, e.g.
    // smtps://user:pass@smtp.example.com:465. Unset: mail is written as .eml files under
    // <DATA_DIR>/mail/ and each link is printed on the server's console (development).
    SMTP_URL: z
      .string()
      .trim()
      .transform((v) => (v === "" ? undefined : v))
      .pipe(z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional())
      .optional(),
    // The From of every email the service sends.
    MAIL_FROM: z.string().trim().min(3).max(320).optional(),
    GITHUB_ID: z.string().optional(),
    GITHUB_SECRET: z.string().optional(),
    // GitHub's REST API, asked for the signing-in user and their verified primary address; tests
    // point it at a local server standing in for GitHub.
    GITHUB_API_URL: z
      .string()
      .trim()
      .pipe(z.url({ protocol: /^https?$/ }))
      .transform((v) => v.replace(/\/+$/, ""))
      .default("https://api.github.com"),
    // HTTP server processes of `npm start` (scripts/serve.ts): 1 serves in the launcher's own
    // process; more make it a node:cluster primary of that many workers. `npm run dev` runs one.
    WEB_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(256)
      .default(() => os.availableParallelism()),
    // Node.js flags for those worker processes, replacing lib/platform/server-node-flags.ts's
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
    // Where Prometheus scrapes GET /metrics (lib/metrics/metrics-server.ts): a port of its own, never
    // the service's, so a load balancer routing the service never exposes it. Unset: no metrics
    // server. METRICS_HOST is the address it binds, loopback unless widened for a scraper elsewhere.
    METRICS_PORT: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number().int().min(1).max(65_535).optional(),
    ),
    METRICS_HOST: z.string().min(1).default("127.0.0.1"),
    // The structured logs (lib/logging/logger.ts): the least severe level written, JSON lines or
    // pino-pretty's coloured lines (`npm run dev` defaults to pretty), and a file to append them to
    // instead of stdout (the test run writes every process's lines to one file and checks them).
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
    LOG_FILE: z.preprocess((v) => (v === "" ? undefined : v), z.string().optional()),
    // OpenTelemetry traces (lib/tracing, docs/decisions/tracing.md): on only when set, to the OTLP/HTTP
    // collector at this base URL (the SDK appends /v1/traces); the SDK reads the other standard
    // OTEL_* variables (OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS, OTEL_TRACES_SAMPLER...) itself.
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl,
    // On SIGTERM/SIGINT, how long a server process goes on serving while /api/public/health/ready
    // answers 503, before it stops taking connections: long enough for the load balancer or
    // Kubernetes to see it and route elsewhere (its probe period times its failure threshold).
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    // Where the server listens (scripts/serve.ts). An empty PORT is 0, as Number("") was: any free port.
    // Unset is undefined rather than a default: the console's and the CLI's links say "localhost"
    // when HOST is unset and ask the running server when PORT is, so the listener applies
    // DEFAULT_PORT and DEFAULT_HOST itself.
    PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    HOST: z.string().optional(),
    // Where the embedded PostgreSQL and the generated development secrets live (lib/data-dir.ts);
    // unset is .data under the working directory.
    DATA_DIR: z.string().optional(),
    // "1" lets a production process generate SECRETS_KEY and AUTH_SECRET under DATA_DIR (a throwaway
    // run only); any other value is as unset.
    ALLOW_GENERATED_SECRETS: z
      .string()
      .optional()
      .transform((v) => v === "1"),
    // Base of the console's sign-in links and cookie security; next-auth reads it too, and
    // lib/console/auth-options.ts sets it from PUBLIC_BASE_URL, HOST and PORT when unset.
    NEXTAUTH_URL: z.string().optional(),
    // The console password `npm run cli -- bootstrap` sets (read by its --password option).
    BOOTSTRAP_PASSWORD: z.string().optional(),

    // "true" lets test-mode webhook and decision endpoints reach this server's own loopback
    // (127.0.0.0/8, ::1): a developer's laptop receiving on localhost. Anything else, or unset, refuses
    // loopback in both modes; live mode never reaches it. `npm run dev` sets it (scripts/serve.ts);
    // a hosted deployment must not (docs/decisions/loopback-endpoints.md).
    ALLOW_LOOPBACK_ENDPOINTS: z
      .string()
      .optional()
      .transform((v) => v === "true"),

    // The webhook worker (lib/webhooks/worker.ts). Runs inside web processes unless "off"; any other
    // value, or none, is on.
    WEBHOOK_WORKER: z
      .string()
      .optional()
      .transform((v): "on" | "off" => (v === "off" ? "off" : "on")),
    // Unset numbers take the worker's own defaults (startWebhookWorker): 16 requests at once, 4 to
    // one endpoint, polling every 1000 ms, a dead worker's jobs freed after 5 s, swept every 5000 ms.
    WEBHOOK_WORKER_CONCURRENCY: positiveWholeNumber,
    WEBHOOK_ENDPOINT_CONCURRENCY: positiveWholeNumber,
    WEBHOOK_POLL_INTERVAL_MS: positiveNumber,
    WEBHOOK_STALE_LOCK_SECONDS: positiveNumber,
    WEBHOOK_SWEEP_INTERVAL_MS: positiveNumber,
    // Multiplies the retry schedule and the endpoint back-off (lib/webhooks/schedule.ts); small
    // values for tests and demos only.
    WEBHOOK_RETRY_SCALE: positiveNumber.transform((v) => v ?? 1),
    // The worker's crontab (lib/jobs): when each maintenance job runs, and how much the retention
    // jobs keep.
    IDEMPOTENCY_CLEANUP_SCHEDULE: cronPattern(DEFAULT_IDEMPOTENCY_CLEANUP_SCHEDULE),
    WEBHOOK_ATTEMPT_RETENTION_DAYS: retentionDays(DEFAULT_ATTEMPT_RETENTION_DAYS),
    WEBHOOK_ATTEMPT_RETENTION_SCHEDULE: cronPattern(DEFAULT_ATTEMPT_RETENTION_SCHEDULE),
    REQUEST_LOG_RETENTION_DAYS: retentionDays(DEFAULT_REQUEST_LOG_RETENTION_DAYS),
    REQUEST_LOG_RETENTION_SCHEDULE: cronPattern(DEFAULT_REQUEST_LOG_RETENTION_SCHEDULE),
    // How long an approved spend's hold stays open uncaptured before it expires and is released
    // (lib/authorizations/hold-expiry.ts). Read at each approval: a change applies to new holds.
    AUTHORIZATION_HOLD_DAYS: retentionDays(DEFAULT_AUTHORIZATION_HOLD_DAYS, MAX_AUTHORIZATION_HOLD_DAYS),
    // Decisions in flight per application and mode in one server process (lib/authorization-decisions/in-flight.ts);
    // past it a spend gets the endpoint's defaultAction at once (reason overloaded). Per process:
    // with WEB_CONCURRENCY n, an application can have up to n times this many.
    AUTHORIZATION_DECISIONS_IN_FLIGHT: z.coerce.number().int().min(1).max(1_000).default(32),
    // Admission control (lib/http/admission.ts, docs/decisions/overload.md), per server process:
    // requests past either bound are refused at once with 503 overloaded and Retry-After: 1 before
    // any database or Redis work; lower priority classes see a smaller share of both bounds.
    ADMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(64),
    ADMISSION_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(1).max(60_000).default(500),
    // When a proof-of-liabilities snapshot is taken, and how long its leaves are kept for proofs (the
    // published snapshot row stays; lib/liabilities/take-liability-snapshot.ts).
    LIABILITY_SNAPSHOT_SCHEDULE: cronPattern(DEFAULT_LIABILITY_SNAPSHOT_SCHEDULE),
    LIABILITY_PROOF_RETENTION_DAYS: retentionDays(DEFAULT_LIABILITY_PROOF_RETENTION_DAYS),
    // When the full ledger verification runs (lib/ledger/verify-ledger.ts): every total against a
    // recomputation and the whole-ledger invariant, the checks the minute's incremental run leaves out.
    LEDGER_FULL_VERIFICATION_SCHEDULE: cronPattern(DEFAULT_LEDGER_FULL_VERIFICATION_SCHEDULE),
  })
  .refine((c) => !c.UPSTASH_REDIS_REST_URL || c.UPSTASH_REDIS_REST_TOKEN, {
    message: "UPSTASH_REDIS_REST_TOKEN is required with UPSTASH_REDIS_REST_URL",
    path: ["UPSTASH_REDIS_REST_TOKEN"],
  })
  .refine((c) => c.CARD_PROCESSOR_LIVE !== "lithic" || c.LITHIC_API_KEY, {
    message: "LITHIC_API_KEY is required with CARD_PROCESSOR_LIVE=lithic",
    path: ["LITHIC_API_KEY"],
  })
  .refine((c) => c.PAYOUT_RAIL_LIVE !== "lithic" || c.LITHIC_API_KEY, {
    message: "LITHIC_API_KEY is required with PAYOUT_RAIL_LIVE=lithic",
    path: ["LITHIC_API_KEY"],
  })
  .refine((c) => c.PAYOUT_RAIL_LIVE !== "lithic" || c.LITHIC_FINANCIAL_ACCOUNT_TOKEN, {
    message: "LITHIC_FINANCIAL_ACCOUNT_TOKEN is required with PAYOUT_RAIL_LIVE=lithic",
    path: ["LITHIC_FINANCIAL_ACCOUNT_TOKEN"],
  });

export type Config = z.infer<typeof configSchema>;

/** Every variable the schema reads. */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(configSchema.shape);

export function parseConfig(env: Record<string, string | undefined>): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let cached: Config | undefined;

/** The process's configuration, parsed from process.env on first use. */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/**
 * Makes `url` the process's DATABASE_URL: in the environment (processes it starts, and Next's own
 * copy of this module, read it there) and in the configuration already read.
 */
export function useDatabaseUrl(url: string): void {
  process.env.DATABASE_URL = url;
  if (cached) cached = { ...cached, DATABASE_URL: url };
}
