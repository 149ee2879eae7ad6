// A private, migrated database for one run of a test suite (vitest, Playwright): on DATABASE_URL's
// server when set, else on a throwaway embedded PostgreSQL, so concurrent runs never share data.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "@/lib/config";
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from "@/lib/platform/embedded-postgres";
import { migrateDatabase } from "./migrate-database";
import { adminQuery, dropStaleDatabases, quoteIdent, withDatabase } from "./sql";

export type RunDatabase = { url: string; embedded: boolean; drop(): Promise<void> };

/** `prefix` names the suite; the database is `<prefix>_<runId>` with runId `<ms>_<8 hex>`. */
export async function createRunDatabase(prefix: string, runId: string): Promise<RunDatabase> {
  // Read afresh rather than through config()'s copy, as prepareDatabase does: the test set-up points
  // DATABASE_URL at the run's database once it exists, and later calls must see that.
  const configured = parseConfig(process.env).DATABASE_URL;
  let embedded: EmbeddedPostgresServer | undefined;
  let tempDir: string | undefined;
  let serverUrl: string;
  if (configured) {
    serverUrl = configured;
  } else {
    tempDir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-pg-`));
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, "data"),
      database: "postgres",
      ephemeral: true,
    });
    serverUrl = embedded.url;
  }
  const database = `${prefix}_${runId}`;
  const url = withDatabase(serverUrl, database);

  const drop = async (): Promise<void> => {
    if (embedded) {
      await embedded.stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    } else {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    }
  };
  try {
    if (configured) await dropStaleDatabases(serverUrl, prefix);
    await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(database)}`);
    await migrateDatabase(url);
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  }
  return { url, embedded: Boolean(embedded), drop };
}
