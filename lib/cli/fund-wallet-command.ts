// `npm run cli -- wallets fund`: the operator's way to fund a wallet (the only way in live mode),
// through the same domain function and ledger transfer as the test-mode funding helper.
import { transaction } from "@/lib/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import type { Command } from "./commands";
import { modeOption, optional, requireApplication, required } from "./option-values";

export const fundWalletCommand: Command = {
  summary:
    "wallets fund --app ID --user EXTERNAL_USER_ID --amount 12.34 [--mode live|test] [--description D] [--json]   credit a wallet from the reserve",
  options: {
    app: { type: "string" },
    user: { type: "string" },
    amount: { type: "string" },
    mode: { type: "string" },
    description: { type: "string" },
    json: { type: "boolean" },
  },
  async run(values) {
    const mode = modeOption(values, "live");
    const applicationId = required(values, "app");
    const amount = Number(required(values, "amount"));
    if (!Number.isFinite(amount) || amount <= 0)
      throw new Error("--amount must be a positive number in the major unit, e.g. 12.34");
    await requireApplication(applicationId);
    const description = optional(values, "description");
    const record = await transaction((tx) =>
      fundWallet(tx, { applicationId, livemode: mode === "live" }, required(values, "user"), { amount, description }),
    );
    if (values.json) {
      console.log(JSON.stringify(record));
    } else {
      console.log(
        `Funded ${record.externalUserId} (${record.walletId}) with ${record.amount} ${record.currency}; posted balance now ${record.balanceAfter}. Transfer ${record.id}.`,
      );
    }
  },
};
