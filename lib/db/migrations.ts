// Applies prisma/migrations to a database exactly as `prisma migrate deploy` would, and tells
// cheaply (plain pg, no engine) which migrations a database still lacks.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { MIGRATIONS_DIR } from "./paths";

export { MIGRATIONS_DIR };

export interface MigrationOptions {
  /** Defaults to the repository's prisma/migrations. */
  migrationsDir?: string;
}

/** Names of the migration folders (those holding a migration.sql), in the order Prisma applies them. */
export async function listMigrations(options: MigrationOptions = {}): Promise<string[]> {
  const dir = options.migrationsDir ?? MIGRATIONS_DIR;
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const ok = await stat(path.join(dir, entry.name, "migration.sql")).then(
      (s) => s.isFile(),
      () => false,
    );
    if (ok) names.push(entry.name);
  }
  return names.sort((a, b) => a.localeCompare(b));
}

const UNDEFINED_TABLE = "42P01";

/**
 * Migrations in prisma/migrations that are not recorded as finished (and not rolled back) in
 * the database's _prisma_migrations table. A database without that table has all of them pending.
 */
export async function pendingMigrations(databaseUrl: string, options: MigrationOptions = {}): Promise<string[]> {
  const names = await listMigrations(options);
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    const applied = await client
      .query<{ migration_name: string }>(
        "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      )
      .then(
        (r) => new Set(r.rows.map((row) => row.migration_name)),
        (error: unknown) => {
          if ((error as { code?: string }).code === UNDEFINED_TABLE) return new Set<string>();
          throw error;
        },
      );
    return names.filter((name) => !applied.has(name));
  } finally {
    await client.end();
  }
}

/**
 * Applies every pending migration through Prisma's schema engine (WASM, in-process), recording
 * them in _prisma_migrations like `prisma migrate deploy`. Returns the names newly applied.
 */
export async function applyMigrations(databaseUrl: string, options: MigrationOptions = {}): Promise<string[]> {
  // Skipping the engine when nothing is pending keeps an up-to-date start at a few milliseconds.
  if ((await pendingMigrations(databaseUrl, options)).length === 0) return [];
  // Loaded lazily so that importing this module (e.g. for pendingMigrations) stays cheap.
  const { engineError, readMigrationsList, withSchemaEngine, NO_FILTERS } = await import("@/lib/platform/schema-engine");
  const migrationsList = await readMigrationsList(options.migrationsDir);
  return withSchemaEngine(databaseUrl, async (engine) => {
    try {
      const result = await engine.applyMigrations({ migrationsList, filters: NO_FILTERS });
      return result.appliedMigrationNames;
    } catch (error) {
      throw engineError(error, "Applying migrations");
    }
  });
}
