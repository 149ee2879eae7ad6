// `cli network simulate <kind>`: one card network message for a test card through the built-in
// simulator, exactly as POST /api/public/sdk/v1/test/cards/{id}/network/{kind} sends it
// (docs/decisions/card-network.md), printing what the lifecycle did.
import { Argument, Option, type Command } from "commander";
import { simulateNetworkMessage } from "@/lib/connectors/simulator/simulate-network-message";
import { networkSimulationBodySchema, SIMULATED_KINDS, type SimulatedKind } from "@/lib/schemas/network-simulation";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, requireApplication } from "./options";

export type NetworkSimulateOptions = {
  app: string;
  card: string;
  amount: string;
  authorization?: string;
  networkId?: string;
  merchant?: string;
  category?: string;
  country?: string;
  final?: boolean;
  json?: boolean;
};

function isKind(value: string | undefined): value is SimulatedKind {
  return SIMULATED_KINDS.some((kind) => kind === value);
}

export const networkSimulateCommand: CliCommand<NetworkSimulateOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("send a card network message to a test card (simulator)")
        .description(
          "Sends one message of the card network's lifecycle to a test card through the built-in simulator, as " +
            "POST /api/public/sdk/v1/test/cards/{id}/network/{kind} does: authorization (0 is an account verification), " +
            "increment, advice, reversal, clearing, force-post, refund, return-reversal or expiry. Later messages name " +
            "their authorization with --authorization. A repeated --network-id changes nothing and prints the first answer.",
        )
        .addArgument(new Argument("<kind>", "the message kind").choices(SIMULATED_KINDS))
        .addOption(appOption())
        .addOption(new Option("--card <id>", "the test card (card_…)").makeOptionMandatory())
        .addOption(new Option("--amount <amount>", "in the card's currency, major unit (12.5)").makeOptionMandatory())
        .addOption(new Option("--authorization <id>", "the authorization a later message belongs to (auth_…)"))
        .addOption(new Option("--network-id <id>", "the message's own id (generated when absent)"))
        .addOption(new Option("--merchant <name>", "the merchant's name"))
        .addOption(new Option("--category <mcc>", "the merchant's category (5812 restaurants tip up to 20%)"))
        .addOption(new Option("--country <cc>", "the merchant's ISO country code"))
        .addOption(new Option("--final", "clearing only: the last clearing, releasing the rest of the hold"))
        .addOption(jsonOption("print the answer as one JSON line")),
      [
        "network simulate authorization --app app_… --card card_… --amount 40 --merchant 'Corner Diner' --category 5812",
        "network simulate clearing --app app_… --card card_… --amount 46 --authorization auth_…",
      ],
    ),

  async run(options, args) {
    const [kind] = args;
    if (!isKind(kind)) throw new Error(`Unknown kind "${kind ?? ""}". Valid kinds: ${SIMULATED_KINDS.join(", ")}.`);
    await requireApplication(options.app);
    const body = networkSimulationBodySchema.safeParse({
      amount: Number(options.amount),
      ...(options.authorization ? { authorizationId: options.authorization } : {}),
      ...(options.networkId ? { networkId: options.networkId } : {}),
      ...(options.merchant
        ? {
            merchant: {
              name: options.merchant,
              ...(options.category ? { category: options.category } : {}),
              ...(options.country ? { country: options.country } : {}),
            },
          }
        : {}),
      ...(options.final ? { final: true } : {}),
    });
    if (!body.success) {
      const issue = body.error.issues[0];
      throw new Error(`Invalid message: ${issue?.path.join(".") || "input"}: ${issue?.message ?? "invalid"}`);
    }
    // Test mode only, as the simulator's route.
    const result = await simulateNetworkMessage(
      { applicationId: options.app, livemode: false },
      options.card,
      kind,
      body.data,
    );
    if (options.json) {
      console.log(JSON.stringify(result));
      return;
    }
    const { authorization: auth } = result;
    const replay = result.replayed ? " (a repeat: the first answer, nothing changed)" : "";
    const what =
      result.result === "approved"
        ? `Approved ${result.approvedAmount} ${auth.currency}; available after: ${result.balanceAfter} ${auth.currency}`
        : result.result === "declined"
          ? `Declined (${result.declineCode}): ${result.declineMessage}`
          : "Applied";
    console.log(`${kind} ${result.networkId}: ${what}${replay}`);
    console.log(
      `Authorization ${auth.id}: ${auth.status}, amount ${auth.amount}, captured ${auth.capturedAmount}, ` +
        `refunded ${auth.refundedAmount} ${auth.currency}`,
    );
  },
};
