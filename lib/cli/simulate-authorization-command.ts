// `cli authorizations simulate`: a test tap through the whole spend path, the application's decision
// endpoint included (asked outside any transaction, as the API does), printing what decided it
// (docs/decisions/authorization-decisions.md). For trying a decision endpoint locally.
import { Option, type Command } from "commander";
import { spendWithDecision } from "@/lib/authorization-decisions/spend-with-decision";
import { authorizeBodySchema } from "@/lib/schemas/authorization";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, requireApplication } from "./options";

export type SimulateAuthorizationOptions = {
  app: string;
  card: string;
  amount: string;
  merchant?: string;
  category?: string;
  country?: string;
  json?: boolean;
};

export const simulateAuthorizationCommand: CliCommand<SimulateAuthorizationOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("run a test tap and print the decision")
        .description(
          "Spends with a test card as POST /api/public/sdk/v1/test/cards/{id}/tap does: card status, spending controls " +
            "and funds, then the application's test-mode decision endpoint if it has one (signed like a webhook, within " +
            "its timeoutMs), then the hold. Prints the outcome and its decision (by, reason, latency, status code, metadata).",
        )
        .addOption(appOption())
        .addOption(new Option("--card <id>", "the test card (card_…)").makeOptionMandatory())
        .addOption(new Option("--amount <amount>", "in the card's currency, major unit (12.5)").makeOptionMandatory())
        .addOption(new Option("--merchant <name>", "the merchant's name").default("CLI simulated merchant"))
        .addOption(new Option("--category <mcc>", "the merchant's category"))
        .addOption(new Option("--country <cc>", "the merchant's ISO country code"))
        .addOption(jsonOption("print the authorization as one JSON line")),
      ["authorizations simulate --app app_… --card card_… --amount 12.5 --merchant 'Corner Coffee'"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const input = authorizeBodySchema.safeParse({
      amount: Number(options.amount),
      merchant: {
        name: options.merchant ?? "CLI simulated merchant",
        ...(options.category ? { category: options.category } : {}),
        ...(options.country ? { country: options.country } : {}),
      },
    });
    if (!input.success) {
      const issue = input.error.issues[0];
      throw new Error(`Invalid spend: ${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}`);
    }
    // Test mode only, as the tap route: a simulated spend never reaches a live endpoint.
    const tenant = { applicationId: options.app, livemode: false };
    const outcome = await spendWithDecision(tenant, options.card, input.data, "tap");
    const { authorization } = outcome;
    if (options.json) {
      console.log(JSON.stringify(authorization));
      return;
    }
    const { decision } = authorization;
    const timing = [
      decision.latencyMs !== undefined ? `${decision.latencyMs} ms` : null,
      decision.statusCode !== undefined ? `HTTP ${decision.statusCode}` : null,
    ].filter(Boolean);
    console.log(
      outcome.approved
        ? `Approved ${authorization.id}: ${authorization.amount} ${authorization.currency} held` +
            (authorization.requestedAmount !== null ? ` (of ${authorization.requestedAmount} asked)` : "")
        : `Declined ${authorization.id} (${outcome.decline}): ${outcome.message}`,
    );
    console.log(`Decision: by ${decision.by}, ${decision.reason}${timing.length ? ` (${timing.join(", ")})` : ""}`);
    if (Object.keys(authorization.metadata).length > 0)
      console.log(`Metadata: ${JSON.stringify(authorization.metadata)}`);
  },
};
