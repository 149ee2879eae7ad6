// Installs (or upgrades) graphile-worker's own tables in a database, so that writes enqueueing
// webhook jobs never depend on a worker having started first.
import { Logger, runMigrations } from "graphile-worker";
import { logger } from "@/lib/logging/logger";

export const QUEUE_SCHEMA = "graphile_worker";

export async function migrateJobQueue(connectionString: string): Promise<void> {
  await runMigrations({ connectionString, schema: QUEUE_SCHEMA, logger: quietQueueLogger() });
}

/** graphile-worker's logger, keeping warnings and errors and dropping its routine chatter. */
export function quietQueueLogger(): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error") logger("webhook-worker").error(message);
    else if (level === "warning") logger("webhook-worker").warn(message);
  });
}
