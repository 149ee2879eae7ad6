// `npm run cli -- events tail --app ID`: prints an application's webhook attempts as they happen
// (event, endpoint, status, latency) for local debugging, until Ctrl-C.
import { InvalidArgumentError, Option, type Command } from "commander";
import { config } from "@/lib/config";
import { prisma, type Db } from "@/lib/db/client";
import { followAttempts, type AttemptFeedEntry, type AttemptFeedFilter } from "@/lib/webhooks/attempt-feed";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, MODES, requireApplication } from "./options";

export type TailOptions = AttemptFeedFilter & {
  /** Attempts from this long ago are printed first; 0 starts from now. */
  sinceMs: number;
  /** One JSON object per line instead of columns. */
  json: boolean;
  /** The database to listen on; DATABASE_URL (the one `db` reads) when absent. */
  connectionString?: string;
  /** The first wait before reconnecting a lost connection. */
  reconnectDelayMs?: number;
};

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** "90s", "5m", "2h", "1d" in milliseconds. */
function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text.trim());
  const unit = match?.[2] === undefined ? undefined : DURATION_UNITS_MS[match[2]];
  if (!match || unit === undefined)
    throw new Error(`--since must be a duration such as 30s, 5m, 2h or 1d, not "${text}"`);
  return Number(match[1]) * unit;
}

/** One line per attempt: time, mode, event type, event id, delivery id, endpoint, trigger, status or error, latency. */
function attemptLine(entry: AttemptFeedEntry): string {
  const outcome =
    entry.statusCode === null ? `error=${JSON.stringify(entry.error ?? "no response")}` : String(entry.statusCode);
  return [
    entry.createdAt.toISOString(),
    entry.livemode ? "live" : "test",
    entry.eventType,
    entry.eventId,
    entry.deliveryId,
    entry.endpointUrl,
    entry.trigger,
    outcome,
    entry.latencyMs === null ? "-" : `${entry.latencyMs}ms`,
  ].join("  ");
}

function attemptJson(entry: AttemptFeedEntry): string {
  return JSON.stringify({ ...entry, createdAt: entry.createdAt.toISOString() });
}

/**
 * Prints each new attempt as one line through `write` as soon as it commits (woken by the
 * database's notification, never polling), until `signal` aborts; `notice` hears of a lost connection.
 */
export async function tailWebhookAttempts(
  db: Db,
  options: TailOptions,
  signal: AbortSignal,
  write: (line: string) => void,
  notice: (message: string) => void = (message) => console.error(message),
): Promise<void> {
  const connectionString = options.connectionString ?? config().DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set.");
  await followAttempts(
    db,
    { applicationId: options.applicationId, livemode: options.livemode },
    {
      connectionString,
      sinceMs: options.sinceMs,
      signal,
      onEntry: (entry) => write(options.json ? attemptJson(entry) : attemptLine(entry)),
      onNotice: notice,
      reconnectDelayMs: options.reconnectDelayMs,
    },
  );
}

/** Checks --since while parsing, so a bad one is a usage error; the text itself is kept for the run. */
function sinceArgument(text: string): string {
  try {
    parseDuration(text);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
  return text;
}

export type TailCommandOptions = { app: string; mode?: KeyMode; since?: string; json?: boolean };

export const eventsTailCommand: CliCommand<TailCommandOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("print delivery attempts live, until Ctrl-C")
        .description(
          "Prints each webhook delivery attempt of the application as it is recorded (the database " +
            "notifies the command; nothing is polled): time, mode, event, delivery, endpoint, " +
            "first/retry/replay, status or error, latency. A lost database connection is reopened and " +
            "the attempts it missed are printed (a note goes to stderr). Ctrl-C stops.",
        )
        .addOption(appOption())
        .addOption(new Option("--mode <mode>", "only test or only live attempts (default: both)").choices(MODES))
        .addOption(
          new Option(
            "--since <duration>",
            "first print the attempts of this long ago, e.g. 30s, 5m, 2h, 1d (default: only new ones)",
          ).argParser(sinceArgument),
        )
        .addOption(jsonOption("print one JSON object per attempt")),
      ["events tail --app app_… --since 10m", "events tail --app app_… --mode test --since 5m --json"],
    ),

  async run(options) {
    const applicationId = options.app;
    const livemode = options.mode === undefined ? undefined : options.mode === "live";
    const since = options.since;
    const sinceMs = since === undefined ? 0 : parseDuration(since);
    await requireApplication(applicationId);

    // Ctrl-C ends the loop instead of the process, so the caller still closes the database.
    const stop = new AbortController();
    const abort = () => stop.abort();
    process.once("SIGINT", abort);
    process.once("SIGTERM", abort);
    const modes = livemode === undefined ? "test and live mode" : livemode ? "live mode" : "test mode";
    console.error(
      since
        ? `Following webhook attempts of ${applicationId} (${modes}), from ${since} ago. Ctrl-C to stop.`
        : // Without --since nothing already sent is printed: say so, or an attempt made a minute ago looks lost.
          `Following new webhook attempts of ${applicationId} (${modes}); earlier ones: --since 10m. Ctrl-C to stop.`,
    );
    try {
      await tailWebhookAttempts(
        prisma(),
        { applicationId, livemode, sinceMs, json: Boolean(options.json) },
        stop.signal,
        (line) => console.log(line),
      );
    } finally {
      process.off("SIGINT", abort);
      process.off("SIGTERM", abort);
    }
  },
};
