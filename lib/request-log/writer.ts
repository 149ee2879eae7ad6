// Writes request-log rows off the request path: a request hands its finished row to record(),
// which only appends to a buffer; a timer (every second) or a full batch flushes the buffer with
// one multi-row INSERT. The buffer is bounded: past it rows are dropped and counted, so a slow or
// absent database costs requests nothing. A crash loses what is still buffered (at most about a
// second of rows); a clean shutdown flushes it (closeWithDb).
import { config } from "@/lib/config";
import { closeWithDb, prisma, type Db } from "@/lib/db/client";
import { loggedBody } from "./redact";
import { errorField, logger } from "@/lib/logging/logger";

/** One SDK request as the log keeps it; bodies as sent and answered (redacted and cut here). */
export type RequestLogEntry = {
  /** The request id (req_...), as the client got it in x-request-id. */
  id: string;
  applicationId: string;
  livemode: boolean;
  apiKeyId: string;
  method: string;
  /** Path and query string. */
  path: string;
  status: number;
  errorCode: string | null;
  clientAddress: string;
  latencyMs: number;
  idempotencyKey: string | null;
  idempotentReplay: boolean;
  requestBody: string | undefined;
  responseBody: string;
  createdAt: Date;
};

type Row = Omit<RequestLogEntry, "requestBody" | "responseBody"> & {
  requestBody: string | null;
  responseBody: string | null;
};

export type RequestLogWriterOptions = {
  /** The client rows are written with; the process's shared one by default. */
  db?: () => Pick<Db, "$executeRaw">;
  /** Rows per INSERT, and the buffered count that flushes at once. */
  batchSize?: number;
  /** Rows held at most; more are dropped and counted. */
  maxBuffered?: number;
  flushIntervalMs?: number;
};

export class RequestLogWriter {
  private buffer: Row[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly db: () => Pick<Db, "$executeRaw">;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  /** Rows lost: dropped at a full buffer or in a failed INSERT. */
  dropped = 0;

  constructor(options: RequestLogWriterOptions = {}) {
    this.db = options.db ?? prisma;
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 10_000;
    // unref: a pending flush never keeps a process alive; shutdown flushes through close().
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1_000).unref();
  }

  /** Takes the row for a later flush; never waits and never throws. */
  record(entry: RequestLogEntry): void {
    if (this.buffer.length >= this.maxBuffered) {
      this.dropped += 1;
      return;
    }
    this.buffer.push({
      ...entry,
      requestBody: loggedBody(entry.requestBody),
      responseBody: loggedBody(entry.responseBody),
    });
    if (this.buffer.length >= this.batchSize && !this.flushing) void this.flush();
  }

  /** Writes every buffered row, one batch at a time; concurrent calls share the run in progress. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeAll(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.batchSize);
      try {
        await this.insert(batch);
      } catch (error) {
        this.dropped += batch.length;
        logger("request-log").error(
          { ...errorField(error), dropped: batch.length, droppedInAll: this.dropped },
          "request log rows dropped",
        );
        return;
      }
    }
  }

  private async insert(rows: Row[]): Promise<void> {
    const column = <K extends keyof Row>(key: K) => rows.map((row) => row[key]);
    // One array per column through unnest: 15 parameters for any batch size, where a VALUES list
    // would bind 15 per row. ON CONFLICT: a batch retried after an unclear failure must not fail
    // on the rows it already wrote.
    await this.db().$executeRaw`
      INSERT INTO "RequestLog" ("id", "applicationId", "livemode", "apiKeyId", "method", "path", "status",
        "errorCode", "clientAddress", "latencyMs", "idempotencyKey", "idempotentReplay",
        "requestBody", "responseBody", "createdAt")
      SELECT * FROM unnest(${column("id")}::text[], ${column("applicationId")}::text[], ${column("livemode")}::boolean[],
        ${column("apiKeyId")}::text[], ${column("method")}::text[], ${column("path")}::text[], ${column("status")}::int[],
        ${column("errorCode")}::text[], ${column("clientAddress")}::text[], ${column("latencyMs")}::int[],
        ${column("idempotencyKey")}::text[], ${column("idempotentReplay")}::boolean[], ${column("requestBody")}::text[],
        ${column("responseBody")}::text[], ${column("createdAt")}::timestamp(3)[])
      ON CONFLICT ("id") DO NOTHING`;
  }
}

// One per process, on globalThis like the Prisma client: Next's route bundle loads its own copy of
// this module, and shutdown must flush the writer that copy filled.
declare global {
  var requestLogWriterInstance: RequestLogWriter | undefined;
}

/** The process's writer, or undefined when REQUEST_LOG=off. */
export function requestLogWriter(): RequestLogWriter | undefined {
  if (config().REQUEST_LOG === "off") return undefined;
  if (!globalThis.requestLogWriterInstance) {
    const writer = new RequestLogWriter();
    globalThis.requestLogWriterInstance = writer;
    closeWithDb(async () => {
      if (globalThis.requestLogWriterInstance === writer) globalThis.requestLogWriterInstance = undefined;
      await writer.close();
    });
  }
  return globalThis.requestLogWriterInstance;
}

/** Writes what this process's writer holds now (shutdown does it too). */
export async function flushRequestLog(): Promise<void> {
  await globalThis.requestLogWriterInstance?.flush();
}
