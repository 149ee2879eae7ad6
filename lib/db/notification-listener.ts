// One dedicated PostgreSQL session that LISTENs on channels and keeps itself connected, telling its
// owner exactly when notifications can be trusted to arrive and when some may have been missed.
// With no channels it is a kept session for whatever onSession sets up on it (a worker's liveness
// lock), re-set-up after every reconnect.
import { Socket } from "node:net";
import pg from "pg";

export type NotificationListenerOptions = {
  connectionString: string;
  channels: readonly string[];
  /** Shown in pg_stat_activity, so operators (and peerPids) can tell these sessions from the pool's. */
  applicationName: string;
  /** senderPid: the server process of the session that sent it. */
  onNotification: (channel: string, payload: string, senderPid: number) => void;
  /** LISTEN is in effect (again): every commit from now on will be heard. */
  onListening: () => void;
  /** The session is gone: notifications may be missed until onListening. */
  onLost: () => void;
  /**
   * Runs on every new session before it counts as listening (e.g. to take a session-level lock);
   * a rejection drops the session and tries again after the back-off.
   */
  onSession?: (client: pg.Client) => Promise<void>;
  /** How often the idle session is checked; a silently dead connection is noticed within twice this. */
  heartbeatMs?: number;
  firstBackoffMs?: number;
  maxBackoffMs?: number;
};

export type NotificationListener = {
  readonly listening: boolean;
  /** The session's server process, while listening (pg_terminate_backend takes it). */
  readonly backendPid: number | null;
  /** Sends a notification from this session; dropped when it is not listening. */
  notify(channel: string, payload: string): void;
  /** Server processes of every session on this database with this applicationName, this one included. */
  peerPids(): Promise<number[]>;
  close(): Promise<void>;
};

const CONNECT_TIMEOUT_MS = 5_000;

export function startNotificationListener(options: NotificationListenerOptions): NotificationListener {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const firstBackoffMs = options.firstBackoffMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  let client: pg.Client | undefined;
  let listening = false;
  let backendPid: number | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  // pg takes one query at a time per client, and heartbeats, notifies and peer lists can overlap.
  let tail: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(on: pg.Client, text: string, values?: unknown[]) => {
    const result = tail.then(() => on.query<R>(text, values));
    tail = result.catch(() => undefined);
    return result;
  };

  // Timers are unref'd and so is the socket: this session never keeps a CLI or a test alive.
  const later = (ms: number, run: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const lose = (lost: pg.Client) => {
    if (lost !== client) return;
    client = undefined;
    listening = false;
    backendPid = null;
    clearTimeout(timer);
    lost.end().catch(() => undefined);
    options.onLost();
    if (closed) return;
    // Exponential with jitter, so instances cut off together do not reconnect in step.
    const ceiling = Math.min(maxBackoffMs, firstBackoffMs * 2 ** failures);
    failures += 1;
    later(ceiling / 2 + Math.random() * (ceiling / 2), connect);
  };

  const heartbeat = (current: pg.Client) => {
    later(heartbeatMs, () => {
      const deadline = setTimeout(() => lose(current), heartbeatMs);
      deadline.unref();
      query(current, "SELECT 1").then(
        () => {
          clearTimeout(deadline);
          if (current === client) heartbeat(current);
        },
        () => {
          clearTimeout(deadline);
          lose(current);
        },
      );
    });
  };

  async function connect(): Promise<void> {
    if (closed) return;
    const candidate = new pg.Client({
      connectionString: options.connectionString,
      application_name: options.applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    client = candidate;
    tail = Promise.resolve();
    candidate.on("error", () => lose(candidate));
    candidate.on("end", () => lose(candidate));
    candidate.on("notification", (message) => {
      // Heard even in the instant before LISTEN's answer is read: the owner treats both the same.
      if (candidate === client && options.channels.includes(message.channel)) {
        options.onNotification(message.channel, message.payload ?? "", message.processId);
      }
    });
    try {
      await candidate.connect();
      const socket = candidate.connection.stream;
      if (socket instanceof Socket) socket.unref();
      const { rows } = await candidate.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      for (const channel of options.channels) await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (options.onSession && candidate === client) await options.onSession(candidate);
      if (candidate !== client) return;
      listening = true;
      backendPid = rows[0]?.pid ?? null;
      failures = 0;
      options.onListening();
      heartbeat(candidate);
    } catch {
      lose(candidate);
    }
  }

  void connect();

  return {
    get listening() {
      return listening;
    },
    get backendPid() {
      return backendPid;
    },
    notify(channel, payload) {
      if (!listening || !client) return;
      // A failure here means the session is broken, which its error or end event reports.
      query(client, "SELECT pg_notify($1, $2)", [channel, payload]).catch(() => undefined);
    },
    async peerPids() {
      if (!listening || !client) return [];
      const { rows } = await query<{ pid: number }>(
        client,
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND backend_type = 'client backend'`,
        [options.applicationName],
      );
      return rows.map((row) => row.pid);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      listening = false;
      backendPid = null;
      if (!current) return;
      // A half-open connection could keep end() waiting forever; shutting down must not.
      const grace = new Promise<void>((resolve) => setTimeout(resolve, 1_000).unref());
      await Promise.race([current.end().catch(() => undefined), grace]);
      current.connection.stream.destroy();
    },
  };
}
