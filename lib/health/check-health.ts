// Whether this process can serve: its database answers a trivial query. What GET /api/public/health
// reports to load balancers, orchestrators and the console's error page.
import { prisma, type Db } from "@/lib/db/client";
import { DATABASE_RETRY_AFTER_SECONDS } from "@/lib/db/database-unavailable";
import { DomainError } from "@/lib/errors";
import type { Health } from "@/lib/schemas/health";

/**
 * Longest the check waits for the database. node-postgres has no connect timeout of its own, so an
 * unreachable host (packets dropped, not refused) would hang the check for minutes; 3 s stays under
 * the 5 s a load balancer's health check waits by default, so it reads our 503, not its timeout.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 3_000;

/** Resolves when the database answers `SELECT 1`; throws what the query threw, or `unavailable` after the timeout. */
export async function checkHealth(db: Db = prisma(), timeoutMs = HEALTH_CHECK_TIMEOUT_MS): Promise<Health> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new DomainError("unavailable", "The database did not answer in time. Retry shortly.", {
            retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
          }),
        ),
      timeoutMs,
    );
  });
  try {
    // A query error (the database stopped, restarting, refusing connections) propagates as it is:
    // lib/http answers those 503 `unavailable` like on every route.
    await Promise.race([db.$queryRaw`SELECT 1`, timedOut]);
  } finally {
    clearTimeout(timer);
  }
  return { status: "ok", database: "ok" };
}
