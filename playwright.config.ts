// Playwright settings: Debian's Chromium (never a downloaded browser) against the production build,
// served by scripts/e2e-server.ts on a free port with a private, freshly migrated database.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, DEFAULT_CHROMIUM_PATH } from "./scripts/testing/find-chromium";

// Playwright loads this file in the runner and again in every worker; workers inherit the
// runner's environment, so values chosen once here stay the same everywhere.
process.env.E2E_RUN_ID ??= `${Date.now()}_${randomBytes(4).toString("hex")}`;
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
// The server's mail goes to an SMTP server that tests/e2e/console-team.spec.ts starts on this port
// (a free one now); while none listens, sends fail and the worker's queue retries them.
process.env.E2E_SMTP_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
process.env.E2E_STATE_FILE ??= path.join(os.tmpdir(), `wcs-e2e-${process.env.E2E_RUN_ID}.json`);
// The helpers seal webhook secrets in the test process, the server opens them: one key for both.
process.env.SECRETS_KEY ??= randomBytes(32).toString("base64");
// Specs encode session cookies (e.g. a sign-in older than the re-authentication window): one
// session secret for the tests and the server.
process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// TEST_CANARY runs only the deliberately failing canary (see .ci/run): no server, no browser.
const canary = Boolean(process.env.TEST_CANARY);
// `npm test` resolves the browser first (scripts/testing/find-chromium.ts) and passes it here.
const chromiumPath =
  process.env.CHROMIUM_PATH || (existsSync(DEFAULT_CHROMIUM_PATH) ? DEFAULT_CHROMIUM_PATH : undefined);

export default defineConfig({
  testDir: canary ? "tests/canary" : "tests/e2e",
  // Playwright's files only: tests/canary also holds vitest's canary (*.test.ts).
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: canary
    ? undefined
    : {
        // Plain node (not npx) so Playwright's SIGTERM reaches the script, which then drops its database.
        command: "node --import tsx scripts/e2e-server.ts",
        url: `${baseURL}/api/public/openapi.json`,
        reuseExistingServer: false,
        // Includes `next build` when the build is older than the sources.
        timeout: 600_000,
        stdout: "pipe",
        stderr: "pipe",
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
        env: {
          E2E_RUN_ID: process.env.E2E_RUN_ID,
          E2E_PORT: process.env.E2E_PORT,
          E2E_STATE_FILE: process.env.E2E_STATE_FILE,
          SECRETS_KEY: process.env.SECRETS_KEY,
          AUTH_SECRET: process.env.AUTH_SECRET,
          SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
          // The specs' webhook receivers listen on this machine's loopback, which a production
          // start refuses unless told (docs/decisions/loopback-endpoints.md).
          ALLOW_LOOPBACK_ENDPOINTS: "true",
        },
      },
});
