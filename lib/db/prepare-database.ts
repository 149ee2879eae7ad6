// Decides which database a process uses before anything connects: DATABASE_URL when set, else the
// embedded PostgreSQL under .data/ (started, or shared when another process already runs it, and
// migrated automatically). An external database with pending migrations is refused, not changed.
import { parseConfig, useDatabaseUrl } from "@/lib/config";
import { embeddedDataDir, startEmbeddedPostgres } from "@/lib/platform/embedded-postgres";
import { migrateDatabase } from "./migrate-database";
import { pendingMigrations } from "./migrations";
import { logger } from "@/lib/logging/logger";

export type PreparedDatabase = { url: string; embedded: boolean; stop(): Promise<void> };

export class UnmigratedDatabaseError extends Error {
  constructor(readonly pending: string[]) {
    super(
      `The database has ${pending.length} pending migration(s): ${pending.join(", ")}.\n` +
        "Refusing to serve on an unmigrated database. Run `npm run db:migrate` (it applies prisma/migrations to DATABASE_URL), then start again.",
    );
    this.name = "UnmigratedDatabaseError";
  }
}

export async function prepareDatabase(): Promise<PreparedDatabase> {
  // Read afresh rather than through config()'s copy: this is where the process's DATABASE_URL is
  // decided, and a test points it elsewhere between calls.
  const configured = parseConfig(process.env).DATABASE_URL;
  if (configured) {
    const pending = await pendingMigrations(configured);
    if (pending.length > 0) throw new UnmigratedDatabaseError(pending);
    return { url: configured, embedded: false, stop: async () => undefined };
  }
  const server = await startEmbeddedPostgres({ dataDir: embeddedDataDir() });
  const applied = await migrateDatabase(server.url);
  // On stderr: a CLI command's --json output stays the only thing on stdout.
  if (applied.length > 0) logger("db").info({ applied: applied.length }, "embedded PostgreSQL: migrations applied");
  useDatabaseUrl(server.url);
  return { url: server.url, embedded: true, stop: () => server.stop() };
}
