// Loads Prisma's WebAssembly schema engine in-process (no --experimental-wasm-modules needed) and
// reads prisma/migrations the way the Prisma CLI does, for the migrate and diff tooling only.
//
// Platform code. The standard tools are `prisma migrate deploy` and `prisma migrate diff`, which
// need Prisma's native schema-engine binary; the CLI downloads it on first use from Prisma's
// servers, which this machine cannot reach (only the npm registry is). Prisma's own WebAssembly
// build of the same engine (@prisma/schema-engine-wasm, pinned to the Prisma release) runs offline
// over @prisma/adapter-pg and records in _prisma_migrations exactly as the CLI does; this file
// loads it, and works around two defects of adapter-pg 7.10 (through its internal query hook) and
// its shadow-database connection. Delete it when the schema-engine binary can be installed (from an
// npm package or a reachable download): `db:migrate` and `db:diff` then become `prisma migrate
// deploy` and `prisma migrate diff`. The adapter workarounds can go on their own once adapter-pg
// sends a script whole and accepts "char" columns.
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  ColumnTypeEnum,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaContainer, SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm";
import { MIGRATION_LOCK_FILE, MIGRATIONS_DIR, SCHEMA_PATH } from "@/lib/db/paths";
import { adminQuery, quoteIdent, withDatabase } from "@/lib/db/sql";

export const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

type EngineModule = typeof import("@prisma/schema-engine-wasm");

let engineModule: Promise<EngineModule> | undefined;

// The WASM build reports Rust panics through this global before trapping; without it the panic
// itself becomes an unreadable TypeError.
let lastPanic: string | undefined;
function installPanicRegistry(): void {
  const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: { set_message(message: string): void } };
  g.PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message(message: string) {
      lastPanic = message;
    },
  };
}

// The package's entry point imports the .wasm file as an ES module, which Node 20 only allows
// behind --experimental-wasm-modules. Instantiating the same bytes against the same glue module
// by hand is exactly what that loader would do, and works in any process (vitest, tsx, node).
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    installPanicRegistry();
    const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const entry = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm");
    const bytes = await readFile(path.join(path.dirname(entry), "schema_engine_bg.wasm"));
    const imports: WebAssembly.Imports = { "./schema_engine_bg.js": unrefTimers(glue) };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    glue.__wbg_set_wasm(instance.exports);
    const start = instance.exports.__wbindgen_start;
    if (typeof start === "function") start();
    return glue as unknown as EngineModule;
  })();
  return engineModule;
}

// The engine arms a timer (the 10 s migration-lock timeout) that it never clears, which would
// keep a finished process alive for ten more seconds. Its timers must not hold the process open.
function unrefTimers(glue: object): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...(glue as WebAssembly.ModuleImports) };
  for (const [name, value] of Object.entries(imports)) {
    if (!name.startsWith("__wbg_setTimeout_") || typeof value !== "function") continue;
    const setTimer = value as (...args: unknown[]) => unknown;
    imports[name] = (...args: unknown[]) => {
      const timer = setTimer(...args);
      if (typeof timer === "object" && timer !== null && "unref" in timer && typeof timer.unref === "function")
        timer.unref();
      return timer;
    };
  }
  return imports;
}

export async function readSchemaFiles(schemaPath: string = SCHEMA_PATH): Promise<SchemaContainer[]> {
  return [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }];
}

