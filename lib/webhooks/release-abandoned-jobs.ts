// Frees the queue jobs of webhook workers that died mid-send. graphile-worker would leave such a
// job locked for 4 hours; here a job counts as abandoned once it has been locked for a while and
// nobody holds its delivery's row lock, which every live sender keeps for the whole send and which
// PostgreSQL releases as soon as a dead sender's connection closes.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { deliveryIdFromJobKey, DELIVER_TASK } from "./enqueue";

export const DEFAULT_STALE_LOCK_SECONDS = 30;

/** Returns the worker ids whose jobs were unlocked, so they run again on any worker. */
export async function releaseAbandonedJobs(
  db: PrismaClient,
  staleLockSeconds = DEFAULT_STALE_LOCK_SECONDS,
): Promise<string[]> {
  return db.$transaction(async (tx) => {
    const lockedJobs = await tx.$queryRaw<{ key: string; locked_by: string }[]>`
      SELECT key, locked_by FROM graphile_worker.jobs
      WHERE task_identifier = ${DELIVER_TASK} AND locked_by IS NOT NULL AND key IS NOT NULL
        AND locked_at < now() - make_interval(secs => ${staleLockSeconds})`;
    if (lockedJobs.length === 0) return [];
    const deliveryIds = [...new Set(lockedJobs.map((job) => deliveryIdFromJobKey(job.key)))];
    // SKIP LOCKED returns exactly the deliveries no live sender is holding (and holds them until commit).
    const unheld = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM "WebhookDelivery" WHERE id = ANY(${deliveryIds}::text[]) FOR UPDATE SKIP LOCKED`;
    const unheldIds = new Set(unheld.map((row) => row.id));
    const deadWorkers = [
      ...new Set(lockedJobs.filter((job) => unheldIds.has(deliveryIdFromJobKey(job.key))).map((job) => job.locked_by)),
    ];
    // The same call WorkerUtils.forceUnlockWorkers makes, here inside the transaction that checked.
    if (deadWorkers.length > 0)
      await tx.$executeRaw`SELECT graphile_worker.force_unlock_workers(${deadWorkers}::text[])`;
    return deadWorkers;
  });
}
