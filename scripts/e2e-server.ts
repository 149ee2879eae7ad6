// Playwright's web server: creates a private database (on DATABASE_URL's server, or a throwaway
// embedded PostgreSQL), migrates it, builds the app when the build is older than the sources
// (scripts/testing/production-build.ts), and serves the production build on E2E_PORT. Tells
// tests/e2e/helpers.ts the database through E2E_STATE_FILE, and drops the database when Playwright
// stops it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";
import { PRODUCTION_DIST_DIR, useProductionBuild } from "./testing/production-build";

process.env.NEXT_DIST_DIR = PRODUCTION_DIST_DIR;
process.env.NEXT_TELEMETRY_DISABLED = "1";
// Production refuses to run the console without a session secret; each run makes its own.
process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");

async function main() {
  const runId = process.env.E2E_RUN_ID ?? `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const port = process.env.E2E_PORT ?? "3100";
  const stateFile = process.env.E2E_STATE_FILE;
  let database: RunDatabase | undefined;
  let server: ChildProcess | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (server?.pid && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 10_000);
        server?.once("exit", () => (clearTimeout(timer), resolve(undefined)));
      });
    }
    if (stateFile) rmSync(stateFile, { force: true });
    await database?.drop().catch(() => undefined);
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));

  try {
    database = await createRunDatabase("e2e", runId);
    if (stateFile)
      writeFileSync(stateFile, JSON.stringify({ databaseUrl: database.url, baseURL: `http://127.0.0.1:${port}` }));
    // Held until this process exits, so no other test run rebuilds the bundle under this server.
    await useProductionBuild();
  } catch (error) {
    console.error(error);
    await stop(1);
  }
  if (stopping || !database) return;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: port,
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    // Production refuses generated secrets; the run's own key is the configured one.
    SECRETS_KEY: process.env.SECRETS_KEY ?? randomBytes(32).toString("base64"),
    // Signs console sessions; production refuses a generated one too.
    AUTH_SECRET: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
    RATE_LIMIT_PREFIX: `rl-e2e-${runId}`,
    // As behind one load balancer: the browser specs name each merchant's address in
    // X-Forwarded-For (tests/e2e/console-helpers.ts), so the console's per-address attempt limits
    // count each spec alone rather than the whole run's sign-ins from 127.0.0.1.
    TRUSTED_PROXY_COUNT: "1",
    // One process: the browser tests are about the console; serving from several processes is
    // tested in tests/system/multi-instance.test.ts.
    WEB_CONCURRENCY: "1",
    // The browser specs' webhook receivers are on this machine's loopback, which production refuses
    // unless told (docs/decisions/loopback-endpoints.md).
    ALLOW_LOOPBACK_ENDPOINTS: "true",
  };
  server = spawn(process.execPath, [path.join(REPO_ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/serve.ts"], {
    cwd: REPO_ROOT,
    env,
    stdio: "inherit",
  });
  server.on("exit", (code) => {
    if (!stopping) {
      console.error(`e2e server exited with code ${code}`);
      void stop(code ?? 1);
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
