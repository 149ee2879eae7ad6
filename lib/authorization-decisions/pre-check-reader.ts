// The pre-check's reads (the unlocked card, wallet, account and totals a decided spend checks before
// asking the endpoint) over node-postgres directly instead of through Prisma. Why: this is the one
// statement a decided spend adds to a plain one, and Prisma's raw-query path costs about five times
// node-postgres' CPU for it (bench/findings/2026-11-26-authorization-decisions.md), which kept a
// decided spend far above the 80%-of-plain target. The same Prisma.Sql statements run, their
// values bound as Prisma binds them and the rows shaped as Prisma's $queryRaw shapes the column types
// those statements read (int8 as bigint, timestamp(3) as a UTC Date, json as parsed; they read no
// arrays), so checkSpend
// decides on them exactly as under the locks (docs/decisions/authorization-decisions.md). Reads only,
// never in a transaction. What would let us delete it: a Prisma raw query as cheap as the driver's.
import pg from "pg";
import { closeWithDb, type Db } from "@/lib/db/client";
import { DATABASE_CONNECT_TIMEOUT_MS } from "@/lib/db/database-unavailable";
import { config } from "@/lib/config";
import type { Prisma } from "@/lib/generated/prisma/client";

/** The part of a Prisma client the spend's checks read with. */
export type RawReader = Pick<Db, "$queryRaw">;

/**
 * Few connections: a pre-check is one short statement and holds its connection for that alone; a
 * burst waits for one briefly rather than adding to the server's connection count.
 */
const PRE_CHECK_CONNECTIONS = 3;

const INT8 = 20;
const TIMESTAMP = 1114;

const asUtcDate = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const types: pg.CustomTypesConfig = {
  getTypeParser: (oid: number, format?: "text" | "binary") => {
    if (oid === INT8) return (text: string) => BigInt(text);
    if (oid === TIMESTAMP) return asUtcDate;
    return pg.types.getTypeParser(oid, format);
  },
};

/** A bound value as Prisma's adapter sends it: instants in UTC whatever the process's zone, integers exact. */
function bind(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(bind);
  return value;
}

let pool: pg.Pool | null = null;

function preCheckPool(): pg.Pool {
  if (pool) return pool;
  const created = new pg.Pool({
    connectionString: config().DATABASE_URL,
    max: PRE_CHECK_CONNECTIONS,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
    types,
  });
  // An idle connection the server dropped (a restart) must not end the process; the next query reconnects.
  created.on("error", () => undefined);
  pool = created;
  closeWithDb(async () => {
    if (pool === created) pool = null;
    await created.end();
  });
  return created;
}

/** What $queryRaw answers: a promise Prisma's type can name (its tag is all that tells them apart). */
class ReaderPromise<T> extends Promise<T> {
  override readonly [Symbol.toStringTag] = "PrismaPromise" as const;
}

function isSql(query: TemplateStringsArray | Prisma.Sql): query is Prisma.Sql {
  return "text" in query && "values" in query;
}

/** Runs the statements checkSpend reads with, outside any transaction. */
export const preCheckReader: RawReader = {
  $queryRaw<T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]): Prisma.PrismaPromise<T> {
    const text = isSql(query) ? query.text : query.reduce((all, part, i) => `${all}$${i}${part}`);
    const bound = (isSql(query) ? query.values : values).map(bind);
    return new ReaderPromise<T>((resolve, reject) => {
      preCheckPool()
        .query(text, bound)
        // As Prisma's own $queryRaw<T>: the caller names the rows' shape, which its statement decides.
        .then((result) => resolve(result.rows as T), reject);
    });
  },
};
