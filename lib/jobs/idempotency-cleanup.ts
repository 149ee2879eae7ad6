// Deletes expired idempotency records (lib/maintenance/idempotency-cleanup.ts) on the crontab,
// every 15 minutes by default (IDEMPOTENCY_CLEANUP_SCHEDULE).
import { deleteExpiredIdempotencyRecords } from "@/lib/maintenance/idempotency-cleanup";
import { defineJob, noPayload } from "./job";

export const idempotencyCleanupJob = defineJob({
  task: "delete_expired_idempotency_records",
  payload: noPayload,
  schedule: (settings) => settings.idempotencyCleanupSchedule,
  async run(_payload, { db }, helpers) {
    const deleted = await deleteExpiredIdempotencyRecords(db);
    if (deleted > 0) helpers.logger.debug(`deleted ${deleted} expired idempotency records`);
  },
});
