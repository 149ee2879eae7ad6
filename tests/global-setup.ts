// Vitest global setup: gives each test run a migrated database of its own (on DATABASE_URL's server,
// or on a throwaway embedded PostgreSQL), plus per-run settings that keep concurrent runs apart.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, type EmbeddedPostgresServer } from "@/lib/db/embedded-postgres";
import { applyMigrations } from "@/lib/db/migrations";
import { adminQuery, dropStaleDatabases, quoteIdent, withDatabase } from "@/lib/db/sql";
import { migrateJobQueue } from "@/lib/webhooks/queue-schema";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    rateLimitPrefix: string;
    secretsKey: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const configured = process.env.DATABASE_URL?.trim();

  let embedded: EmbeddedPostgresServer | undefined;
  let tempDir: string | undefined;
  if (!configured) {
    tempDir = await mkdtemp(path.join(os.tmpdir(), "vitest-pg-"));
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, "data"),
      database: "postgres",
      ephemeral: true,
    });
  }
  const serverUrl = configured || embedded?.url;
  if (!serverUrl) throw new Error("no database server");

  const database = `test_${runId}`;
  const databaseUrl = withDatabase(serverUrl, database);
  const cleanup = async (): Promise<void> => {
    if (embedded) {
      await embedded.stop();
      if (tempDir) await rm(tempDir, { recursive: true, force: true });
    } else {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
    }
  };

  try {
    if (configured) await dropStaleDatabases(serverUrl, "test");
    await adminQuery(serverUrl, `CREATE DATABASE ${quoteIdent(database)}`);
    await applyMigrations(databaseUrl);
    await migrateJobQueue(databaseUrl);
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }

  const rateLimitPrefix = `rl-test-${runId}`;
  const secretsKey = process.env.SECRETS_KEY || randomBytes(32).toString("base64");
  // Forked workers inherit this process's environment; provide() makes the same values reach
  // every worker explicitly (tests/setup-env.ts applies them), whatever the pool does with env.
  process.env.DATABASE_URL = databaseUrl;
  process.env.RATE_LIMIT_PREFIX = rateLimitPrefix;
  process.env.SECRETS_KEY = secretsKey;
  project.provide("databaseUrl", databaseUrl);
  project.provide("rateLimitPrefix", rateLimitPrefix);
  project.provide("secretsKey", secretsKey);

  if (process.env.TEST_DB_VERBOSE) {
    const where = embedded ? "embedded PostgreSQL" : "DATABASE_URL's server";
    console.log(`test database ${database} on ${where} ready in ${Math.round(performance.now() - started)} ms`);
  }

  return async () => {
    const t = performance.now();
    await cleanup();
    if (process.env.TEST_DB_VERBOSE) console.log(`test database dropped in ${Math.round(performance.now() - t)} ms`);
  };
}
