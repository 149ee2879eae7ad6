// When an uncaptured hold lapses, and the queued job that lapses it: one graphile-worker job per
// approved authorization, added in the approval's transaction and due at its expiresAt, so no
// sweep ever reads the open holds (docs/decisions/holds-that-end.md). The handler is
// lib/jobs/authorization-expiry.ts, its work expire-hold.ts.
import type { Db } from "@/lib/db/client";

/** graphile-worker's task identifier: queued jobs carry it, so never rename it. */
export const HOLD_EXPIRY_TASK = "authorization_expire";

const DAY_MS = 86_400_000;

/** When a hold approved at `approvedAt` lapses, `holdDays` (AUTHORIZATION_HOLD_DAYS) later. */
export function holdExpiresAt(approvedAt: Date, holdDays: number): Date {
  return new Date(approvedAt.getTime() + holdDays * DAY_MS);
}

/** One key per authorization: a repeat replaces the job rather than adding a second. */
export function holdExpiryJobKey(authorizationId: string): string {
  return `${HOLD_EXPIRY_TASK}:${authorizationId}`;
}

/** Queues the expiry of a just-approved hold, in the approval's transaction. */
export async function scheduleHoldExpiry(tx: Db, authorizationId: string, expiresAt: Date): Promise<void> {
  // Many attempts: a run that fails (database away) must still expire the hold in the end.
  await tx.$queryRaw`SELECT 1 FROM graphile_worker.add_job(
      identifier => ${HOLD_EXPIRY_TASK},
      payload => ${JSON.stringify({ authorizationId })}::json,
      run_at => ${expiresAt},
      max_attempts => 25,
      job_key => ${holdExpiryJobKey(authorizationId)})`;
}

/** Drops a hold's expiry job once the hold has ended otherwise (captured, reversed, expired by hand). */
export async function removeHoldExpiry(tx: Db, authorizationId: string): Promise<void> {
  // A job a worker is running right now is only unkeyed and left to finish; it then finds the hold
  // ended and does nothing.
  await tx.$queryRaw`SELECT 1 FROM graphile_worker.remove_job(${holdExpiryJobKey(authorizationId)})`;
}
