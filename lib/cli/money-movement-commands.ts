// `cli top-ups record` (a live bank deposit into an application's balance, the only way live money
// comes in), `cli balance` and `cli transfers create`: the same domain functions as the API.
import { Option, type Command } from "commander";
import type { z } from "zod";
import { getBalance } from "@/lib/balance/get-balance";
import { recordLiveTopUp, topUpBalance } from "@/lib/balance/top-up";
import { prisma, transaction } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { createTransferBodySchema, testTopUpBodySchema } from "@/lib/schemas/money-movement";
import { createTransfer } from "@/lib/transfers/create-transfer";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { amountValue, appOption, checkAmount, jsonOption, modeOption, requireApplication } from "./options";

/** The API's own body rules, so both ways in agree; the first problem as a plain message. */
function parseOrExplain<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`--${String(issue?.path[0] ?? "amount")}: ${issue?.message ?? "not valid"}`);
}

export type TopUpRecordOptions = {
  app: string;
  amount: string;
  currency: string;
  reference?: string;
  mode: KeyMode;
  description?: string;
  json?: boolean;
};

export const topUpRecordCommand: CliCommand<TopUpRecordOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("record a bank deposit into an application's balance")
        .description(
          "Adds a deposit to the application's balance from the platform's reserve, audited. In live mode (the " +
            "only way live money comes in) --reference is the bank's reference and is refused a second time.",
        )
        .addOption(appOption())
        .addOption(
          new Option("--amount <amount>", "in the currency's major unit, e.g. 2500.00")
            .argParser(checkAmount)
            .makeOptionMandatory(),
        )
        .addOption(new Option("--currency <code>", "ISO 4217, e.g. USD").makeOptionMandatory())
        .addOption(new Option("--reference <text>", "the bank's reference of the deposit (required in live mode)"))
        .addOption(modeOption("the test or the live balance"))
        .addOption(new Option("--description <text>", "shown on the top-up"))
        .addOption(jsonOption("print the top-up as one JSON line")),
      [
        "top-ups record --app app_… --amount 2500 --currency USD --mode live --reference 'WIRE 2026-11-29 0042'",
        "top-ups record --app app_… --amount 100 --currency USD",
      ],
    ),

  async run(options) {
    await requireApplication(options.app);
    const body = parseOrExplain(
      testTopUpBodySchema.safeParse({
        amount: amountValue(options.amount),
        currency: options.currency,
        description: options.description,
      }),
    );
    const reference = options.reference?.trim();
    if (options.mode === "live" && !reference)
      throw new Error("--reference is required in live mode: the bank's reference of the deposit.");
    const record = await transaction((tx) =>
      options.mode === "live" && reference
        ? recordLiveTopUp(tx, options.app, { ...body, reference })
        : topUpBalance(
            tx,
            { applicationId: options.app, livemode: false },
            { ...body, ...(reference ? { reference } : {}) },
          ),
    );
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(
      `Recorded ${record.amount} ${record.currency} into ${options.app}'s ${options.mode} balance` +
        `${record.reference ? ` (reference ${record.reference})` : ""}; balance now ${record.balanceAfter}. Top-up ${record.id}.`,
    );
  },
};

export type BalanceOptions = { app: string; mode: KeyMode; json?: boolean };

export const balanceCommand: CliCommand<BalanceOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("show an application's balance")
        .description("The application's own money per currency: available to move to wallets, and pending.")
        .addOption(appOption())
        .addOption(modeOption("the test or the live balance"))
        .addOption(jsonOption("print the balance as one JSON line")),
      ["balance --app app_… --mode live"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const balance = await getBalance(prisma(), { applicationId: options.app, livemode: options.mode === "live" });
    if (options.json) {
      console.log(JSON.stringify(balance));
      return;
    }
    if (balance.available.length === 0) console.log(`${options.app} has no ${options.mode} balance yet.`);
    for (const { currency, amount } of balance.available) console.log(`${currency}  available ${amount}`);
  },
};

export type TransferOptions = {
  app: string;
  from: string;
  to: string;
  amount: string;
  currency: string;
  mode: KeyMode;
  description?: string;
  json?: boolean;
};

/** `balance` or a wallet's externalUserId. */
function party(text: string) {
  return text === "balance" ? { type: "balance" as const } : { type: "wallet" as const, externalUserId: text };
}

export const transferCreateCommand: CliCommand<TransferOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("move money between the balance and wallets")
        .description(
          "Moves money between an application's balance and its wallets, or between two wallets, as the transfers " +
            "API does: both sides post at once or nothing does.",
        )
        .addOption(appOption())
        .addOption(new Option("--from <party>", "`balance` or a wallet's externalUserId").makeOptionMandatory())
        .addOption(new Option("--to <party>", "`balance` or a wallet's externalUserId").makeOptionMandatory())
        .addOption(
          new Option("--amount <amount>", "in the currency's major unit").argParser(checkAmount).makeOptionMandatory(),
        )
        .addOption(new Option("--currency <code>", "ISO 4217, the wallets' own").makeOptionMandatory())
        .addOption(modeOption("test or live money"))
        .addOption(new Option("--description <text>", "shown on the wallets' transactions"))
        .addOption(jsonOption("print the transfer as one JSON line")),
      ["transfers create --app app_… --from balance --to user_42 --amount 25 --currency USD"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const body = parseOrExplain(
      createTransferBodySchema.safeParse({
        from: party(options.from),
        to: party(options.to),
        amount: amountValue(options.amount),
        currency: options.currency,
        description: options.description,
      }),
    );
    const record = await transaction((tx) =>
      createTransfer(tx, { applicationId: options.app, livemode: options.mode === "live" }, body),
    );
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    const name = (p: typeof record.from) => p.externalUserId ?? "the balance";
    console.log(
      `Moved ${record.amount} ${record.currency} from ${name(record.from)} to ${name(record.to)}. Transfer ${record.id}.`,
    );
  },
};
