// An @upstash/redis Requester that talks to a self-hosted Redis over TCP, so @upstash/ratelimit runs
// unchanged against it.
//
// Platform code. @upstash/redis ships only its HTTPS requester but accepts a custom one; this one
// maps the REST API's request shapes (one command, "pipeline", "multi-exec") onto
// redis-tcp-connection.ts, and the replies back to {result} / {error}, rewriting scripts on the way
// (redis-script-rewriter.ts). Delete it with redis-tcp-connection.ts: when self-hosted Redis is no
// longer supported, or @upstash/redis (or the limiter) gains a TCP transport of its own.
import type { Requester, UpstashRequest, UpstashResponse } from "@upstash/redis";
import { ErrorReply } from "redis";
import { ScriptRewriter } from "@/lib/platform/redis-script-rewriter";
import type { TcpConnection } from "@/lib/platform/redis-tcp-connection";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import { tracer, tracingEnabled } from "@/lib/tracing/tracing";

export type TcpRequesterOptions = {
  /** Sees every command as sent to Redis (after script rewriting); tests count round trips with it. */
  onCommand?: (args: readonly string[]) => void;
};

type Reply = UpstashResponse<unknown>;

export function createTcpRequester(connection: TcpConnection, options: TcpRequesterOptions = {}): Requester {
  const scripts = new ScriptRewriter();

  async function run(body: unknown): Promise<Reply> {
    const { args, answerSha } = scripts.rewrite(toArgs(body));
    options.onCommand?.(args);
    try {
      const result = await connection.command(args);
      return { result: answerSha ?? result };
    } catch (err) {
      // Error replies are answers (NOSCRIPT must reach @upstash/ratelimit to trigger its EVAL
      // fallback); anything else is a transport failure and must throw so callers fail closed.
      if (err instanceof ErrorReply) return { error: err.message };
      throw err;
    }
  }

  async function transaction(body: unknown): Promise<Reply[]> {
    const commands = toCommandList(body).map((command) => scripts.rewrite(toArgs(command)).args);
    for (const args of commands) options.onCommand?.(args);
    try {
      const replies = await connection.transaction(commands);
      return replies.map((reply) => (reply instanceof ErrorReply ? { error: reply.message } : { result: reply }));
    } catch (err) {
      // EXECABORT and similar fail the whole transaction; @upstash/redis expects one entry per command.
      if (err instanceof ErrorReply) return commands.map(() => ({ error: err.message }));
      throw err;
    }
  }

  // @upstash/redis declares request() generic in the result type, which a transport cannot check:
  // the command object that asked deserializes the raw reply. Batches (path "pipeline" or
  // "multi-exec") are answered, as by the REST API, with one {result}|{error} per command.
  function request<TResult>(req: UpstashRequest): Promise<UpstashResponse<TResult>>;
  async function request(req: UpstashRequest): Promise<Reply | Reply[]> {
    if (!tracingEnabled()) return send(req);
    // One client span per round trip, named by its command (or batch); keys and arguments are left
    // out: they hold key ids and client addresses.
    const batch = req.path?.[0];
    const operation = batch === "pipeline" || batch === "multi-exec" ? batch : commandName(req.body);
    return tracer().startActiveSpan(
      `redis ${operation}`,
      { kind: SpanKind.CLIENT, attributes: { "db.system.name": "redis", "db.operation.name": operation } },
      async (span) => {
        try {
          return await send(req);
        } catch (error) {
          span.setStatus({
            code: SpanStatusCode.ERROR,
            message: error instanceof Error ? error.message : String(error),
          });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  async function send(req: UpstashRequest): Promise<Reply | Reply[]> {
    switch (req.path?.[0]) {
      case "pipeline":
        return Promise.all(toCommandList(req.body).map(run));
      case "multi-exec":
        return transaction(req.body);
      default:
        return run(req.body);
    }
  }

  return { request };
}

function commandName(body: unknown): string {
  return Array.isArray(body) && typeof body[0] === "string" ? body[0].toUpperCase() : "command";
}

function toCommandList(body: unknown): unknown[] {
  if (!Array.isArray(body)) throw new TypeError("expected a list of Redis commands");
  return body;
}

function toArgs(command: unknown): string[] {
  if (!Array.isArray(command) || command.length === 0) {
    throw new TypeError("expected a Redis command as a non-empty array");
  }
  return command.map(toArg);
}

// The REST API receives arguments as JSON; over RESP everything travels as strings.
function toArg(value: unknown): string {
  switch (typeof value) {
    case "string":
      return value;
    case "number":
    case "bigint":
    case "boolean":
      return String(value);
    case "undefined":
      return "";
    default:
      return value === null ? "" : JSON.stringify(value);
  }
}
