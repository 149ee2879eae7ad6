// An application's webhook attempts as they are recorded, for following them live (`cli events tail`):
// each with its event, endpoint and whether it was the first send, a retry or a replay. New attempts
// arrive through LISTEN/NOTIFY on a dedicated connection, so nothing is polled.
import pg from "pg";
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";

export type AttemptTrigger = "first" | "retry" | "replay";

export type AttemptFeedEntry = {
  attemptId: string;
  createdAt: Date;
  livemode: boolean;
  eventType: string;
  eventId: string;
  deliveryId: string;
  endpointUrl: string;
  trigger: AttemptTrigger;
  statusCode: number | null;
  error: string | null;
  latencyMs: number | null;
};

export type AttemptFeedFilter = {
  applicationId: string;
  /** Absent follows both modes. */
  livemode?: boolean;
};

/**
 * The channel the "WebhookAttempt_notify" trigger (migration 20261124153109) notifies for each
 * attempt of the application, with the attempt's id as the payload, at commit and in commit order.
 */
export function attemptChannel(applicationId: string): string {
  return `webhook_attempts:${applicationId}`;
}

/**
 * An attempt's createdAt is the start of the short transaction that records it (Prisma's default
 * limit is 5 s), so one committed after the newest attempt seen began at most that long before it.
 * After a lost connection, reading back this far from the newest one seen misses none of them.
 */
export const RECONNECT_OVERLAP_MS = 10_000;

const FIRST_RECONNECT_DELAY_MS = 500;
const MAX_RECONNECT_DELAY_MS = 10_000;

/** The database's clock, so a "from now" cursor does not depend on this machine's clock. */
export async function databaseNow(db: Db): Promise<Date> {
  const [row] = await db.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  if (!row) throw new Error("SELECT now() returned no row");
  return row.now;
}

const attemptSelect = {
  id: true,
  createdAt: true,
  trigger: true,
  statusCode: true,
  error: true,
  latencyMs: true,
  delivery: {
    select: {
      id: true,
      livemode: true,
      eventId: true,
      event: { select: { type: true } },
      endpoint: { select: { url: true } },
    },
  },
} satisfies Prisma.WebhookAttemptSelect;

type AttemptRow = Prisma.WebhookAttemptGetPayload<{ select: typeof attemptSelect }>;

function deliveryFilter(filter: AttemptFeedFilter): Prisma.WebhookDeliveryWhereInput {
  return {
    applicationId: filter.applicationId,
    ...(filter.livemode === undefined ? {} : { livemode: filter.livemode }),
  };
}

/** The entries of `rows`, in their order, each labelled first, retry or replay. */
async function toEntries(db: Db, rows: AttemptRow[]): Promise<AttemptFeedEntry[]> {
  if (rows.length === 0) return [];
  // "first" is a delivery's earliest scheduled attempt; the stored trigger only says retry or replay.
  // Read through the (deliveryId, createdAt) index: a delivery has a handful of scheduled attempts.
  const scheduled = await db.webhookAttempt.findMany({
    where: { deliveryId: { in: [...new Set(rows.map((row) => row.delivery.id))] }, trigger: "retry" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, deliveryId: true },
  });
  const firstAttemptOf = new Map<string, string>();
  for (const attempt of scheduled)
    if (!firstAttemptOf.has(attempt.deliveryId)) firstAttemptOf.set(attempt.deliveryId, attempt.id);

  return rows.map((row) => ({
    attemptId: row.id,
    createdAt: row.createdAt,
    livemode: row.delivery.livemode,
    eventType: row.delivery.event.type,
    eventId: row.delivery.eventId,
    deliveryId: row.delivery.id,
    endpointUrl: row.delivery.endpoint.url,
    trigger: row.trigger === "replay" ? "replay" : firstAttemptOf.get(row.delivery.id) === row.id ? "first" : "retry",
    statusCode: row.statusCode,
    error: row.error,
    latencyMs: row.latencyMs,
  }));
}

/** The attempts `ids` names that pass the filter, in the order of `ids` (the order they committed in). */
export async function readAttemptsById(db: Db, filter: AttemptFeedFilter, ids: string[]): Promise<AttemptFeedEntry[]> {
  if (ids.length === 0) return [];
  const rows = await db.webhookAttempt.findMany({
    where: { id: { in: ids }, delivery: deliveryFilter(filter) },
    select: attemptSelect,
  });
  const position = new Map(ids.map((id, index) => [id, index]));
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return toEntries(db, rows);
}

