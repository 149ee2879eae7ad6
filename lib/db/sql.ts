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
