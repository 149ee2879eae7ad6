// The full ledger verification (lib/ledger/verify-ledger.ts) on the crontab, daily at 03:37 by
// default (LEDGER_FULL_VERIFICATION_SCHEDULE): every running total against a recomputation from the
// rows, hour buckets against their minutes and the whole-ledger invariant, which also counts the
// wallets and active cards and revisits entries changed after their delta was folded, none of which
// the minute's incremental run does. It scans the whole ledger in one snapshot, on the worker, never
// on a request path. Its result replaces the recorded one: a failure is published as
// `ledger_balanced: false` until a later full run passes. Safe to run twice.
import { verifyLedgerFully } from "@/lib/ledger/verify-ledger";
import { defineJob, noPayload } from "./job";
import { countLedgerFindings } from "@/lib/metrics/metrics";

export const ledgerFullVerificationJob = defineJob({
  task: "verify_ledger_fully",
  payload: noPayload,
  schedule: (settings) => settings.ledgerFullVerificationSchedule,
  async run(_payload, { db }, helpers) {
    const outcome = await verifyLedgerFully(db);
    countLedgerFindings("full", outcome.findings);
    if (outcome.live && outcome.test) helpers.logger.info("full ledger verification passed");
    else helpers.logger.error(`full ledger verification failed: ${JSON.stringify(outcome.findings)}`);
  },
});
