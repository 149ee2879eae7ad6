// Start-up and shutdown shared by the long-running commands (server, worker): one cleanup on
// SIGINT/SIGTERM, and a readable message instead of a stack when start-up is refused.
import { UnmigratedDatabaseError } from "@/lib/db/prepare-database";

export function stopOnSignal(cleanup: () => Promise<void>): void {
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await cleanup().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

export function exitOnStartupFailure(error: unknown): never {
  if (error instanceof UnmigratedDatabaseError) console.error(`\n${error.message}\n`);
  else console.error(error);
  process.exit(1);
}
