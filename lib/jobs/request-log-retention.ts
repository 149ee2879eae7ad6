// Deletes request-log rows past their retention (lib/maintenance/request-log-retention.ts) on the
// crontab: REQUEST_LOG_RETENTION_DAYS (30), daily at 03:27 by default (REQUEST_LOG_RETENTION_SCHEDULE).
import { deleteExpiredRequestLogs } from "@/lib/maintenance/request-log-retention";
import { defineJob, noPayload } from "./job";

export const requestLogRetentionJob = defineJob({
  task: "delete_expired_request_log",
  payload: noPayload,
  schedule: (settings) => settings.requestLogRetention.schedule,
  async run(_payload, { db, settings }, helpers) {
    const deleted = await deleteExpiredRequestLogs(db, { retentionDays: settings.requestLogRetention.retentionDays });
    if (deleted > 0) helpers.logger.debug(`deleted ${deleted} request-log rows`);
  },
});
