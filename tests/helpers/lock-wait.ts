// Waits until a statement is stuck on a lock a test holds, so the test can act at that very moment
// (commit between two reads, write beside a held row lock) instead of sleeping and hoping.
import { prisma } from "@/lib/db/client";
import { waitUntil } from "./wait-until";

/** Until a session running a statement like `queryLike` (SQL LIKE) waits on a lock; held by `blockerPid` when given. */
export async function waitUntilBlocked(queryLike: string, blockerPid?: number): Promise<void> {
  const blocker = blockerPid ?? null;
  await waitUntil(async () => {
    const rows = await prisma().$queryRaw<unknown[]>`
      SELECT 1 FROM pg_stat_activity
      WHERE wait_event_type = 'Lock' AND query LIKE ${queryLike} AND pid <> pg_backend_pid()
        AND (${blocker}::int IS NULL OR ${blocker}::int = ANY(pg_blocking_pids(pid)))`;
    return rows.length > 0;
  });
}
