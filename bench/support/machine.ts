// What a result was measured on: cores, CPU model, memory, Node.js, commit, and how busy the machine was.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { REPO_ROOT } from "@/lib/db/paths";

export type MachineInfo = {
  date: string;
  hostname: string;
  nproc: number;
  cpuModel: string;
  memoryGb: number;
  kernel: string;
  node: string;
  /** The versions a run's servers and workers ran on (`--node`), when not just `node`'s. */
  nodeVersions?: string[];
  postgres: string;
  gitCommit: string;
  gitDirty: boolean;
  loadAverageAtStart: number[];
};

function git(args: string[]): string {
  const result = spawnSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : "";
}

export function machineInfo(postgresVersion: string): MachineInfo {
  let cpuModel = os.cpus()[0]?.model ?? "unknown";
  try {
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpuModel;
  } catch {
    // not Linux: os.cpus() is as good as it gets
  }
  return {
    date: new Date().toISOString(),
    hostname: os.hostname(),
    nproc: os.availableParallelism(),
    cpuModel,
    memoryGb: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    kernel: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: postgresVersion,
    gitCommit: git(["rev-parse", "HEAD"]) || "unknown",
    gitDirty: git(["status", "--porcelain"]).length > 0,
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}
