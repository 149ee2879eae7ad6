// Every job the webhook worker runs, each declared once in its own file (job.ts says what a
// declaration holds). The worker's task list and crontab are built from this list alone.
import type { ParsedCronItem } from "graphile-worker";
import { attemptRetentionJob } from "./attempt-retention";
import { authorizationExpiryJob } from "./authorization-expiry";
import { idempotencyCleanupJob } from "./idempotency-cleanup";
import { cronItems, type Job, type JobSettings } from "./job";
import { liabilitySnapshotJob } from "./liability-snapshot";
import { payoutSubmitJob } from "./payout-submit";
import { ledgerFullVerificationJob } from "./ledger-full-verification";
import { ledgerVerificationJob } from "./ledger-verification";
import { requestLogRetentionJob } from "./request-log-retention";
import { sendMailJob } from "./send-mail";
import { signingSecretActivationJob } from "./signing-secret-activation";
import { webhookDeliveryJob } from "./webhook-delivery";

export const JOBS: readonly Job[] = [
  webhookDeliveryJob,
  sendMailJob,
  idempotencyCleanupJob,
  signingSecretActivationJob,
  attemptRetentionJob,
  requestLogRetentionJob,
  authorizationExpiryJob,
  payoutSubmitJob,
  liabilitySnapshotJob,
  ledgerVerificationJob,
  ledgerFullVerificationJob,
];

/** graphile-worker's crontab: the scheduled jobs, each on its pattern from `settings`. */
export function jobsCronItems(settings: JobSettings, jobs: readonly Job[] = JOBS): ParsedCronItem[] {
  return jobs.flatMap((job) => (job.schedule ? cronItems(job, job.schedule(settings)) : []));
}

export {
  attemptRetentionJob,
  authorizationExpiryJob,
  idempotencyCleanupJob,
  ledgerFullVerificationJob,
  ledgerVerificationJob,
  liabilitySnapshotJob,
  payoutSubmitJob,
  requestLogRetentionJob,
  sendMailJob,
  signingSecretActivationJob,
  webhookDeliveryJob,
};
export { cronItems, defineJob, noPayload, type Job, type JobContext, type JobSettings } from "./job";
