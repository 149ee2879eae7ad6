// Deletes expired idempotency records (lib/maintenance/idempotency-cleanup.ts) and card details
// sessions past their link's expiry (lib/maintenance/card-details-session-cleanup.ts) on the
// crontab, every 15 minutes by default (IDEMPOTENCY_CLEANUP_SCHEDULE). One task for both: the
// task identifier is what queued jobs already carry, and both are short-lived records.
import { deleteEndedCardDetailsSessions } from "@/lib/maintenance/card-details-session-cleanup";
import { deleteExpiredIdempotencyRecords } from "@/lib/maintenance/idempotency-cleanup";
import { defineJob, noPayload } from "./job";

export const idempotencyCleanupJob = defineJob({
  task: "delete_expired_idempotency_records",
  payload: noPayload,
  schedule: (settings) => settings.idempotencyCleanupSchedule,
  async run(_payload, { db }, helpers) {
    const records = await deleteExpiredIdempotencyRecords(db);
    if (records > 0) helpers.logger.debug(`deleted ${records} expired idempotency records`);
    const sessions = await deleteEndedCardDetailsSessions(db);
    if (sessions > 0) helpers.logger.debug(`deleted ${sessions} ended card details sessions`);
  },
});