// Same shape and ordering as the Prisma CLI's own reader, so checksums and names match
// what `prisma migrate deploy` would record.
export async function readMigrationsList(migrationsDir: string = MIGRATIONS_DIR): Promise<MigrationList> {
  const lockContent = await readFile(path.join(migrationsDir, MIGRATION_LOCK_FILE), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const dirs = entries.filter((e) => e.isDirectory()).map((e) => e.name);
  dirs.sort((a, b) => a.localeCompare(b));
  const migrationDirectories = await Promise.all(
    dirs.map(async (name) => {
      const content = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8")
        .then((value) => ({ tag: "ok" as const, value }))
        .catch((error: Error) => ({ tag: "error" as const, value: error.message }));
      return { path: name, migrationFile: { path: "migration.sql", content } };
    }),
  );
  return {
    baseDir: migrationsDir,
    lockfile: { path: MIGRATION_LOCK_FILE, content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

interface EngineLog {
  level?: string;
  fields?: { message?: string };
}

function onEngineLog(line: string): void {
  // The engine reports progress at INFO; only problems are worth a line on stderr.
  try {
    const log = JSON.parse(line) as EngineLog;
    if (log.level === "WARN" || log.level === "ERROR") {
      process.stderr.write(`schema-engine ${log.level}: ${log.fields?.message ?? line}\n`);
    }
  } catch {
    process.stderr.write(`schema-engine: ${line}\n`);
  }
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_COLUMNS = Symbol("charColumns");

interface PgResultLike {
  fields?: { dataTypeID: number }[];
  rows?: unknown[];
}

type TaggedRows = unknown[] & { [CHAR_COLUMNS]?: number[] };

// Two defects of @prisma/adapter-pg 7.10 in the engine's hands, worked around through the
// adapter's internal query hook (performIO; hence the defensive checks):
// - executeScript splits a migration on every ";", so a function body, or a comment or string
//   holding a semicolon, breaks apart. The native engine sends the script as one simple-protocol
//   query (one implicit transaction); so does this, since pg uses that protocol without params.
// - The engine's introspection reads catalog columns of Postgres's one-byte "char" type (e.g.
//   pg_constraint.contype) and expects them typed as Character, which the adapter rejects
//   outright, so any diff against a non-empty database fails. The result is relabelled as text
//   for the adapter and the columns re-typed as Character on the way out; the rows array
//   carries the column list between the two hooks, so concurrent queries cannot mix them up.
function patchQueryable<T extends object>(queryable: T): T {
  const target = queryable as T & {
    performIO?: (...args: unknown[]) => Promise<PgResultLike | undefined>;
    queryRaw?: (...args: unknown[]) => Promise<{ columnTypes: number[]; rows: unknown }>;
    executeScript?: (script: string) => Promise<void>;
  };
  const performIO = target.performIO;
  const queryRaw = target.queryRaw;
  if (typeof performIO !== "function" || typeof queryRaw !== "function") return queryable;
  target.performIO = async (...args: unknown[]) => {
    const result = await performIO.apply(queryable, args);
    const charColumns: number[] = [];
    result?.fields?.forEach((field, i) => {
      if (field.dataTypeID === PG_CHAR_OID) {
        field.dataTypeID = PG_TEXT_OID;
        charColumns.push(i);
      }
    });
    if (charColumns.length > 0 && Array.isArray(result?.rows)) {
      Object.defineProperty(result.rows, CHAR_COLUMNS, { value: charColumns });
    }
    return result;
  };
  target.queryRaw = async (...args: unknown[]) => {
    const result = await queryRaw.apply(queryable, args);
    for (const i of (result.rows as TaggedRows)[CHAR_COLUMNS] ?? []) result.columnTypes[i] = ColumnTypeEnum.Character;
    return result;
  };
  if (typeof target.executeScript === "function") {
    target.executeScript = async (script: string) => {
      // Errors still pass through the adapter's own mapping inside performIO.
      await performIO.call(queryable, { sql: script, args: [], argTypes: [] });
    };
  }
  return queryable;
}

// @prisma/adapter-pg's own connectToShadowDb reuses the connection string and only overrides
// `database`, which pg then ignores in favour of the string's database: the "shadow" would be
// the real database. So the shadow database is created, connected to and dropped here.
// Every adapter handed to the engine is tracked so `closeAll` can release whatever it kept.
function migrationAwareFactory(
  databaseUrl: string,
): SqlMigrationAwareDriverAdapterFactory & { closeAll(): Promise<void> } {
  const main = new PrismaPg({ connectionString: databaseUrl, max: 2 });
  const open = new Set<() => Promise<void>>();
  const track = (adapter: SqlDriverAdapter, afterDispose?: () => Promise<void>): SqlDriverAdapter => {
    patchQueryable(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (...args) => patchQueryable(await startTransaction(...args));
    const dispose = adapter.dispose.bind(adapter);
    let done: Promise<void> | undefined;
    // pg throws if a pool is ended twice, and both the engine and closeAll may dispose.
    const once = (): Promise<void> => {
      done ??= (async () => {
        open.delete(once);
        try {
          await dispose();
        } finally {
          await afterDispose?.();
        }
      })();
      return done;
    };
    adapter.dispose = once;
    open.add(once);
    return adapter;
  };
  return {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => track(await main.connect()),
    connectToShadowDb: async () => {
      const name = `prisma_shadow_${Date.now()}_${randomBytes(4).toString("hex")}`;
      await adminQuery(databaseUrl, `CREATE DATABASE ${quoteIdent(name)}`);
      const drop = () => adminQuery(databaseUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
      try {
        const shadow = new PrismaPg({ connectionString: withDatabase(databaseUrl, name), max: 2 });
        return track(await shadow.connect(), drop);
      } catch (error) {
        await drop().catch(() => undefined);
        throw error;
      }
    },
    closeAll: async () => {
      await Promise.allSettled([...open].map((close) => close()));
    },
  };
}

// Runs `fn` with an engine connected to `databaseUrl` and always frees the engine, its pools
// and any shadow database afterwards: an open pool keeps the process alive for its idle timeout.
export async function withSchemaEngine<T>(
  databaseUrl: string,
  fn: (engine: SchemaEngine) => Promise<T>,
  options: { schemaPath?: string } = {},
): Promise<T> {
  const mod = await loadEngineModule();
  const files = await readSchemaFiles(options.schemaPath);
  const factory = migrationAwareFactory(databaseUrl);
  let engine: SchemaEngine | undefined;
  try {
    engine = await mod.SchemaEngine.new(
      { datamodels: files.map((f): [string, string] => [f.path, f.content]) },
      onEngineLog,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await fn(engine);
  } finally {
    engine?.free();
    await factory.closeAll();
  }
}

// Engine errors arrive as plain objects or strings; this turns them into readable Errors.
export function engineError(error: unknown, action: string): Error {
  if (lastPanic !== undefined) {
    const panic = lastPanic;
    lastPanic = undefined;
    return new Error(`${action} failed: the schema engine panicked: ${panic}`, { cause: error });
  }
  if (error instanceof Error) return new Error(`${action} failed: ${error.message}`, { cause: error });
  if (typeof error === "object" && error !== null) {
    const obj = error as { message?: unknown; error?: unknown };
    const message =
      typeof obj.message === "string" ? obj.message : typeof obj.error === "string" ? obj.error : JSON.stringify(error);
    return new Error(`${action} failed: ${message}`);
  }
  return new Error(`${action} failed: ${String(error)}`);
}
