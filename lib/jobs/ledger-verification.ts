// Checks the ledger incrementally and folds the running totals (lib/ledger/verify-ledger.ts) every
// minute: the treasury figures read the totals and this job's last result instead of scanning the
// ledger (docs/decisions/running-totals.md). Every minute by design, not a setting: the totals'
// pending deltas, which every read sums, grow with the time between runs. A run that dies folds
// nothing it did not check; the next run takes the same deltas again.
import { runLedgerVerification } from "@/lib/ledger/verify-ledger";
import { defineJob, noPayload } from "./job";
import { countLedgerFindings } from "@/lib/metrics/metrics";

export const LEDGER_VERIFICATION_SCHEDULE = "* * * * *";

export const ledgerVerificationJob = defineJob({
  task: "verify_ledger",
  payload: noPayload,
  schedule: () => LEDGER_VERIFICATION_SCHEDULE,
  async run(_payload, { db }, helpers) {
    const outcome = await runLedgerVerification(db);
    countLedgerFindings("incremental", outcome.findings);
    if (!outcome.balanced) helpers.logger.error(`ledger verification failed over ${outcome.deltas} deltas`);
    else if (outcome.deltas > 0)
      helpers.logger.info(
        `ledger verified: ${outcome.deltas} deltas folded${outcome.vacuumed ? ", table vacuumed" : ""}`,
      );
  },
});
