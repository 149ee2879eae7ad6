// `cli wallets fund`: credits a wallet from the platform's reserve, in test mode unless --mode live.
import { Option, type Command } from "commander";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import type { CliCommand } from "./cli-command";
import { fundWalletAsOperator } from "./fund-wallet";
import { withExamples } from "./help-layout";
import { amountValue, appOption, checkAmount, jsonOption, modeOption, requireApplication } from "./options";

export type FundWalletOptions = {
  app: string;
  user: string;
  amount: string;
  mode: KeyMode;
  description?: string;
  json?: boolean;
};

export const fundWalletCommand: CliCommand<FundWalletOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("credit a wallet (test unless --mode live)")
        .description(
          "Credits a wallet from the platform's reserve, recorded like the test-mode funding API. Live wallets " +
            "can only be funded this way.",
        )
        .addOption(appOption())
        .addOption(
          new Option(
            "--user <externalUserId>",
            "the wallet's externalUserId, as your application named it",
          ).makeOptionMandatory(),
        )
        .addOption(
          new Option("--amount <amount>", "in the wallet currency's major unit, e.g. 12.34")
            .argParser(checkAmount)
            .makeOptionMandatory(),
        )
        .addOption(modeOption("the test or the live wallet"))
        .addOption(new Option("--description <text>", "shown on the wallet's transaction"))
        .addOption(jsonOption("print the transaction as one JSON line")),
      [
        "wallets fund --app app_… --user user_42 --amount 12.34",
        "wallets fund --app app_… --user user_42 --amount 500 --mode live --description 'Bank transfer 0042'",
      ],
    ),

  async run(options) {
    await requireApplication(options.app);
    const record = await fundWalletAsOperator({
      applicationId: options.app,
      mode: options.mode,
      externalUserId: options.user,
      amount: amountValue(options.amount),
      description: options.description,
    });
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(
      `Funded ${record.externalUserId} (${record.walletId}, ${options.mode}) with ${record.amount} ${record.currency}; ` +
        `posted balance now ${record.balanceAfter}. Transfer ${record.id}.`,
    );
  },
};
