// `cli authorizations reverse`: releases a pending hold by hand (a merchant that will never capture,
// a support case), through the same domain path as the API's reversal: the whole hold back to the
// wallet and card.reversed sent (docs/decisions/holds-that-end.md).
import { Argument, type Command } from "commander";
import { reverseAuthorization } from "@/lib/authorizations/reverse-authorization";
import { prisma, transaction } from "@/lib/db/client";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, requireApplication } from "./options";

export type ReverseAuthorizationOptions = { app: string; json?: boolean };

export const reverseAuthorizationCommand: CliCommand<ReverseAuthorizationOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("release a pending hold (card.reversed)")
        .description(
          "Reverses a pending authorization: its whole hold goes back to the wallet's available balance, its " +
            "status becomes reversed and card.reversed is sent, as POST /api/public/sdk/v1/authorizations/{id}/reverse " +
            "does. A captured, declined, reversed or expired one is refused. Test or live, as the authorization is.",
        )
        .addArgument(new Argument("<authorizationId>", "the authorization's id (auth_…)"))
        .addOption(appOption())
        .addOption(jsonOption("print the reversed authorization as one JSON line")),
      ["authorizations reverse auth_… --app app_…"],
    ),

  async run(options, [authorizationId]) {
    if (!authorizationId) throw new Error("Name the authorization to reverse: authorizations reverse AUTH_ID");
    await requireApplication(options.app);
    // The id names one authorization in one mode; the operator need not repeat which.
    const found = await prisma().authorization.findFirst({
      where: { id: authorizationId, applicationId: options.app },
      select: { livemode: true },
    });
    if (!found) throw new Error(`No authorization ${authorizationId} in ${options.app}.`);
    const tenant = { applicationId: options.app, livemode: found.livemode };
    const record = await transaction((tx) => reverseAuthorization(tx, tenant, authorizationId));
    if (options.json) {
      console.log(JSON.stringify(record));
      return;
    }
    console.log(
      `Reversed ${record.id} (${record.livemode ? "live" : "test"}): ${record.amount} ${record.currency} released ` +
        `to ${record.externalUserId}'s available balance; card.reversed sent.`,
    );
  },
};
