// Playwright's web server: creates a private database (on DATABASE_URL's server, or a throwaway
// embedded PostgreSQL), migrates it, builds the app when the build is older than the sources, and
// serves the production build on E2E_PORT. Tells tests/e2e/helpers.ts the database through
// E2E_STATE_FILE, and drops the database when Playwright stops it.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";
import { createRunDatabase, type RunDatabase } from "@/lib/db/run-database";

// Sources whose change makes the production build stale.
const BUILD_INPUTS = [
  "app",
  "lib",
  "components",
  "public",
  "next.config.mjs",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];
// Its own build directory (next.config.mjs reads NEXT_DIST_DIR), apart from developers' .next.
const DIST_DIR = ".next-e2e";
process.env.NEXT_DIST_DIR = DIST_DIR;
process.env.NEXT_TELEMETRY_DISABLED = "1";
// Production refuses to run the console without a session secret; each run makes its own.
process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
const BUILD_LOCK = path.join(REPO_ROOT, `${DIST_DIR}.lock`);

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
    await buildIfStale();
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

function newestMtime(entry: string): number {
  const full = path.join(REPO_ROOT, entry);
  if (!existsSync(full)) return 0;
  const info = statSync(full);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

function buildIsStale(): boolean {
  if (process.env.E2E_SKIP_BUILD === "1") return false;
  const buildId = path.join(REPO_ROOT, DIST_DIR, "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return BUILD_INPUTS.some((entry) => newestMtime(entry) > built);
}

// Concurrent Playwright runs share .next-e2e; a directory lock keeps two builds from interleaving.
async function buildIfStale(): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const age = Date.now() - (statSync(BUILD_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) rmSync(BUILD_LOCK, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited too long for ${BUILD_LOCK}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    if (!buildIsStale()) return;
    console.log("e2e: building the production bundle (next build)…");
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production" };
    delete env.DATABASE_URL;
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, [path.join(REPO_ROOT, "node_modules/next/dist/bin/next"), "build"], {
        cwd: REPO_ROOT,
        env,
        stdio: "inherit",
      });
      child.on("exit", resolve);
    });
    if (code !== 0) throw new Error(`next build failed (exit ${code})`);
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
