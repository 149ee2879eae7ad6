// Everything a database needs before the service writes to it: our Prisma migrations, then the
// webhook job queue's own tables (so a write enqueueing a delivery never waits on a worker).
import { migrateJobQueue } from "@/lib/webhooks/queue-schema";
import { applyMigrations } from "./migrations";

/** Returns the Prisma migrations newly applied. */
export async function migrateDatabase(databaseUrl: string): Promise<string[]> {
  const applied = await applyMigrations(databaseUrl);
  await migrateJobQueue(databaseUrl);
  return applied;
}