/** Attempts created at or after `from`, oldest first: history asked for, or what a lost connection missed. */
export async function readAttemptsSince(db: Db, filter: AttemptFeedFilter, from: Date): Promise<AttemptFeedEntry[]> {
  const rows = await db.webhookAttempt.findMany({
    where: { createdAt: { gte: from }, delivery: deliveryFilter(filter) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: attemptSelect,
  });
  return toEntries(db, rows);
}

/** One dedicated connection LISTENing on a channel: the ids notified, in commit order, and whether it was lost. */
class ChannelListener {
  private readonly pending: string[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  lost: Error | undefined;

  private constructor(
    private readonly client: pg.Client,
    private readonly channel: string,
  ) {}

  static async open(connectionString: string, channel: string): Promise<ChannelListener> {
    // keepAlive: a connection that silently went away is noticed instead of waiting forever.
    const client = new pg.Client({ connectionString, keepAlive: true });
    const listener = new ChannelListener(client, channel);
    client.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      listener.pending.push(message.payload);
      listener.wake?.();
    });
    client.on("error", (error) => listener.lose(error));
    client.on("end", () => listener.lose(new Error("the connection closed")));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      await listener.close();
      throw error;
    }
    return listener;
  }

  private lose(error: Error): void {
    if (this.closed) return;
    this.lost ??= error;
    this.wake?.();
  }

  /** Resolves once an id is waiting, the connection is lost, or `signal` aborts. */
  wait(signal: AbortSignal): Promise<void> {
    if (this.pending.length > 0 || this.lost || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        this.wake = undefined;
        resolve();
      };
      this.wake = done;
      signal.addEventListener("abort", done, { once: true });
    });
  }

  /** The ids notified since the last call, oldest commit first. */
  take(): string[] {
    return this.pending.splice(0);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.client.end().catch(() => undefined);
  }
}

export type FollowOptions = {
  /** The database `db` reads; the listening connection is opened on it, apart from `db`'s pool. */
  connectionString: string;
  /** Attempts created this long before the start come first; 0 follows only what commits after it. */
  sinceMs: number;
  signal: AbortSignal;
  onEntry(entry: AttemptFeedEntry): void;
  /** A lost connection and the reconnection, for stderr. */
  onNotice(message: string): void;
  /** The first wait before reconnecting; it doubles on each failure, up to 10 s. */
  reconnectDelayMs?: number;
};

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Hands each attempt of the application to `onEntry` as it commits, once, until `signal` aborts.
 * LISTEN comes first, then the history asked for, then the stream, so nothing committed after the
 * start is missed. A lost connection is reopened and the attempts since the newest one seen are
 * read again (those already handed over are skipped). Fails only if the start does.
 */
export async function followAttempts(db: Db, filter: AttemptFeedFilter, options: FollowOptions): Promise<void> {
  const { signal } = options;
  const channel = attemptChannel(filter.applicationId);
  // What was handed over, by creation time: a re-read after a lost connection skips these.
  const handed = new Map<string, number>();
  let newest = 0;
  const hand = (entries: AttemptFeedEntry[]) => {
    for (const entry of entries) {
      if (handed.has(entry.attemptId)) continue;
      handed.set(entry.attemptId, entry.createdAt.getTime());
      newest = Math.max(newest, entry.createdAt.getTime());
      options.onEntry(entry);
    }
    // Anything older than a re-read would go back to cannot come twice.
    if (handed.size > 1_000)
      for (const [id, createdAt] of handed) if (createdAt < newest - RECONNECT_OVERLAP_MS) handed.delete(id);
  };

  let listener = await ChannelListener.open(options.connectionString, channel);
  try {
    const start = (await databaseNow(db)).getTime();
    newest = start;
    if (options.sinceMs > 0) hand(await readAttemptsSince(db, filter, new Date(start - options.sinceMs)));

    let delay = options.reconnectDelayMs ?? FIRST_RECONNECT_DELAY_MS;
    for (;;) {
      try {
        for (;;) {
          await listener.wait(signal);
          if (signal.aborted) return;
          // All the ids that arrived together are read in one query.
          hand(await readAttemptsById(db, filter, listener.take()));
          if (listener.lost) throw listener.lost;
        }
      } catch (error) {
        if (signal.aborted) return;
        options.onNotice(`Lost the database connection (${messageOf(error)}); reconnecting.`);
      }
      for (;;) {
        await listener.close();
        await sleep(delay, signal);
        if (signal.aborted) return;
        try {
          listener = await ChannelListener.open(options.connectionString, channel);
          const from = new Date(newest - RECONNECT_OVERLAP_MS);
          options.onNotice(`Reconnected; reading attempts since ${from.toISOString()} again, skipping those printed.`);
          hand(await readAttemptsSince(db, filter, from));
          delay = options.reconnectDelayMs ?? FIRST_RECONNECT_DELAY_MS;
          break;
        } catch (error) {
          delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
          options.onNotice(`Could not reconnect (${messageOf(error)}); trying again in ${Math.ceil(delay / 1000)} s.`);
        }
      }
    }
  } finally {
    await listener.close();
  }
}
