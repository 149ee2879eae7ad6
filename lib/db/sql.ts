// Small helpers for the admin SQL the tooling issues (creating and dropping databases).
import pg from "pg";

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** databaseUrl with its database name replaced, keeping credentials and parameters. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Runs one statement on its own short-lived connection (CREATE/DROP DATABASE cannot share a transaction). */
export async function adminQuery(databaseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Drops `<prefix>_<13-digit ms>_<8 hex>` databases over a day old: runs killed before their teardown
 * leave them behind on a shared server, and a day-old one belongs to no live run. One still in use
 * makes DROP fail, which is fine.
 */
export async function dropStaleDatabases(serverUrl: string, prefix: string): Promise<void> {
  const pattern = new RegExp(`^${prefix}_(\\d{13})_[0-9a-f]{8}$`);
  const client = new pg.Client({ connectionString: serverUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database");
    const cutoff = Date.now() - STALE_AFTER_MS;
    for (const { datname } of rows) {
      const match = pattern.exec(datname);
      if (match && Number(match[1]) < cutoff) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)}`).catch(() => undefined);
      }
    }
  } finally {
    await client.end();
  }
}
