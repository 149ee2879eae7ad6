// `cli wallets freeze|unfreeze|close`: the wallet status changes of POST /wallets/{externalUserId}/
// freeze, unfreeze and close, through the same domain function, each with its event
// (docs/decisions/wallet-status.md).
import { Option, type Command } from "commander";
import { prisma, transaction } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import {
  prepareWalletStatus,
  setWalletStatus,
  type PreparedWalletStatus,
  type WalletStatus,
} from "@/lib/wallets/set-wallet-status";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, modeOption, requireApplication } from "./options";

export type WalletStatusOptions = { app: string; user: string; mode: KeyMode; json?: boolean };

const ACTIONS = {
  freeze: {
    status: "frozen",
    summary: "freeze a wallet (wallet.frozen)",
    description:
      "Freezes the wallet: its cards decline and it cannot send transfers or pay out until unfrozen; it can still receive.",
  },
  unfreeze: {
    status: "active",
    summary: "unfreeze a wallet (wallet.unfrozen)",
    description: "Lets a frozen wallet spend, send and pay out again.",
  },
  close: {
    status: "closed",
    summary: "close an empty wallet for good (wallet.closed)",
    description:
      "Closes the wallet for good, canceling its active and frozen cards (each with card.canceled). Refused while it " +
      "has money posted or held, or a payout on its way.",
  },
} as const satisfies Record<string, { status: WalletStatus; summary: string; description: string }>;

function walletStatusCommand(action: keyof typeof ACTIONS): CliCommand<WalletStatusOptions> {
  const { status, summary, description } = ACTIONS[action];
  return {
    declare: (command: Command) =>
      withExamples(
        command
          .summary(summary)
          .description(`${description} The same change as POST /api/public/sdk/v1/wallets/{externalUserId}/${action}.`)
          .addOption(appOption())
          .addOption(
            new Option(
              "--user <externalUserId>",
              "the wallet's externalUserId, as your application named it",
            ).makeOptionMandatory(),
          )
          .addOption(modeOption("the test or the live wallet"))
          .addOption(jsonOption("print the wallet as one JSON line")),
        [`wallets ${action} --app app_… --user user_42`],
      ),

    async run(options) {
      await requireApplication(options.app);
      const tenant = { applicationId: options.app, livemode: options.mode === "live" };
      // As the API's route: cards a processor manages are canceled there first, outside the transaction.
      const prepared: PreparedWalletStatus =
        status === "closed"
          ? await prepareWalletStatus(prisma(), tenant, options.user, status)
          : { canceledAtProcessor: [] };
      const wallet = await transaction((tx) => setWalletStatus(tx, tenant, options.user, status, prepared));
      if (options.json) {
        console.log(JSON.stringify(wallet));
        return;
      }
      console.log(`Wallet ${wallet.externalUserId} (${wallet.id}, ${options.mode}) is ${wallet.status}.`);
    },
  };
}

export const walletsFreezeCommand = walletStatusCommand("freeze");
export const walletsUnfreezeCommand = walletStatusCommand("unfreeze");
export const walletsCloseCommand = walletStatusCommand("close");
