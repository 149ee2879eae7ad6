// Starts the service exactly as the README tells a newcomer (`npm run dev`, no DATABASE_URL, no
// Redis), takes a key from `npm run cli -- bootstrap`, and uses it over real HTTP.
import { spawn, execFile, type ChildProcess } from "node:child_process";
import http from "node:http";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../helpers/service-process";

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
    // The test harness's own; a fresh machine has none, and `npm run dev` sets its embedded default.
    "ALLOW_LOOPBACK_ENDPOINTS",
  ])
    delete env[name];
  return env;
}

describe("the README's start command", () => {
  let dataDir: string;
  let port: number;
  let server: ChildProcess | undefined;
  let output = "";
  let key = "";
  let app = "";

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
      } catch {
        // The server's process group is already gone.
      }
      await new Promise((r) => setTimeout(r, 2000));
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // The server's process group is already gone.
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it("starts without a warning the newcomer did not cause", () => {
    const start = output.slice(0, output.indexOf("Service ready"));
    expect(start.split("\n").filter((line) => /warn/i.test(line))).toEqual([]);
  });

  it("prints where to go, and serves wallets and cards to a key from `cli bootstrap`", async () => {
    expect(output).toContain(`http://127.0.0.1:${port}`);
    expect(output).toContain("embedded PostgreSQL");

    const { stdout } = await run("npm", ["run", "--silent", "cli", "--", "bootstrap", "--json"], {
      cwd: ROOT,
      env: embeddedEnv(dataDir, port),
      timeout: 60_000,
    });
    const { appId, testKey, testWebhookSecret, liveWebhookSecret } = JSON.parse(
      stdout.trim().split("\n").pop() ?? "{}",
    );
    expect(appId).toMatch(/^app_/);
    expect(testKey).toMatch(/^sk_test_/);
    expect(testWebhookSecret).toMatch(/^whsec_/);
    expect(liveWebhookSecret).toMatch(/^whsec_/);
    expect(liveWebhookSecret).not.toBe(testWebhookSecret);
    key = testKey;
    app = appId;

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

  // docs/decisions/loopback-endpoints.md: the embedded default of `npm run dev` (and of the CLI on its
  // database) lets a developer receive on localhost; a hosted deployment refuses it.
  it("lets a developer receive test webhooks and decisions on localhost, with nothing configured", async () => {
    const hits: string[] = [];
    const receiver = http.createServer((request, response) => {
      hits.push(`${request.method} ${request.url}`);
      request.resume();
      response.writeHead(200, { "content-type": "application/json" }).end('{"approved":true}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const receiverPort = (receiver.address() as net.AddressInfo).port;
    try {
      const added = await run(
        "npm",
        [
          "run",
          "--silent",
          "cli",
          "--",
          "webhooks",
          "add",
          "--app",
          app,
          "--url",
          `http://localhost:${receiverPort}/hooks`,
          "--json",
        ],
        { cwd: ROOT, env: embeddedEnv(dataDir, port), timeout: 60_000 },
      );
      expect(JSON.parse(added.stdout.trim().split("\n").pop() ?? "{}").url).toBe(
        `http://localhost:${receiverPort}/hooks`,
      );
      const base = `http://127.0.0.1:${port}/api/public/sdk/v1`;
      const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
      const decision = await fetch(`${base}/authorization-endpoint`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/decide`, defaultAction: "decline" }),
      });
      expect(decision.status, await decision.clone().text()).toBeLessThan(300);
      expect((await decision.json()).refusal).toBeNull();
      const wallet = await fetch(`${base}/wallets`, {
        method: "POST",
        headers,
        body: JSON.stringify({ externalUserId: "loopback_user", currency: "USD", email: "dev@example.com" }),
      });
      expect(wallet.status).toBe(201);
      const deadline = Date.now() + 30_000;
      while (!hits.includes("POST /hooks") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(hits).toContain("POST /hooks");
      const removed = await fetch(`${base}/authorization-endpoint`, { method: "DELETE", headers });
      expect(removed.status).toBe(200);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);

  // docs/decisions/edges-of-http.md, where only scripts/serve.ts can prove it (in-process checks live in
  // tests/integration/http-edges.test.ts): our envelope and headers on what Next.js would answer alone.
  it("answers every HTTP edge with the envelope, our headers and one request id in header, body and log", async () => {
    const origin = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${key}` };
    const expectEnvelope = async (response: Response, status: number, code: string) => {
      const text = await response.text();
      expect(response.status, text).toBe(status);
      expect(response.headers.get("x-service-schema-version")).toBe("1.1");
      // Counted like any API request, refusals at the edge included.
      expect(response.headers.get("x-ratelimit-limit")).toBe("60");
      const id = response.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^req_[A-Za-z0-9]+$/);
      const body = JSON.parse(text);
      expect(body.error).toMatchObject({ code, request_id: id });
      expect(typeof body.error.type).toBe("string");
      expect(typeof body.error.message).toBe("string");
      return { id, body };
    };

    // Malformed percent-escapes in an API path: 400 from scripts/serve.ts, logged with the same id.
    await fc.assert(
      fc.asyncProperty(malformedEscape, async (bad) => {
        await expectEnvelope(
          await fetch(`${origin}/api/public/sdk/v1/cards/x${bad}y`, { headers: auth }),
          400,
          "validation_failed",
        );
      }),
      { numRuns: 25 },
    );
    const { id: escapeId } = await expectEnvelope(
      await fetch(`${origin}/api/public/sdk/v1/wallets/%`),
      400,
      "validation_failed",
    );
    // The development server's log line for it (pino-pretty's), naming the same id.
    await expect.poll(() => output).toContain(`requestId: "${escapeId}"`);

    // Trailing slashes and empty ids: 404 with the envelope, never a redirect; pages keep theirs.
    const noRedirect = { redirect: "manual" } as const;
    await expectEnvelope(
      await fetch(`${origin}/api/public/sdk/v1/events/`, { ...noRedirect, headers: auth }),
      404,
      "route_not_found",
    );
    await expectEnvelope(
      await fetch(`${origin}/api/public/sdk/v1/cards//freeze`, { ...noRedirect, method: "POST", headers: auth }),
      404,
      "route_not_found",
    );
    const page = await fetch(`${origin}/verify/`, noRedirect);
    expect(page.status).toBe(308);
    expect(page.headers.get("x-service-schema-version")).toBe("1.1");
    expect(page.headers.get("x-request-id")).toMatch(/^req_/);

    // One id per request: the server's, whatever the client sends, in the header and the body.
    const chosen = await fetch(`${origin}/api/public/sdk/v1/wallets/nobody_here`, {
      headers: { ...auth, "x-service-request-id": "req_chosenByTheClient", "x-request-id": "req_alsoChosen" },
    });
    const { id: walletId } = await expectEnvelope(chosen, 404, "wallet_not_found");
    expect(walletId).not.toMatch(/chosen/i);
    expect(chosen.headers.get("x-ratelimit-limit")).toBe("60");

    // NUL characters through Next's own decoding of path and body: 400 naming the field.
    const nulId = await fetch(`${origin}/api/public/sdk/v1/cards/card_%00x`, { headers: auth });
    expect((await expectEnvelope(nulId, 400, "validation_failed")).body.error.param).toBe("id");
    const nulBody = await fetch(`${origin}/api/public/sdk/v1/wallets`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json", "idempotency-key": "nul-1" },
      body: JSON.stringify({
        externalUserId: "nul_user",
        currency: "USD",
        email: "ada@example.com",
        address: { line1: "1 Road\u0000", city: "Lagos", country: "NG" },
      }),
    });
    expect((await expectEnvelope(nulBody, 400, "validation_failed")).body.error.param).toBe("address.line1");

    // A chunked body that never ends: 413 once it passes 1 MiB, without the server reading it all.
    const tooLarge = await endlessChunkedPost(`${origin}/api/public/sdk/v1/wallets`, auth);
    expect(tooLarge.sentBytes).toBeLessThan(16 * 1024 * 1024);
    const refused = await expectEnvelope(tooLarge.response, 413, "payload_too_large");
    expect(refused.id).toBe(tooLarge.response.headers.get("x-request-id"));
    expect(tooLarge.response.headers.get("x-ratelimit-limit")).toBe("60");

    // A request node:http cannot parse: our envelope and headers instead of its bare 400.
    const raw = await rawExchange(port, "GET /api/public/x\u0000y HTTP/1.1\r\nHost: a\r\n\r\n");
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw).toMatch(/\r\nx-service-schema-version: 1\.1\r\n/);
    const rawId = /\r\nx-request-id: (req_\w+)\r\n/.exec(raw)?.[1];
    expect(JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)).error).toMatchObject({
      code: "validation_failed",
      request_id: rawId,
    });
  }, 120_000);

  // The guide's commands as a reader runs them, the live key they print pasted where it says so.
  it("proves a live wallet's balance as the proof-of-liabilities guide says, verbatim", async () => {
    const guide = await readFile(path.join(ROOT, "docs/guides/proof-of-liabilities.md"), "utf8");
    const block = /```bash\n([\s\S]*?)```/.exec(guide)?.[1] ?? "";
    const [mint = "", rest = ""] = block.split(/^LIVE_KEY=sk_live_\.\.\..*$/m);
    expect(rest, "the guide pastes the live key on a line of its own").not.toBe("");
    const env = { ...embeddedEnv(dataDir, port), BASE: `http://127.0.0.1:${port}`, APP: app };
    const shell = (script: string) =>
      run("bash", ["-euo", "pipefail", "-c", script], { cwd: ROOT, env, timeout: 120_000 });
    const files = ["proof.json", "snapshot.json"].map((name) => path.join(ROOT, name));
    try {
      const minted = await shell(mint);
      const liveKey = /sk_live_\w+/.exec(minted.stdout)?.[0];
      expect(liveKey, minted.stdout).toBeDefined();
      const { stdout } = await shell(`LIVE_KEY=${liveKey}\n${rest}`);
      expect(stdout).toMatch(/^Valid: wallet wal_\w+ with 12\.50 USD is counted in snapshot lsnap_\w+/m);
      expect(stdout).toContain("live: balanced");
    } finally {
      await Promise.all(files.map((file) => rm(file, { force: true })));
    }
  }, 180_000);

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

/** A `%` that starts no valid escape of UTF-8 bytes. */
const malformedEscape = fc.oneof(
  fc.constantFrom("%", "%z", "%zz", "%G0", "%0", "%%", "%C3", "%C3%28", "%ED%A0%80", "%FF", "%E2%82"),
  fc
    .string({ minLength: 1, maxLength: 1 })
    .filter((c) => !/[0-9A-Fa-f]/.test(c))
    .map((c) => `%${encodeURIComponent(c)}`),
);

/** POSTs 64 KiB chunks until the server answers (or 32 MiB went out), then stops sending. */
async function endlessChunkedPost(
  url: string,
  headers: Record<string, string>,
): Promise<{ response: Response; sentBytes: number }> {
  const chunk = Buffer.alloc(64 * 1024, " ");
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    const request = http.request(url, { method: "POST", headers: { ...headers, "content-type": "application/json" } });
    request.on("response", (incoming) => {
      answered = true;
      const parts: Buffer[] = [];
      incoming.on("data", (part: Buffer) => parts.push(part));
      incoming.on("end", () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (typeof value === "string") responseHeaders.set(name, value);
        }
        resolve({
          response: new Response(Buffer.concat(parts), { status: incoming.statusCode, headers: responseHeaders }),
          sentBytes,
        });
        request.destroy();
      });
    });
    // Once answered, the server may close while we still write: that is the point.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    const pump = () => {
      while (!answered && sentBytes < 32 * 1024 * 1024) {
        sentBytes += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}

/** Sends raw bytes and reads until the server closes the connection. */
async function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let received = "";
    socket.on("data", (data) => (received += String(data)));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

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
