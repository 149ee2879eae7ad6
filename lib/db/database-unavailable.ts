// Whether an error means "the database cannot be reached right now" (stopped, restarting, failing
// over, out of connections) rather than "this query is wrong". The first is worth retrying shortly
// and is answered 503 `unavailable` with Retry-After; the second is a bug. Errors arrive in three
// shapes: Prisma's (P-codes, with the driver adapter's error in `meta`), node-postgres's (SQLSTATE
// in `code`, or a socket errno), and node-postgres's own messages for a connection it lost. A fourth,
// the adapter's DriverAdapterError thrown bare, is only answered as unavailable (see below).

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** How long a process waits to open a connection to PostgreSQL before it counts the database as unreachable. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;

/** Prisma: can't reach, timed out, server closed the connection, no pooled connection in time, no transaction in time. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024", "P2028"]);

/** @prisma/adapter-pg's error kinds for a connection that could not be made or was lost. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** SQLSTATEs: admin/crash shutdown, cannot connect now (starting or stopping), too many connections. */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

const SOCKET_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);

const DRIVER_MESSAGES = [
  /^Connection terminated/, // node-postgres: the server went away mid-query, or the connect timed out
  /^timeout exceeded when trying to connect/, // pg.Pool's connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

type ErrorLike = { code?: unknown; message?: unknown; meta?: unknown; cause?: unknown; errors?: unknown };

function sqlstateUnavailable(code: unknown): boolean {
  return typeof code === "string" && (SQLSTATES.has(code) || code.startsWith("08") || SOCKET_ERRNOS.has(code));
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, message, meta, cause, errors } = error as ErrorLike;
  if (typeof code === "string" && PRISMA_CODES.has(code)) return true;
  if (sqlstateUnavailable(code)) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  const adapterCause = (meta as { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } } | undefined)
    ?.driverAdapterError?.cause;
  if (adapterCause) {
    if (typeof adapterCause.kind === "string" && ADAPTER_KINDS.has(adapterCause.kind)) return true;
    if (sqlstateUnavailable(adapterCause.code)) return true;
  }
  // An AggregateError (pg's connect to several addresses) or a wrapped cause.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/**
 * The driver adapter's own error, thrown bare rather than inside a Prisma error, for a connection
 * that closed or could not be made: a statement of an interactive transaction whose connection
 * closed at an immediate database stop arrives so. A request answers it 503 like the rest (until
 * 2026-11-27 it was a rare 500 in the restart test). It is kept out of isDatabaseUnavailable, which
 * also decides what the webhook worker retries in place: there, failing the job on it (graphile's
 * own retry, which finds a recorded attempt and sends nothing) is what keeps each delivery sent
 * once while the worker's sessions are cut (tests/integration/webhook-worker-liveness.test.ts);
 * retrying it in place sent three deliveries twice in that test.
 */
export function isBareAdapterConnectionError(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== "DriverAdapterError") return false;
  const kind = (error.cause as { kind?: unknown } | undefined)?.kind;
  return typeof kind === "string" && ADAPTER_KINDS.has(kind);
}

/** SQLSTATEs of a statement stopped by its statement_timeout (57014) or lock_timeout (55P03). */
const CANCELED_SQLSTATES = new Set(["57014", "55P03"]);

/**
 * Whether a statement was stopped by the request's deadline (lib/db/client.ts transaction() sets
 * both timeouts from it): answered 503 `overloaded`, the work rolled back, rather than a 500.
 */
export function isStatementCanceled(error: unknown, depth = 0): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, meta, cause } = error as ErrorLike;
  if (typeof code === "string" && CANCELED_SQLSTATES.has(code)) return true;
  const adapterCause = (
    meta as { driverAdapterError?: { cause?: { code?: unknown; originalCode?: unknown } } } | undefined
  )?.driverAdapterError?.cause;
  for (const inner of [adapterCause?.code, adapterCause?.originalCode])
    if (typeof inner === "string" && CANCELED_SQLSTATES.has(inner)) return true;
  return isStatementCanceled(cause, depth + 1);
}
