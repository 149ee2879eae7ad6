// Where the database tooling finds the schema and the migrations, independent of the working directory.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const SCHEMA_PATH = path.join(REPO_ROOT, "prisma", "schema.prisma");
export const MIGRATIONS_DIR = path.join(REPO_ROOT, "prisma", "migrations");
export const MIGRATION_LOCK_FILE = "migration_lock.toml";
