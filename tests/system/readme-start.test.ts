// Starts the service exactly as the README tells a newcomer (`npm run dev`, no DATABASE_URL, no
// Redis), takes a key from `npm run cli -- bootstrap`, and uses it over real HTTP.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

function embeddedEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  // Its own build directory, so a developer's `npm run dev` in this checkout (which holds Next's
  // dev lock in .next) and this test can run at once.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NEXT_DIST_DIR: ".next-readme",
  };
  for (const name of [
    "DATABASE_URL",
    "REDIS_URL",
    "UPSTASH_REDIS_REST_URL",
    "UPSTASH_REDIS_REST_TOKEN",
    "SECRETS_KEY",
    "NODE_OPTIONS",
    "VITEST",
    "NODE_ENV",
  ])
    delete env[name];
  return env;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

describe("the README's start command", () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess | undefined;
  let output = "";

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "readme-start-"));
    port = await freePort();
    server = spawn("npm", ["run", "dev"], {
      cwd: ROOT,
      env: embeddedEnv(dataDir, port),
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (chunk) => (output += String(chunk)));
    server.stderr?.on("data", (chunk) => (output += String(chunk)));
    const deadline = Date.now() + 150_000;
    while (!output.includes("Service ready")) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`service did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  afterAll(async () => {
    if (server?.pid) {
      try {
        process.kill(-server.pid, "SIGTERM");
      } catch {}
      await new Promise((r) => setTimeout(r, 2000));
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {}
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("prints where to go, and serves wallets and cards to a key from `cli bootstrap`", async () => {
    expect(output).toContain(`http://127.0.0.1:${port}`);
    expect(output).toContain("embedded PostgreSQL");

    const { stdout } = await run("npm", ["run", "--silent", "cli", "--", "bootstrap", "--json"], {
      cwd: ROOT,
      env: embeddedEnv(dataDir, port),
      timeout: 60_000,
    });
    const { appId, testKey, webhookSecret } = JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
    expect(appId).toMatch(/^app_/);
    expect(testKey).toMatch(/^sk_test_/);
    expect(webhookSecret).toMatch(/^whsec_/);

    const base = `http://127.0.0.1:${port}/api/public/sdk/v1`;
    const headers = { authorization: `Bearer ${testKey}`, "content-type": "application/json" };
    const wallet = await fetch(`${base}/wallets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ externalUserId: "readme_user", currency: "USD", email: "ada@example.com" }),
    });
    expect(wallet.status).toBe(201);
    expect(wallet.headers.get("x-service-schema-version")).toBe("1.1");
    expect(wallet.headers.get("x-ratelimit-limit")).toBe("60");
    const created = await wallet.json();
    expect(created.idempotent_replay).toBe(false);
    expect(wallet.headers.get("x-request-id")).toMatch(/^req_/);
    const card = await fetch(`${base}/cards`, {
      method: "POST",
      headers,
      body: JSON.stringify({ externalUserId: "readme_user", kind: "virtual", currency: "USD", spendLimit: 20 }),
    });
    expect(card.status).toBe(201);
    expect((await card.json()).spendLimit).toBe(20);

    // A client cannot choose its own address: the server stamps the socket's, so a key allowed
    // only from 203.0.113.1 is refused however the request claims to come from there.
    const { stdout: keyOut } = await run(
      "npm",
      [
        "run",
        "--silent",
        "cli",
        "--",
        "keys",
        "create",
        "--app",
        appId,
        "--mode",
        "test",
        "--allow-ip",
        "203.0.113.1",
        "--json",
      ],
      { cwd: ROOT, env: embeddedEnv(dataDir, port), timeout: 60_000 },
    );
    const restricted = JSON.parse(keyOut.trim().split("\n").pop() ?? "{}").key as string;
    const spoofed = await fetch(`${base}/wallets/readme_user`, {
      headers: {
        authorization: `Bearer ${restricted}`,
        "x-service-client-address": "203.0.113.1",
        "x-forwarded-for": "203.0.113.1",
      },
    });
    expect(spoofed.status).toBe(403);
    expect((await spoofed.json()).error.code).toBe("ip_not_allowed");

    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-service-schema-version")).toBe("1.1");
    expect(page.headers.get("x-request-id")).toMatch(/^req_/);
    const doc = await fetch(`http://127.0.0.1:${port}/api/public/openapi.json`);
    expect((await doc.json()).openapi).toBe("3.1.0");
  }, 120_000);

  it("stops on Ctrl-C with one line, its database stopped after the pools closed", async () => {
    const child = server;
    if (!child?.pid) throw new Error("the service is not running");
    const postgresBefore = await postgresPids(dataDir);
    expect(postgresBefore.length).toBeGreaterThan(0);
    // The dev server logs each request a moment after answering it: wait for the log to settle.
    for (let seen = -1; seen !== output.length;) {
      seen = output.length;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const before = output.length;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    // A terminal's Ctrl-C: SIGINT to the whole foreground process group.
    process.kill(-child.pid, "SIGINT");
    await exited;
    const after = output
      .slice(before)
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    expect(after, `output after Ctrl-C:\n${after.slice(0, 12).join("\n")}`).toHaveLength(1);
    expect(after[0]).toMatch(/^Stopped on SIGINT in \d+ ms\.$/);
    expect(await postgresPids(dataDir)).toEqual([]);
    server = undefined;
  }, 60_000);
});

// Live PostgreSQL server processes whose command line names this data directory.
async function postgresPids(dataDir: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    const args = cmdline.split("\0");
    if ((args[0] ?? "").endsWith("postgres") && args.some((a) => a.startsWith(dataDir))) pids.push(Number(entry));
  }
  return pids;
}
