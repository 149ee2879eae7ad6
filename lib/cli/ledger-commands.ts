// `cli ledger verify`: the full ledger verification now (the worker runs it daily on
// LEDGER_FULL_VERIFICATION_SCHEDULE), for after an incident or a hand-written SQL fix. Its result
// replaces the recorded one, so a pass clears a failure the treasury page shows.
import type { Command } from "commander";
import { prisma } from "@/lib/db/client";
import { verifyLedgerFully, type FullVerification, type VerificationFindings } from "@/lib/ledger/verify-ledger";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { jsonOption } from "./options";

export type LedgerVerifyOptions = { json?: boolean };

const FINDING_LABELS: Record<keyof VerificationFindings, string> = {
  mismatchedDeltas: "running-total deltas that differ from their entries",
  unbalancedTransfers: "transfers that do not balance, or entries in another currency than their account",
  mismatchedAccounts: "accounts whose cached balances differ from their entries and holds, or are negative",
  mismatchedTotals: "running totals that differ from a full recomputation",
};

/** One line per mode, then one per kind of finding with the first ids found. */
export function describeVerification(outcome: FullVerification): string[] {
  const lines: string[] = [];
  for (const mode of ["live", "test"] as const) {
    lines.push(`${mode}: ${outcome[mode] ? "balanced" : "NOT balanced"}`);
    for (const [kind, label] of Object.entries(FINDING_LABELS) as [keyof VerificationFindings, string][]) {
      const found = outcome.findings[mode][kind];
      if (found.length > 0) lines.push(`  ${found.length} ${label}: ${found.slice(0, 10).join(", ")}`);
    }
  }
  return lines;
}

export const ledgerVerifyCommand: CliCommand<LedgerVerifyOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("verify the whole ledger now (exits 1 when it does not balance)")
        .description(
          "Folds the pending running-total deltas, then in one consistent read compares every running total " +
            "with a recomputation from the ledger's rows and checks the whole ledger: every transfer balanced per " +
            "currency, every wallet's cached balances equal to its entries and open holds, nothing negative. The " +
            "worker does the same on LEDGER_FULL_VERIFICATION_SCHEDULE. It reads every entry, so it takes a while " +
            "on a large ledger. Its result replaces the recorded one that /treasury publishes.",
        )
        .addOption(jsonOption("print the outcome as one JSON line")),
      ["ledger verify", "ledger verify --json"],
    ),

  async run(options) {
    const outcome = await verifyLedgerFully(prisma());
    if (options.json) console.log(JSON.stringify(outcome));
    else for (const line of describeVerification(outcome)) console.log(line);
    // runCli prints the message and exits 1.
    if (!outcome.live || !outcome.test) throw new Error("The ledger does not balance: see the findings above.");
  },
};
