// Drops the bodies of webhook attempts past their retention (lib/maintenance/attempt-retention.ts)
// on the crontab: WEBHOOK_ATTEMPT_RETENTION_DAYS (30), daily at 03:17 by default
// (WEBHOOK_ATTEMPT_RETENTION_SCHEDULE); with them, the endpoints' latency hours the console no longer reads.
import { dropExpiredAttemptBodies, dropExpiredLatencyHours } from "@/lib/maintenance/attempt-retention";
import { defineJob, noPayload } from "./job";

export const attemptRetentionJob = defineJob({
  task: "drop_expired_webhook_attempt_bodies",
  payload: noPayload,
  schedule: (settings) => settings.attemptRetention.schedule,
  async run(_payload, { db, settings }, helpers) {
    const dropped = await dropExpiredAttemptBodies(db, { retentionDays: settings.attemptRetention.retentionDays });
    if (dropped > 0) helpers.logger.debug(`dropped the bodies of ${dropped} webhook attempts`);
    const hours = await dropExpiredLatencyHours(db);
    if (hours > 0) helpers.logger.debug(`dropped ${hours} endpoint latency hours older than the console's windows`);
  },
});
