// `npm run db:migrate`: applies pending prisma/migrations to DATABASE_URL, or to the embedded
// PostgreSQL under .data/postgres when DATABASE_URL is not set.
import { embeddedDataDir, startEmbeddedPostgres } from "@/lib/platform/embedded-postgres";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { parseConfig } from "@/lib/config";
import { loadEnvFiles } from "@/lib/db/load-env-files";

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

async function main(): Promise<void> {
  loadEnvFiles();
  const started = performance.now();
  // Read afresh after loadEnvFiles() rather than through config()'s copy, which may predate the .env files.
  const configured = parseConfig(process.env).DATABASE_URL;
  const embedded = configured ? undefined : await startEmbeddedPostgres({ dataDir: embeddedDataDir() });
  const url = configured || embedded?.url;
  if (!url) throw new Error("no database URL");
  try {
    const applied = await migrateDatabase(url);
    const where = embedded ? `embedded PostgreSQL (${embeddedDataDir()})` : redact(url);
    const ms = Math.round(performance.now() - started);
    if (applied.length === 0) console.log(`No pending migrations on ${where} (${ms} ms).`);
    else
      console.log(
        `Applied ${applied.length} migration(s) to ${where} in ${ms} ms:\n${applied.map((n) => `  ${n}`).join("\n")}`,
      );
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
