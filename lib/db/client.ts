// The process-wide Prisma client over node-postgres; one pool per process, reused across hot reloads.
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { config } from "@/lib/config";
import { abandonIfUnwanted, currentDeadline } from "@/lib/platform/request-deadline";
import { DATABASE_CONNECT_TIMEOUT_MS } from "./database-unavailable";
import pg from "pg";

// A transaction client; the root client fits the same shape, so read helpers take either.
export type Db = Prisma.TransactionClient;

const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pool?: pg.Pool };

/** Connections the process-wide client's pool may open. */
export const DATABASE_POOL_MAX = 10;

// On globalThis like the client: Next's route bundle loads its own copy of this module, and the
// launcher's disconnectDb() must still close what the bundle's copy opened.
declare global {
  var dbClosers: Set<() => Promise<void>> | undefined;
}

function createClient(): PrismaClient {
  const url = config().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (the launcher sets it when it starts the embedded PostgreSQL).");
  // node-postgres waits for a connection forever by default: a database host that drops packets
  // (a failover in progress) would hold every request. After 5 s the request answers 503 instead.
  // The pool made here rather than by the adapter, so its counts can be read (databasePoolStats);
  // the adapter still ends it on $disconnect.
  const pool = new pg.Pool({
    connectionString: url,
    max: DATABASE_POOL_MAX,
    connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
  });
  globalForPrisma.pool = pool;
  return new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
}

export function prisma(): PrismaClient {
  globalForPrisma.prisma ??= createClient();
  return globalForPrisma.prisma;
}

/**
 * The process-wide pool's connections in use and idle, and the queries waiting for one (the
 * metrics' database pool gauges); undefined before the client is made.
 */
export function databasePoolStats(): { inUse: number; idle: number; waiting: number } | undefined {
  const pool = globalForPrisma.pool;
  if (!pool) return undefined;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

const TRANSACTION_LIMITS = { timeout: 15_000, maxWait: 10_000 };

// A decision-critical request past its deadline still records its stand-in answer: its statements get
// at least this long (docs/decisions/overload.md).
const DECISION_STATEMENT_FLOOR_MS = 1_000;

/**
 * Runs `work` in one database transaction; events and ledger entries rely on that. Inside an HTTP
 * request (lib/platform/request-deadline.ts) its statements run under the request's remaining budget
 * as statement_timeout and lock_timeout, and work whose client went away or whose deadline passed is
 * rolled back instead of committed: never half done, and never committed for nobody (docs/decisions/overload.md).
 */
export async function transaction<T>(work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const request = currentDeadline();
  if (!request) return prisma().$transaction(work, TRANSACTION_LIMITS);
  abandonIfUnwanted(request, "deadline passed");
  const budgetMs = Math.min(
    TRANSACTION_LIMITS.timeout,
    Math.max(request.decisionCritical ? DECISION_STATEMENT_FLOOR_MS : 1, Math.ceil(request.deadline - Date.now())),
  );
  return prisma().$transaction(
    async (tx) => {
      // One round trip for both; local to this transaction, so the pooled connection keeps its defaults.
      await tx.$queryRaw`SELECT set_config('statement_timeout', ${String(budgetMs)}, true), set_config('lock_timeout', ${String(budgetMs)}, true)`;
      const result = await work(tx);
      abandonIfUnwanted(request, "deadline passed");
      return result;
    },
    { timeout: budgetMs + 1_000, maxWait: Math.min(TRANSACTION_LIMITS.maxWait, budgetMs) },
  );
}

/** Runs reads that must agree with each other in one REPEATABLE READ transaction: one snapshot. */
export function readSnapshot<T>(db: PrismaClient, work: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return db.$transaction(work, { ...TRANSACTION_LIMITS, isolationLevel: "RepeatableRead" });
}

/** Registers a connection held outside the pool (the API key cache's LISTEN session) to close with it. */
export function closeWithDb(close: () => Promise<void>): void {
  globalThis.dbClosers ??= new Set();
  globalThis.dbClosers.add(close);
}

export async function disconnectDb(): Promise<void> {
  const closers = [...(globalThis.dbClosers ?? [])];
  globalThis.dbClosers?.clear();
  await Promise.allSettled(closers.map((close) => close()));
  await globalForPrisma.prisma?.$disconnect();
  globalForPrisma.prisma = undefined;
}
