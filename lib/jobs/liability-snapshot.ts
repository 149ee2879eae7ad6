// Takes and publishes a proof-of-liabilities snapshot (lib/liabilities/take-liability-snapshot.ts)
// on the crontab: hourly at :07 by default (LIABILITY_SNAPSHOT_SCHEDULE), deleting the leaves of
// snapshots older than LIABILITY_PROOF_RETENTION_DAYS (90). A run that dies publishes nothing and
// the next one publishes a complete snapshot; a run while another holds the lock does nothing.
import { takeLiabilitySnapshot } from "@/lib/liabilities/take-liability-snapshot";
import { defineJob, noPayload } from "./job";

export const liabilitySnapshotJob = defineJob({
  task: "take_liability_snapshot",
  payload: noPayload,
  schedule: (settings) => settings.liabilitySnapshot.schedule,
  async run(_payload, { settings }, helpers) {
    const outcome = await takeLiabilitySnapshot({ proofRetentionDays: settings.liabilitySnapshot.retentionDays });
    if (outcome.taken) helpers.logger.info(`liability snapshot ${outcome.sequence} (${outcome.id}) over ${outcome.wallets} wallets`);
    else helpers.logger.info(`no liability snapshot: ${outcome.reason}`);
  },
});
