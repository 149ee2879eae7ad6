// `npm run cli -- wallets fund`: the operator's way to fund a wallet (the only way in live mode),
// through the same domain function and ledger transfer as the test-mode funding helper.
import { prisma, transaction } from "@/lib/db/client";
import { fundWallet } from "@/lib/ledger/fund-wallet";
import type { Command } from "./commands";

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
    const text = (name: string) => {
      const value = values[name];
      if (typeof value !== "string" || value === "") throw new Error(`--${name} is required`);
      return value;
    };
    const mode = typeof values.mode === "string" ? values.mode : "live";
    if (mode !== "test" && mode !== "live") throw new Error("--mode must be test or live");
    const applicationId = text("app");
    const amount = Number(text("amount"));
    if (!Number.isFinite(amount) || amount <= 0)
      throw new Error("--amount must be a positive number in the major unit, e.g. 12.34");
    await prisma()
      .application.findUniqueOrThrow({ where: { id: applicationId } })
      .catch(() => {
        throw new Error(`No application ${applicationId}`);
      });
    const description = typeof values.description === "string" ? values.description : undefined;
    const record = await transaction((tx) =>
      fundWallet(tx, { applicationId, livemode: mode === "live" }, text("user"), { amount, description }),
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
