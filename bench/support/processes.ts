// Child processes of a benchmark run: servers, workers and generators, each pinned to a core when
// taskset is available, with output kept in a log file, and stopped by their own pid only.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { createWriteStream, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

const hasTaskset = spawnSync("taskset", ["--version"], { stdio: "ignore" }).status === 0;

/** Whether processes really get pinned (taskset installed and at least two cores). */
export function pinningAvailable(cores: number): boolean {
  return hasTaskset && cores >= 2;
}

export type NodeProcessOptions = {
  /** A script under the repository, run with the tsx loader (no tsx CLI wrapper process). */
  script: string;
  args?: string[];
  nodeArgs?: string[];
  env: NodeJS.ProcessEnv;
  /** The core to pin to; undefined leaves it to the scheduler. */
  core: number | undefined;
  /** Where stderr goes, and stdout unless pipeStdout hands it to the caller. */
  logFile: string;
  pipeStdout?: boolean;
  ipc?: boolean;
  /** The node binary (`--node`, bench/support/node-runtime.ts); the orchestrator's own when unset. */
  nodeBinary?: string;
};

export function startNode(options: NodeProcessOptions): ChildProcess {
  const nodeArgv = [...(options.nodeArgs ?? []), "--import", "tsx", options.script, ...(options.args ?? [])];
  const node = options.nodeBinary ?? process.execPath;
  const [command, argv] =
    options.core === undefined ? [node, nodeArgv] : ["taskset", ["-c", String(options.core), node, ...nodeArgv]];
  const stdio: StdioOptions = ["ignore", "pipe", "pipe", ...(options.ipc ? (["ipc"] as const) : [])];
  const child = spawn(command, argv, { cwd: REPO_ROOT, env: options.env, stdio });
  const log = createWriteStream(options.logFile, { flags: "a" });
  if (!options.pipeStdout) child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/** Resolves once the URL answers at all; rejects if the process exits first or time runs out. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process ${child.pid} exited (${child.exitCode}) before ${url} answered`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The size of a log file now, so a wait can skip what an earlier process of the same name wrote. */
export function logOffset(file: string): number {
  return statSync(file, { throwIfNoEntry: false })?.size ?? 0;
}

/** Resolves once the log file, past `fromByte`, matches; rejects if the process exits first or time runs out. */
export async function waitForOutput(
  file: string,
  pattern: RegExp,
  child: ChildProcess,
  timeoutMs: number,
  fromByte = 0,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process ${child.pid} exited (${child.exitCode}); see ${file}`);
    const text = logOffset(file) > fromByte ? readFileSync(file).subarray(fromByte).toString("utf8") : "";
    if (pattern.test(text)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${file} did not show ${pattern} within ${timeoutMs} ms`);
}

/** SIGTERM, then SIGKILL after the grace period; only ever this child's own pid. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 10_000): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Runs a node script to completion and returns its last stdout line parsed as JSON. */
export async function runJsonScript<T>(options: Omit<NodeProcessOptions, "pipeStdout">, timeoutMs: number): Promise<T> {
  const child = startNode({ ...options, pipeStdout: true });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  const last = stdout.trim().split("\n").pop();
  if (code !== 0 || !last) {
    throw new Error(`${path.basename(options.script)} failed (exit ${code}); see ${options.logFile}`);
  }
  return JSON.parse(last) as T;
}
