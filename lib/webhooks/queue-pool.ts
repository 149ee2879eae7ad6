// The pg pool graphile-worker runs the queue on, with two differences from pg.Pool, both for a
// database that restarts or fails over under a running worker:
//
// 1. graphile-worker's job completions and failures wait out an unreachable database instead of
//    failing. When one fails, graphile-worker 0.17 either leaves a rejected promise nobody awaits
//    (which ends the process) or, batched, stops its runner and then waits forever for the batch
//    to drain (its retry loop gives up at the first error but keeps the batch counted as pending).
//    Both statements are safe to repeat: a completion deletes the job by id, a failure unlocks it
//    only while this pool still holds it. They are told apart by their prepared statements' names.
// 2. A client handed out through a callback (graphile-worker's LISTEN connection) can be released
//    twice without throwing: when that connection dies graphile-worker releases it from an async
//    function nobody awaits, and again later; pg-pool throws on the second, unhandled.
import pg from "pg";
import { RETRY_WHILE_UNAVAILABLE, retryWhileUnavailable } from "@/lib/db/retry-while-unavailable";

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/** graphile-worker's prepared statements that complete or fail jobs (complete_job/…, fail_job_q/…). */
const REPEATABLE_STATEMENT = /^(complete_job|fail_job)/;
/** Past 10 minutes the error goes through; a database gone this long is an outage the operator sees anyway. */
const RETRY = { ...RETRY_WHILE_UNAVAILABLE, giveUpAfterMs: 10 * 60_000 };

export type QueuePoolOptions = pg.PoolConfig & {
  /** Told once per statement that waits for the database, and when it went through. (pg.Pool's own `log` is its debug output.) */
  report?: (line: string) => void;
};

export class QueuePool extends pg.Pool {
  private readonly report: (line: string) => void;

  constructor({ report, ...config }: QueuePoolOptions) {
    super(config);
    this.report = report ?? (() => undefined);
    this.on("connect", (client) => this.repeatQueueWrites(client));
  }

  connect(): Promise<pg.PoolClient>;
  connect(callback: ConnectCallback): void;
  connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    if (!callback) return super.connect();
    super.connect((error, client, done) => {
      let released = false;
      callback(error, client, (release?: unknown) => {
        if (released) return;
        released = true;
        done(release as Error | boolean | undefined);
      });
    });
  }

  private repeatQueueWrites(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const patched = (...args: unknown[]) => {
      const [config] = args;
      const name = typeof config === "object" && config !== null ? (config as { name?: unknown }).name : undefined;
      if (args.length !== 1 || typeof name !== "string" || !REPEATABLE_STATEMENT.test(name)) return query(...args);
      return this.untilAnswered(name, () => query(config) as Promise<pg.QueryResult>, config as pg.QueryConfig);
    };
    client.query = patched as typeof client.query;
  }

  /**
   * The first try on the client graphile-worker holds; when the database could not be reached that
   * client is broken, so each retry takes a new one from the pool, until one answers.
   */
  private async untilAnswered(
    name: string,
    firstTry: () => Promise<pg.QueryResult>,
    config: pg.QueryConfig,
  ): Promise<pg.QueryResult> {
    const started = Date.now();
    let tries = 0;
    const result = await retryWhileUnavailable(async () => {
      tries += 1;
      if (tries === 1) return firstTry();
      if (tries === 2) this.report(`${name} waits for the database`);
      const client = await super.connect();
      try {
        // The prototype's query: this retry must not nest another.
        const unpatchedQuery = pg.Client.prototype.query as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
        const answer = await unpatchedQuery.call(client, config);
        client.release();
        return answer;
      } catch (error) {
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    }, RETRY);
    if (tries > 1) this.report(`${name} went through after ${Date.now() - started} ms`);
    return result;
  }
}
