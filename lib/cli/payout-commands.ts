// `cli bank-accounts add`, `cli payouts create|list|move` and `cli transfers list`: the operator's
// way to the same domain functions as the bank account, payout and transfer API
// (docs/decisions/money-movement.md). `payouts move` is the simulator rail's report, test mode only,
// as POST /test/payouts/{id}/{move} is.
import { Argument, InvalidArgumentError, Option, type Command } from "commander";
import type { z } from "zod";
import { prisma, transaction } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { createBankAccount } from "@/lib/payouts/bank-accounts";
import { createPayout } from "@/lib/payouts/create-payout";
import { listPayouts } from "@/lib/payouts/get-payout";
import { movePayout, type PayoutMove } from "@/lib/payouts/move-payout";
import {
  createBankAccountBodySchema,
  createPayoutBodySchema,
  PAYOUT_TEST_MOVES,
  transferListQuerySchema,
  type PayoutTestMove,
} from "@/lib/schemas/money-movement";
import { listTransfers } from "@/lib/transfers/get-transfer";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { amountValue, appOption, checkAmount, jsonOption, modeOption, requireApplication } from "./options";

/** The API's own body rules, so both ways in agree; the first problem as a plain message. */
function parseOrExplain<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new Error(`--${String(issue?.path[0] ?? "body")}: ${issue?.message ?? "not valid"}`);
}

const tenantOf = (options: { app: string; mode: KeyMode }) => ({
  applicationId: options.app,
  livemode: options.mode === "live",
});

/** `balance` or a wallet's externalUserId. */
function party(text: string) {
  return text === "balance" ? { type: "balance" as const } : { type: "wallet" as const, externalUserId: text };
}

const limitOption = () =>
  new Option("--limit <n>", "how many, newest first (1-100)").default("20").argParser((text) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new InvalidArgumentError("Use a whole number from 1 to 100.");
    return String(n);
  });

export type BankAccountAddOptions = {
  app: string;
  mode: KeyMode;
  wallet?: string;
  country: string;
  currency: string;
  holder: string;
  routingNumber?: string;
  accountNumber?: string;
  sortCode?: string;
  iban?: string;
  bankCode?: string;
  json?: boolean;
};

export const bankAccountsAddCommand: CliCommand<BankAccountAddOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("record a bank account to pay out to")
        .description(
          "Records a wallet holder's bank account (--wallet) or the application's own (without it), with the " +
            "country's identifiers: US --routing-number and --account-number, GB --sort-code and --account-number, " +
            "NG --bank-code and --account-number, any other country --iban. Checked (ABA, NUBAN, IBAN mod 97), " +
            "sealed at rest and shown masked.",
        )
        .addOption(appOption())
        .addOption(modeOption("a test or a live account"))
        .addOption(
          new Option("--wallet <externalUserId>", "the wallet whose holder owns it (default: the application)"),
        )
        .addOption(new Option("--country <code>", "ISO 3166-1 alpha-2, e.g. US").makeOptionMandatory())
        .addOption(new Option("--currency <code>", "ISO 4217, e.g. USD").makeOptionMandatory())
        .addOption(new Option("--holder <name>", "the account holder's name").makeOptionMandatory())
        .addOption(new Option("--routing-number <digits>", "US: the ABA routing number"))
        .addOption(new Option("--account-number <digits>", "US, GB or NG: the account number"))
        .addOption(new Option("--sort-code <digits>", "GB: the sort code"))
        .addOption(new Option("--iban <iban>", "IBAN countries: the IBAN"))
        .addOption(new Option("--bank-code <digits>", "NG: the bank's CBN code"))
        .addOption(jsonOption("print the bank account as one JSON line")),
      [
        "bank-accounts add --app app_… --country US --currency USD --holder 'Acme Inc' --routing-number 110000000 --account-number 000123456789",
        "bank-accounts add --app app_… --wallet user_42 --country DE --currency EUR --holder 'Ada L' --iban DE89370400440532013000",
      ],
    ),

  async run(options) {
    await requireApplication(options.app);
    const body = parseOrExplain(
      createBankAccountBodySchema.safeParse({
        country: options.country.toUpperCase(),
        currency: options.currency,
        holderName: options.holder,
        routingNumber: options.routingNumber,
        accountNumber: options.accountNumber,
        sortCode: options.sortCode,
        iban: options.iban,
        bankCode: options.bankCode,
      }),
    );
    const record = await transaction((tx) => createBankAccount(tx, tenantOf(options), options.wallet ?? null, body));
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(
      `Recorded ${record.id}: ${record.country} ${record.currency} ••••${record.last4}` +
        `${record.bankCode ? ` (bank ${record.bankCode})` : ""} for ${record.externalUserId ?? "the application"}.`,
    );
  },
};

export type PayoutCreateOptions = {
  app: string;
  mode: KeyMode;
  from: string;
  bankAccount: string;
  amount: string;
  currency: string;
  description?: string;
  json?: boolean;
};

