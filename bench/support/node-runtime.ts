// The Node.js binaries a run starts servers and workers with (`--node 24,20`): the orchestrator's own
// when its major matches, otherwise the npm registry's `node@<major>` package installed on demand
// into a cache directory outside the repository, so the machine's own Node.js is never touched.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export type NodeRuntime = {
  /** What the run was asked for: a major ("24") or a path to a binary. */
  label: string;
  /** `process.version` of that binary, e.g. v24.21.0. */
  version: string;
  binary: string;
};

/** Where `node@<major>` is installed: `$WALLET_CARD_BENCH_CACHE`, else `~/.cache/wallet-card-bench`. */
export function runtimeCacheDir(): string {
  const base = process.env.WALLET_CARD_BENCH_CACHE?.trim() || path.join(os.homedir(), ".cache", "wallet-card-bench");
  return path.resolve(base);
}

function versionOf(binary: string): string | undefined {
  const result = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

/**
 * The `node` package puts its binary at node_modules/node/bin/node from a preinstall script; where
 * install scripts are not run, the platform package it depends on holds the same binary.
 */
function installedBinary(dir: string): string | undefined {
  const candidates = [
    path.join(dir, "node_modules", "node", "bin", "node"),
    path.join(dir, "node_modules", "node", "node_modules", `node-${process.platform}-${process.arch}`, "bin", "node"),
    path.join(dir, "node_modules", `node-${process.platform}-${process.arch}`, "bin", "node"),
  ];
  return candidates.find((file) => existsSync(file) && versionOf(file) !== undefined);
}

function installMajor(major: string, log: (message: string) => void): string {
  const dir = path.join(runtimeCacheDir(), `node${major}`);
  const found = installedBinary(dir);
  if (found) return found;
  mkdirSync(dir, { recursive: true });
  log(`installing node@${major} from the npm registry into ${dir}`);
  const result = spawnSync(
    "npm",
    ["install", "--prefix", dir, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", `node@${major}`],
    { encoding: "utf8", timeout: 10 * 60_000 },
  );
  const binary = installedBinary(dir);
  if (result.status !== 0 || !binary) {
    throw new Error(
      `npm install node@${major} into ${dir} failed (exit ${result.status}): ${(result.stderr || result.stdout).slice(-500)}`,
    );
  }
  return binary;
}

/**
 * Resolves `--node`'s list: each item a major version ("24") or a path to a node binary. Order is
 * kept (the first is measured first); duplicates are dropped.
 */
export function resolveNodeRuntimes(spec: string, log: (message: string) => void): NodeRuntime[] {
  const items = [
    ...new Set(
      spec
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  const ownMajor = process.versions.node.split(".")[0];
  return items.map((item): NodeRuntime => {
    let binary: string;
    if (item.includes("/")) binary = path.resolve(item);
    else if (!/^\d+$/.test(item)) throw new Error(`--node: "${item}" is neither a major version nor a path`);
    else binary = item === ownMajor ? process.execPath : installMajor(item, log);
    const version = versionOf(binary);
    if (!version) throw new Error(`--node: ${binary} does not run`);
    if (/^\d+$/.test(item) && !version.startsWith(`v${item}.`))
      throw new Error(`--node ${item}: ${binary} is ${version}`);
    return { label: item, version, binary };
  });
}
