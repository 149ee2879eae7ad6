// The production build that the system and browser tests serve (.next-e2e, apart from developers'
// .next): built when older than its sources, once however many test processes ask at the same
// time, and never rebuilt under a server that is still serving it.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

/** next.config.mjs reads NEXT_DIST_DIR; whoever serves this build passes it too. */
export const PRODUCTION_DIST_DIR = ".next-e2e";

// Sources whose change makes the build stale.
const BUILD_INPUTS = [
  "app",
  "lib",
  "components",
  "public",
  "next.config.mjs",
  "instrumentation.ts",
  "proxy.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];
const BUILD_ID = path.join(REPO_ROOT, PRODUCTION_DIST_DIR, "BUILD_ID");
const LOCK = path.join(REPO_ROOT, `${PRODUCTION_DIST_DIR}.lock`);
const LOCK_OWNER = path.join(LOCK, "owner");
// One file per process serving the build; a rebuild waits until none is alive.
const READERS = path.join(REPO_ROOT, `${PRODUCTION_DIST_DIR}.readers`);
const HEARTBEAT_MS = 5_000;
// A lock none of whose processes lives, untouched for this long, is broken (see lockHolder).
const STALE_LOCK_MS = 15_000;
// A build takes minutes; waiting on a Playwright run that serves the old build can take as long.
const WAIT_LIMIT_MS = 20 * 60_000;

export type ProductionBuildOptions = {
  /** "inherit" shows next build's output; "capture" keeps it for the error when the build fails. */
  output?: "inherit" | "capture";
  log?: (message: string) => void;
};

/** The caller may serve the build until release(); nobody rebuilds it meanwhile. */
export type ProductionBuildLease = { distDir: string; release(): void };

/**
 * Builds into .next-e2e when the build is older than the sources (unless E2E_SKIP_BUILD=1), and
 * leases it to the caller. Concurrent callers take turns: the first builds, the others find it fresh.
 */
export async function useProductionBuild(options: ProductionBuildOptions = {}): Promise<ProductionBuildLease> {
  const log = options.log ?? ((message: string) => console.log(message));
  const deadline = Date.now() + WAIT_LIMIT_MS;
  const lock = await acquireLock(deadline, log);
  try {
    if (buildIsStale()) {
      await waitForReaders(deadline, log);
      await build(lock, options.output ?? "inherit", log);
    }
    return leaseBuild();
  } finally {
    lock.release();
  }
}

function buildIsStale(): boolean {
  if (process.env.E2E_SKIP_BUILD === "1") return false;
  if (!existsSync(BUILD_ID)) return true;
  const built = statSync(BUILD_ID).mtimeMs;
  return BUILD_INPUTS.some((entry) => newestMtime(entry) > built);
}

function newestMtime(entry: string): number {
  const full = path.join(REPO_ROOT, entry);
  const info = statSync(full, { throwIfNoEntry: false });
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

async function build(lock: Lock, output: "inherit" | "capture", log: (message: string) => void): Promise<void> {
  log(`building the production bundle into ${PRODUCTION_DIST_DIR} (next build)…`);
  // Stamped below with this moment, less a second for the file system's coarser clock, so a source
  // saved while the build ran makes the next caller build again.
  const startedAt = Date.now() - 1_000;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_DIST_DIR: PRODUCTION_DIST_DIR,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  // The same bundle whoever asks: not tied to the caller's database.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "node_modules/next/dist/bin/next"), "build"], {
    cwd: REPO_ROOT,
    env,
    stdio: output === "inherit" ? "inherit" : ["ignore", "pipe", "pipe"],
  });
  // A caller that exits mid-build (Playwright giving up) stops its build; one killed outright
  // cannot, so the lock stays held while the build lives, and the next holder never builds into
  // the same directory at the same time.
  if (child.pid) lock.addPid(child.pid);
  const stopChild = () => child.kill("SIGTERM");
  process.on("exit", stopChild);
  let tail = "";
  const keep = (chunk: Buffer) => (tail = (tail + String(chunk)).slice(-8_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const code = await new Promise<number | null>((resolve) => {
    child.on("exit", resolve);
    child.on("error", () => resolve(null));
  });
  process.off("exit", stopChild);
  if (code !== 0 || !existsSync(BUILD_ID)) {
    rmSync(BUILD_ID, { force: true });
    throw new Error(`next build failed (exit ${code})${tail ? `:\n${tail}` : ""}`);
  }
  utimesSync(BUILD_ID, startedAt / 1000, startedAt / 1000);
  log(`built ${PRODUCTION_DIST_DIR} in ${Math.round((Date.now() - startedAt) / 1000)} s`);
}

type Lock = {
  /** Records a process working for the holder (the build), which keeps the lock held while it lives. */
  addPid(pid: number): void;
  release(): void;
};

// mkdir is atomic: of two callers exactly one creates the directory. The holder writes the pids
// working under it (its own, then the build's) into it, and touches that file while it holds it.
async function acquireLock(deadline: number, log: (message: string) => void): Promise<Lock> {
  let announced = false;
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
    const holder = lockHolder();
    if (holder.stale) {
      breakStaleLock();
      continue;
    }
    const who = holder.pids.join(", ") || "?";
    if (Date.now() > deadline) throw new Error(`waited too long for ${LOCK} (held by pid ${who})`);
    if (!announced) log(`waiting for pid ${who}, which holds ${path.basename(LOCK)}…`);
    announced = true;
    await sleep(500);
  }
  const token = randomBytes(8).toString("hex");
  const pids = [process.pid];
  const writeOwner = () => writeFileSync(LOCK_OWNER, `${token} ${pids.join(" ")}`);
  writeOwner();
  const ours = () => readOwner()?.split(" ")[0] === token;
  const heartbeat = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(LOCK_OWNER, now, now);
    } catch {
      // Broken by a caller that judged us gone; release() leaves its lock alone.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off("exit", release);
    // Only our own: a caller that judged us gone may hold it by now.
    if (ours()) rmSync(LOCK, { recursive: true, force: true });
  };
  process.on("exit", release);
  return {
    addPid(pid) {
      pids.push(pid);
      if (ours()) writeOwner();
    },
    release,
  };
}

