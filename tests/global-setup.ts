// Vitest global setup: gives each test run a migrated database of its own (on DATABASE_URL's server,
// or on a throwaway embedded PostgreSQL), plus per-run settings that keep concurrent runs apart.
import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { createRunDatabase } from "@/lib/db/run-database";

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
  const database = await createRunDatabase("test", runId);
  const databaseUrl = database.url;

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
    const where = database.embedded ? "embedded PostgreSQL" : "DATABASE_URL's server";
    console.log(`test database ${databaseUrl} on ${where} ready in ${Math.round(performance.now() - started)} ms`);
  }

  return async () => {
    const t = performance.now();
    await database.drop();
    if (process.env.TEST_DB_VERBOSE) console.log(`test database dropped in ${Math.round(performance.now() - t)} ms`);
  };
}
