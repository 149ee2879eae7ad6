// The service's one logger (pino): JSON lines on stdout in production, pino-pretty's lines under
// `npm run dev`, and every line appended to LOG_FILE too when it is set. Every line carries the
// current request's or job's ids (log-context.ts) and the active trace id, and every serialized line
// passes redactLogLine, so no key, signing secret, token, password or card number is written
// whatever a caller logs.
// One instance per process, kept on globalThis: the edge server and Next's route bundle load
// separate copies of this module and must share one destination.
import { trace } from "@opentelemetry/api";
import pino, { type Logger } from "pino";
import pretty from "pino-pretty";
import { parseConfig } from "@/lib/config";
import { currentLogContext } from "./log-context";
import { redactLogLine } from "./redact-secrets";

export type { Logger };

type LineListener = (line: string) => void;
type Holder = { root: Logger; components: Map<string, Logger>; listeners: Set<LineListener> };
const STORE = Symbol.for("wallet-card.logger");

function settings(): { level: string; format: "json" | "pretty"; file?: string } {
  // Read afresh and never thrown: the logger must work to report a bad configuration itself.
  try {
    const c = parseConfig(process.env);
    return { level: c.LOG_LEVEL, format: c.LOG_FORMAT, file: c.LOG_FILE };
  } catch {
    return { level: "info", format: "json", file: process.env.LOG_FILE || undefined };
  }
}

function createRoot(listeners: Set<LineListener>): Logger {
  const { level, format, file } = settings();
  // process.stdout rather than pino's own fd writer: on Linux it writes synchronously to files and
  // pipes alike, and a test that watches the process's output sees these lines too.
  const terminal =
    format === "pretty"
      ? pretty({ colorize: Boolean(process.stdout.isTTY), sync: true, ignore: "pid,hostname" })
      : process.stdout;
  const destination = file
    ? pino.multistream([
        { stream: terminal, level: "trace" },
        { stream: pino.destination({ dest: file, append: true, mkdir: true, sync: true }), level: "trace" },
      ])
    : terminal;
  const streamWrite = (line: string): string => {
    const redacted = redactLogLine(line);
    for (const listener of listeners) listener(redacted);
    return redacted;
  };
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin() {
        const context = currentLogContext();
        const span = trace.getActiveSpan()?.spanContext();
        const traceId = span && trace.isSpanContextValid(span) ? span.traceId : context?.traceId;
        return traceId === context?.traceId ? { ...context } : { ...context, traceId };
      },
      hooks: { streamWrite },
    },
    destination,
  );
}

function holder(): Holder {
  const global = globalThis as { [STORE]?: Holder };
  if (!global[STORE]) {
    const listeners = new Set<LineListener>();
    global[STORE] = { root: createRoot(listeners), components: new Map(), listeners };
  }
  return global[STORE];
}

/** The process's logger, or its child for `component` ("webhook-worker", "http"), made on first use. */
export function logger(component?: string): Logger {
  const { root, components } = holder();
  if (component === undefined) return root;
  let child = components.get(component);
  if (!child) {
    child = root.child({ component });
    components.set(component, child);
  }
  return child;
}

/** An Error, or anything thrown, as the `err` field pino serializes with its stack. */
export function errorField(error: unknown): { err: unknown } {
  return { err: error instanceof Error ? error : new Error(String(error)) };
}

/** Calls `listener` with every line this process logs from now on (redacted, as written); returns its removal. */
export function onLogLine(listener: LineListener): () => void {
  const { listeners } = holder();
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
