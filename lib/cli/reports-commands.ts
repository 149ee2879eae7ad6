// `cli reports balance`: the settlement report of an application's balance over a period, as CSV
// or JSON, from the same domain function and query rules as GET /reports/balance.
import { Option, type Command } from "commander";
import { balanceReport, balanceReportCsv, balanceReportRecord } from "@/lib/balance/balance-report";
import { prisma } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { balanceReportQuerySchema } from "@/lib/schemas/balance-report";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, modeOption, requireApplication } from "./options";

export type BalanceReportOptions = { app: string; from: string; to: string; format: "csv" | "json"; mode: KeyMode };

export const reportsBalanceCommand: CliCommand<BalanceReportOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("print the settlement report of an application's balance")
        .description(
          "Per currency: the balance at --from, every movement of the balance (top-ups, transfers to and from " +
            "wallets, payouts) up to --to (excluded) with the balance after each, and the balance at --to, " +
            "read from the ledger in one snapshot. CSV columns: created_at,kind,id,wallet,description,amount,currency,balance_after.",
        )
        .addOption(appOption())
        .addOption(
          new Option("--from <instant>", "ISO 8601 instant, included, e.g. 2026-11-01T00:00:00Z").makeOptionMandatory(),
        )
        .addOption(
          new Option(
            "--to <instant>",
            "ISO 8601 instant, excluded; at most 366 days after --from",
          ).makeOptionMandatory(),
        )
        .addOption(new Option("--format <format>", "csv or json").choices(["csv", "json"]).default("csv"))
        .addOption(modeOption("the test or the live balance")),
      [
        "reports balance --app app_… --from 2026-11-01T00:00:00Z --to 2026-12-01T00:00:00Z --format csv > november.csv",
        "reports balance --app app_… --mode live --from 2026-11-01T00:00:00Z --to 2026-11-02T00:00:00Z --format json",
      ],
    ),

  async run(options) {
    await requireApplication(options.app);
    const parsed = balanceReportQuerySchema.safeParse({ from: options.from, to: options.to, format: options.format });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`--${String(issue?.path[0] ?? "from")}: ${issue?.message ?? "not valid"}`);
    }
    const report = await balanceReport(
      prisma(),
      { applicationId: options.app, livemode: options.mode === "live" },
      parsed.data,
    );
    if (parsed.data.format === "json") console.log(JSON.stringify(balanceReportRecord(report)));
    else process.stdout.write(balanceReportCsv(report));
  },
};
