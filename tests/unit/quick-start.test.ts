// The console's quick start runs on a machine that has curl and a shell and nothing else (no
// uuidgen): run as is, with a PATH holding only those two, it reaches the service with its key and
// an Idempotency-Key that is the same on every run.
import { execFile } from "node:child_process";
import { mkdtemp, rm, symlink } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quickStartSnippets } from "@/app/merchant/sdk/(console)/apps/[appId]/quick-start";

const run = promisify(execFile);
let server: http.Server;
let baseUrl = "";
let bin = "";
const received: { url?: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    received.push({ url: request.url, headers: request.headers });
    request.resume();
    response.writeHead(201, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  bin = await mkdtemp(path.join(os.tmpdir(), "quick-start-bin-"));
  await symlink("/usr/bin/curl", path.join(bin, "curl"));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(bin, { recursive: true, force: true });
});

describe("the console's quick start", () => {
  it("runs with curl alone, and names the wallet's Idempotency-Key the same on every run", async () => {
    const { curl } = quickStartSnippets({ baseUrl, applicationId: "app_123", livemode: false });
    for (let i = 0; i < 2; i++) {
      // Nothing from this machine's environment: a PATH of curl alone, and a HOME with no shell start-up files.
      const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PATH: bin, HOME: bin };
      const { stderr } = await run("/usr/bin/bash", ["-c", curl], { env });
      expect(stderr).not.toMatch(/command not found/);
    }
    expect(received.map((r) => r.url)).toEqual(["/api/public/sdk/v1/wallets", "/api/public/sdk/v1/wallets"]);
    const keys = received.map((r) => r.headers["idempotency-key"]);
    expect(keys[0]).toMatch(/^\S{8,}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(received[0]?.headers.authorization).toBe("Bearer sk_test_...");
  });
});
