// Start-up and shutdown shared by the long-running commands (server, worker): one cleanup on
// SIGINT/SIGTERM, and a readable message instead of a stack when start-up is refused.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { REPO_ROOT } from "@/lib/db/paths";
import { UnmigratedDatabaseError } from "@/lib/db/prepare-database";

/** The message for a Node.js outside package.json's `engines.node`, or null when it fits. */
export function unsupportedNodeMessage(version: string, range: string): string | null {
  if (semver.satisfies(version, range)) return null;
  return `This service needs Node.js ${range}, and this is ${version}: install a version in that range (for example with nvm: \`nvm install 20\`).`;
}

/** Stops with one line before anything starts when this Node.js is outside `engines.node`. */
export function requireSupportedNode(): void {
  const { engines } = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
    engines: { node: string };
  };
  const message = unsupportedNodeMessage(process.versions.node, engines.node);
  if (message) {
    console.error(message);
    process.exit(1);
  }
}

/**
 * On SIGINT/SIGTERM runs `cleanup` once (stop taking work, close pools, then the database) and exits
 * with one line; `quiet` leaves that line to another process (a cluster worker's primary prints it).
 */
export function stopOnSignal(cleanup: () => Promise<void>, options: { quiet?: boolean } = {}): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    try {
      await cleanup();
      if (!options.quiet) console.log(`\nStopped on ${signal} in ${Date.now() - started} ms.`);
      process.exit(0);
    } catch (error) {
      console.error(`\nStopping on ${signal} failed:`, error instanceof Error ? error.message : error);
      process.exit(1);
    }
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

export function exitOnStartupFailure(error: unknown): never {
  if (error instanceof UnmigratedDatabaseError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
}
