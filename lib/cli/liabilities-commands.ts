// `cli liabilities snapshot|verify`: take and publish a proof-of-liabilities snapshot now (as the
// worker's hourly job does), and check a wallet's inclusion proof offline against a published
// snapshot saved as JSON, with the same verifier as the /treasury/verify page and the client.
import { readFile } from "node:fs/promises";
import { Argument, Option, type Command } from "commander";
import { config } from "@/lib/config";
import { takeLiabilitySnapshot } from "@/lib/liabilities/take-liability-snapshot";
import { verifyLiabilityProof, verifySnapshotChain } from "@/lib/liabilities/verify-liability-proof";
import { formatMinorUnits } from "@/lib/money/format";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { jsonOption } from "./options";

export type LiabilitiesSnapshotOptions = { json?: boolean };

export const liabilitiesSnapshotCommand: CliCommand<LiabilitiesSnapshotOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("take and publish a proof-of-liabilities snapshot now")
        .description(
          "Builds a Merkle-sum tree per currency over every live wallet's balance, in one consistent read of the " +
            "ledger, and publishes it at /api/public/treasury/liabilities chained to the previous snapshot. The " +
            "webhook worker does the same on LIABILITY_SNAPSHOT_SCHEDULE. Publishes nothing if interrupted.",
        )
        .addOption(jsonOption("print the outcome as one JSON line")),
      ["liabilities snapshot", "liabilities snapshot --json"],
    ),

  async run(options) {
    const outcome = await takeLiabilitySnapshot({ proofRetentionDays: config().LIABILITY_PROOF_RETENTION_DAYS });
    if (options.json) console.log(JSON.stringify(outcome));
    // runCli prints the message and exits 1.
    if (!outcome.taken) throw new Error(`No snapshot taken: ${outcome.reason}.`);
    if (!options.json) {
      console.log(
        `Published liability snapshot ${outcome.sequence} (${outcome.id}) over ${outcome.wallets} live wallets; hash ${outcome.hash}.`,
      );
    }
  },
};

export type LiabilitiesVerifyOptions = { snapshot: string; chain?: string; json?: boolean };

/** The file's JSON, or a sentence saying why it is not JSON. */
async function readJson(file: string): Promise<{ value: unknown } | { error: string }> {
  try {
    return { value: JSON.parse(await readFile(file, "utf8")) };
  } catch (error) {
    return { error: `${file} cannot be read as JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

export const liabilitiesVerifyCommand: CliCommand<LiabilitiesVerifyOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("check an inclusion proof offline (exits 1 when not valid)")
        .description(
          "Recomputes the root from a wallet's inclusion proof (GET …/wallets/{externalUserId}/liability-proof, saved " +
            "as JSON) and compares it with the published snapshot (GET /api/public/treasury/liabilities/{id}, saved " +
            "as JSON), whose own hash must recompute too. With --chain, also checks a saved page of the snapshot " +
            "list as a hash chain. Needs no network and no database. It proves the wallet's balance is counted in " +
            "the published total; not that reserves exist outside our ledger.",
        )
        .addArgument(new Argument("<proof>", "the proof, a JSON file"))
        .addOption(new Option("--snapshot <file>", "the published snapshot, a JSON file").makeOptionMandatory())
        .addOption(new Option("--chain <file>", "a saved page of GET /api/public/treasury/liabilities"))
        .addOption(jsonOption("print the verdict as one JSON line")),
      [
        "liabilities verify proof.json --snapshot snapshot.json",
        "liabilities verify proof.json --snapshot snapshot.json --chain liabilities.json --json",
      ],
    ),

  async run(options, [proofFile = ""]) {
    const proof = await readJson(proofFile);
    const snapshot = await readJson(options.snapshot);
    let verdict =
      "error" in proof
        ? { valid: false as const, reason: proof.error }
        : "error" in snapshot
          ? { valid: false as const, reason: snapshot.error }
          : await verifyLiabilityProof(proof.value, snapshot.value);
    if (verdict.valid && options.chain !== undefined) {
      const chain = await readJson(options.chain);
      const data =
        "value" in chain && typeof chain.value === "object" && chain.value !== null && "data" in chain.value
          ? chain.value.data
          : undefined;
      const chained =
        "error" in chain ? { valid: false as const, reason: chain.error } : await verifySnapshotChain(data);
      if (!chained.valid) verdict = { valid: false, reason: `the chain is not valid: ${chained.reason}` };
    }
    if (options.json) console.log(JSON.stringify(verdict));
    // runCli prints the message and exits 1.
    if (!verdict.valid) throw new Error(`Not valid: ${verdict.reason}.`);
    if (!options.json) {
      console.log(
        `Valid: wallet ${verdict.wallet} with ${formatMinorUnits(verdict.balance_minor, verdict.currency)} is counted in ` +
          `snapshot ${verdict.snapshot} (${verdict.as_of}), root ${verdict.root_hash}, ` +
          `total ${formatMinorUnits(verdict.total_minor, verdict.currency)}.`,
      );
    }
  },
};