export const payoutsCreateCommand: CliCommand<PayoutCreateOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("pay out of a wallet or the balance to a bank account")
        .description(
          "Holds the amount at once and hands the payout to the rail (test mode: the simulator, moved with " +
            "`payouts move`; live mode: PAYOUT_RAIL_LIVE, refused without one), as POST /payouts does.",
        )
        .addOption(appOption())
        .addOption(modeOption("test or live money"))
        .addOption(new Option("--from <party>", "`balance` or a wallet's externalUserId").makeOptionMandatory())
        .addOption(new Option("--bank-account <id>", "the bank account (ba_…)").makeOptionMandatory())
        .addOption(
          new Option("--amount <amount>", "in the currency's major unit").argParser(checkAmount).makeOptionMandatory(),
        )
        .addOption(new Option("--currency <code>", "ISO 4217, the account's own").makeOptionMandatory())
        .addOption(new Option("--description <text>", "shown on the payout"))
        .addOption(jsonOption("print the payout as one JSON line")),
      ["payouts create --app app_… --from balance --bank-account ba_… --amount 120 --currency USD"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const body = parseOrExplain(
      createPayoutBodySchema.safeParse({
        from: party(options.from),
        bankAccountId: options.bankAccount,
        amount: amountValue(options.amount),
        currency: options.currency,
        description: options.description,
      }),
    );
    const record = await transaction((tx) => createPayout(tx, tenantOf(options), body));
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(`Payout ${record.id}: ${record.amount} ${record.currency} ${record.status}, held.`);
  },
};

export type ListOptions = { app: string; mode: KeyMode; wallet?: string; limit: string; json?: boolean };

export const payoutsListCommand: CliCommand<ListOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("list an application's payouts")
        .description("Payouts newest first, with their status; --wallet for one wallet's.")
        .addOption(appOption())
        .addOption(modeOption("test or live payouts"))
        .addOption(new Option("--wallet <externalUserId>", "only this wallet's payouts"))
        .addOption(limitOption())
        .addOption(jsonOption("print the page as one JSON line")),
      ["payouts list --app app_… --mode live", "payouts list --app app_… --wallet user_42 --json"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const query = parseOrExplain(
      transferListQuerySchema.safeParse({ limit: Number(options.limit), wallet: options.wallet }),
    );
    const page = await listPayouts(prisma(), tenantOf(options), query);
    if (options.json) {
      console.log(JSON.stringify(page));
      return;
    }
    if (page.data.length === 0) console.log(`No ${options.mode} payouts.`);
    for (const p of page.data) {
      console.log(
        `${p.id}  ${p.status.padEnd(10)}  ${p.amount} ${p.currency}  from ${p.from.externalUserId ?? "balance"}  ${p.createdAt}` +
          `${p.failureReason ? `  (${p.failureReason})` : ""}`,
      );
    }
  },
};

const MOVE_OF: Record<PayoutTestMove, PayoutMove> = {
  "in-transit": "in_transit",
  paid: "paid",
  failed: "failed",
  returned: "returned",
};

export type PayoutMoveOptions = { app: string; reason?: string; json?: boolean };

export const payoutsMoveCommand: CliCommand<PayoutMoveOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("move a test payout as its bank would (simulator)")
        .description(
          "Reports what the simulator rail's bank did with a test-mode payout: in-transit, paid, failed (the hold " +
            "released) or returned (credited back), as POST /test/payouts/{id}/{move} does. Live payouts move only " +
            "by their rail's reports.",
        )
        .addArgument(new Argument("<payoutId>", "the payout's id (po_…)"))
        .addArgument(new Argument("<move>", "where it goes").choices(PAYOUT_TEST_MOVES))
        .addOption(appOption())
        .addOption(new Option("--reason <text>", "why it failed or came back, e.g. account_closed"))
        .addOption(jsonOption("print the payout as one JSON line")),
      ["payouts move po_… paid --app app_…", "payouts move po_… failed --app app_… --reason account_closed"],
    ),

  async run(options, [payoutId, move]) {
    if (!payoutId || !move) throw new Error("Name the payout and the move: payouts move PAYOUT_ID paid --app APP_ID");
    await requireApplication(options.app);
    const live = await prisma().payout.findFirst({
      where: { id: payoutId, applicationId: options.app, livemode: true },
      select: { id: true },
    });
    if (live) throw new Error(`${payoutId} is a live payout: it moves only by its rail's reports.`);
    const record = await transaction((tx) =>
      movePayout(
        tx,
        { applicationId: options.app, livemode: false },
        payoutId,
        MOVE_OF[move as PayoutTestMove],
        options.reason?.trim() || undefined,
      ),
    );
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(`Payout ${record.id} is ${record.status}${record.failureReason ? ` (${record.failureReason})` : ""}.`);
  },
};

export const transfersListCommand: CliCommand<ListOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("list an application's transfers")
        .description("Transfers newest first; --wallet for those in or out of one wallet.")
        .addOption(appOption())
        .addOption(modeOption("test or live transfers"))
        .addOption(new Option("--wallet <externalUserId>", "only transfers in or out of this wallet"))
        .addOption(limitOption())
        .addOption(jsonOption("print the page as one JSON line")),
      ["transfers list --app app_… --mode live --wallet user_42"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const query = parseOrExplain(
      transferListQuerySchema.safeParse({ limit: Number(options.limit), wallet: options.wallet }),
    );
    const page = await listTransfers(prisma(), tenantOf(options), query);
    if (options.json) {
      console.log(JSON.stringify(page));
      return;
    }
    if (page.data.length === 0) console.log(`No ${options.mode} transfers.`);
    for (const t of page.data) {
      console.log(
        `${t.id}  ${t.amount} ${t.currency}  ${t.from.externalUserId ?? "balance"} → ${t.to.externalUserId ?? "balance"}  ${t.createdAt}`,
      );
    }
  },
};
