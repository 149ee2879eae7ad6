// The running server's address for the CLI (issue 23): `npm run dev` / `npm start` record where they
// serve in <data dir>/server.json and remove it when they exit, and `bootstrap` prints its console
// links there unless its own environment says otherwise (PUBLIC_BASE_URL, PORT).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { consoleBaseUrl } from "@/lib/cli/bootstrap-command";
import { REPO_ROOT } from "@/lib/db/paths";
import { recordServerAddress, runningServerAddress, serverAddressFile } from "@/lib/platform/server-address";

let dir: string;
/** <dir>/server.json, named explicitly: the data directory is read once per process. */
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "server-address-"));
  file = serverAddressFile(dir);
  vi.stubEnv("NEXTAUTH_URL", "");
  vi.stubEnv("HOST", "");
  vi.stubEnv("PORT", "");
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** A pid that no process has: one that has just exited. */
function goneProcessId(): number {
  const child = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
  return Number(child.stdout.trim());
}

describe("the server's recorded address", () => {
  it("is written under the data directory with the console's base URL and the listening process", () => {
    recordServerAddress(3123, file);
    expect(file).toBe(path.join(dir, "server.json"));
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ url: "http://localhost:3123", pid: process.pid });
    expect(runningServerAddress(file)?.url).toBe("http://localhost:3123");
  });

  it("names HOST when the server is bound to one, as the console's own links do", () => {
    vi.stubEnv("HOST", "192.0.2.7");
    recordServerAddress(8080, file);
    expect(runningServerAddress(file)?.url).toBe("http://192.0.2.7:8080");
  });

  it("is ignored when its process is gone (a server killed with -9), or unreadable", () => {
    writeFileSync(file, JSON.stringify({ url: "http://localhost:3999", pid: goneProcessId() }));
    expect(runningServerAddress(file)).toBeUndefined();
    writeFileSync(file, "{half");
    expect(runningServerAddress(file)).toBeUndefined();
  });

  it("is removed when the server's process exits", async () => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        'import { recordServerAddress } from "@/lib/platform/server-address"; recordServerAddress(4321); console.log("listening"); setTimeout(() => {}, 500);',
      ],
      { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dir }, stdio: ["ignore", "pipe", "inherit"] },
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    await new Promise<void>((resolve) => child.stdout.on("data", () => resolve()));
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ url: "http://localhost:4321", pid: child.pid });
    expect(await exited).toBe(0);
    expect(existsSync(file)).toBe(false);
  });
});

describe("bootstrap's console links", () => {
  it("go where the running server says it serves", () => {
    writeFileSync(file, JSON.stringify({ url: "http://localhost:3123", pid: process.pid }));
    expect(consoleBaseUrl(file)).toBe("http://localhost:3123");
  });

  it("follow PORT when the CLI's own environment sets it", () => {
    writeFileSync(file, JSON.stringify({ url: "http://localhost:3123", pid: process.pid }));
    vi.stubEnv("PORT", "4000");
    expect(consoleBaseUrl(file)).toBe("http://localhost:4000");
  });

  it("fall back to npm run dev's default port when no server is running", () => {
    expect(consoleBaseUrl(file)).toBe("http://localhost:3000");
    writeFileSync(file, JSON.stringify({ url: "http://localhost:3123", pid: goneProcessId() }));
    expect(consoleBaseUrl(file)).toBe("http://localhost:3000");
  });
});
