// One way to run the delivery hot path's two statements (the read before a send, the record of a
// success after it), over either client: Prisma's, or the pg pool the worker already shares with
// graphile-worker. The worker uses the pool: measured in bench/ scenario 6, Prisma's layer cost
// about a sixth of the worker's CPU on these statements, which need nothing from it but a round trip.
import pg from "pg";
import type { PrismaClient } from "@/lib/generated/prisma/client";

/** One statement with $1, $2... placeholders, named so a client that can prepares it once per connection. */
export type Statement = { name: string; text: string };

/** Runs one statement and returns its rows. */
export type SqlRunner = <Row>(statement: Statement, values: unknown[]) => Promise<Row[]>;

export function prismaSql(db: PrismaClient): SqlRunner {
  return <Row>(statement: Statement, values: unknown[]) => db.$queryRawUnsafe<Row[]>(statement.text, ...values);
}

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

/**
 * Prisma keeps DateTime columns as UTC in `timestamp without time zone`; this reads them the same
 * way, whatever the process's time zone, where pg would read them as local time.
 */
export const utcTimestampTypes = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === TIMESTAMP_WITHOUT_TIME_ZONE && format !== "binary")
      return (value: string) => new Date(`${value.replace(" ", "T")}Z`);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

export function poolSql(pool: pg.Pool): SqlRunner {
  return async <Row>(statement: Statement, values: unknown[]) => {
    // Dates go in as ISO strings in UTC, as Prisma writes them, never in the process's time zone.
    const params = values.map((value) => (value instanceof Date ? value.toISOString() : value));
    return (await pool.query({ name: statement.name, text: statement.text, values: params })).rows as Row[];
  };
}
