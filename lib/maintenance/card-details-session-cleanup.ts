// Deletes card details sessions once their 10-minute link has passed, used or not, run with the
// idempotency cleanup on the worker's crontab (lib/jobs/idempotency-cleanup.ts). A link past its
// expiry answers the same "this link has expired" page whether its row exists or not, so the row
// serves nothing after that; keeping them would only grow a table of every reveal ever asked for.
import type { Db } from "@/lib/db/client";

const BATCH_SIZE = 1_000;

/** Deletes the sessions expired at `now`, in batches, and returns how many went. */
export async function deleteEndedCardDetailsSessions(
  db: Db,
  now = new Date(),
  batchSize = BATCH_SIZE,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    // No index on expiresAt: the table holds only the sessions since the last run (every 15 minutes
    // by default), so reading it whole is cheaper than keeping an index on every insert.
    const count = await db.$executeRaw`
      DELETE FROM "CardDetailsSession" WHERE id IN (
        SELECT id FROM "CardDetailsSession" WHERE "expiresAt" <= ${now} LIMIT ${batchSize})`;
    deleted += count;
    if (count < batchSize) return deleted;
  }
}