function readOwner(): string | undefined {
  try {
    return readFileSync(LOCK_OWNER, "utf8");
  } catch {
    return undefined;
  }
}

/**
 * Stale when none of its pids is alive and nothing touched it for a while: a holder killed
 * outright (its build may outlive it and must finish first), or one that crashed between mkdir
 * and writing the file. The heartbeat keeps a holder whose pid this process cannot see (another
 * container on the same checkout) from being judged gone.
 */
function lockHolder(): { pids: number[]; stale: boolean } {
  const touched =
    statSync(LOCK_OWNER, { throwIfNoEntry: false })?.mtimeMs ?? statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs;
  // Gone since mkdir failed: try again.
  if (touched === undefined) return { pids: [], stale: false };
  const pids = (readOwner() ?? "").split(" ").slice(1).map(Number);
  const stale = !pids.some(processAlive) && Date.now() - touched > STALE_LOCK_MS;
  return { pids, stale };
}

// Renamed aside first, so of several callers that found it stale only one removes it. (One that
// judged it stale just before another broke and retook it could still take the new lock away;
// that needs a holder to die and two callers to race within microseconds.)
function breakStaleLock(): void {
  const aside = `${LOCK}.stale-${randomBytes(6).toString("hex")}`;
  try {
    renameSync(LOCK, aside);
  } catch {
    return;
  }
  rmSync(aside, { recursive: true, force: true });
}

function leaseBuild(): ProductionBuildLease {
  mkdirSync(READERS, { recursive: true });
  const file = path.join(READERS, `${process.pid}-${randomBytes(4).toString("hex")}`);
  writeFileSync(file, String(process.pid));
  const drop = () => rmSync(file, { force: true });
  process.on("exit", drop);
  return {
    distDir: PRODUCTION_DIST_DIR,
    release() {
      process.off("exit", drop);
      drop();
    },
  };
}

/** Waits until no other live process serves the build; leases of dead processes are dropped. */
async function waitForReaders(deadline: number, log: (message: string) => void): Promise<void> {
  let announced = false;
  for (;;) {
    const serving: number[] = [];
    for (const name of existsSync(READERS) ? readdirSync(READERS) : []) {
      const pid = Number(name.split("-")[0]);
      // This process's own leases do not wait on themselves.
      if (pid === process.pid) continue;
      if (processAlive(pid)) serving.push(pid);
      else rmSync(path.join(READERS, name), { force: true });
    }
    if (serving.length === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the build is stale, but pid ${serving.join(", ")} still serves ${PRODUCTION_DIST_DIR}`);
    if (!announced)
      log(`waiting for pid ${serving.join(", ")} to stop serving ${PRODUCTION_DIST_DIR} before rebuilding…`);
    announced = true;
    await sleep(1_000);
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, only not ours to signal.
    return errorCode(error) === "EPERM";
  }
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && "code" in error ? String(error.code) : undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
