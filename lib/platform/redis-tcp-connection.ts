// One lazily opened, self-reconnecting TCP connection to a self-hosted Redis that fails fast while
// Redis is down instead of queueing requests behind it.
//
// Platform code. @upstash/ratelimit talks only through @upstash/redis, whose standard transport is
// HTTPS to Upstash's REST API; a self-hosted Redis speaks RESP over TCP. This is node-redis, the
// standard client, set up for a rate limiter on the request path: RESP2 replies (the shapes
// @upstash/redis expects), no offline queue and a timer of our own, so a Redis that is down fails
// the request fast (503) instead of queueing it. Delete it, with redis-tcp-requester.ts and
// redis-script-rewriter.ts, when self-hosted Redis is no longer supported (Upstash or memory only),
// or when the limiter is one that speaks RESP itself with the same fixed-window counts.
import { createClient, MultiErrorReply } from "redis";
import { errorField, logger } from "@/lib/logging/logger";

const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 2_000;

export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

function openClient(url: string) {
  return createClient({
    url,
    // node-redis 6 defaults to RESP3, whose replies (maps, doubles) differ from the RESP2 shapes
    // Upstash's REST API returns and @upstash/redis expects.
    RESP: 2,
    // Without this, commands issued while disconnected wait for a reconnect that may never come.
    disableOfflineQueue: true,
    // No per-command timeout of node-redis's own (its default is 5 s): see command() for why ours.
    commandOptions: { timeout: 0 },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
}

type Client = ReturnType<typeof openClient>;

export class TcpConnection {
  readonly #url: string;
  #client: Client | undefined;
  #waitingForReady: Promise<Client> | undefined;
  #outageReported = false;

  constructor(url: string) {
    this.#url = url;
  }

  /** Sends one command; Redis error replies reject with node-redis's ErrorReply. */
  async command(args: readonly string[]): Promise<unknown> {
    const client = await this.#ready();
    // Our own timer, not node-redis's timeout (off above): that one is an AbortSignal.timeout(), whose
    // timer Node keeps in a FinalizationRegistry until a full collection finds the signal gone, and
    // the timer carries the AsyncLocalStorage context it was made in, so every request's whole
    // graph (Next's request, response and caches) outlived it into the old generation (16,000
    // requests held at once in a heap snapshot under load; bench/README.md, 2026-11-24).
    return withTimeout(client.sendCommand<unknown>(args), COMMAND_TIMEOUT_MS);
  }

  /** Runs commands in MULTI/EXEC; per-command error replies come back as ErrorReply entries. */
  async transaction(commands: readonly (readonly string[])[]): Promise<unknown[]> {
    const client = await this.#ready();
    const multi = client.multi();
    for (const args of commands) multi.addCommand([...args]);
    try {
      return await withTimeout(multi.exec(), COMMAND_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof MultiErrorReply) return err.replies;
      throw err;
    }
  }

  async close(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    if (!client) return;
    if (client.isReady) await client.close();
    else client.destroy();
  }

  #ready(): Promise<Client> {
    const client = this.#client ?? this.#open();
    if (client.isReady) return Promise.resolve(client);
    // One waiter per outage, so a burst of requests doesn't pile listeners onto the client.
    this.#waitingForReady ??= waitForReady(client).finally(() => {
      this.#waitingForReady = undefined;
    });
    return this.#waitingForReady;
  }

  #open(): Client {
    const client = openClient(this.#url);
    // An "error" listener is mandatory: without one node-redis's errors crash the process.
    client.on("error", (err: unknown) => {
      if (this.#outageReported) return;
      this.#outageReported = true;
      logger("ratelimit").warn(errorField(err), "Redis unavailable, retrying in the background");
    });
    client.on("ready", () => {
      this.#outageReported = false;
    });
    // connect() settles only once Redis answers (or the client is closed); failed attempts surface
    // as "error" events while the client keeps retrying in the background.
    client.connect().catch(() => undefined);
    this.#client = client;
    return client;
  }
}

function waitForReady(client: Client): Promise<Client> {
  return new Promise((resolve, reject) => {
    const finish = (err?: Error) => {
      clearTimeout(timer);
      client.off("ready", onReady);
      client.off("error", onError);
      if (err) reject(err);
      else resolve(client);
    };
    const onReady = () => finish();
    const onError = (cause: unknown) =>
      finish(new RedisUnavailableError(`Redis is unreachable: ${String(cause)}`, { cause }));
    const timer = setTimeout(
      () => finish(new RedisUnavailableError(`no Redis connection within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    );
    client.on("ready", onReady);
    client.on("error", onError);
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
