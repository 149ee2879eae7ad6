// `npm run cli -- listen --forward-to URL`: forwards the application's test events to a local server
// through the API, signed with a session secret it prints (lib/client/listen-cli.ts, the same code as
// the client package's `npx wallet-card listen`). Talks to the API, not the database, so it works
// against a hosted deployment that refuses loopback endpoints.
import { Option, type Command } from "commander";
import { runListenCommand } from "@/lib/client/listen-cli";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { parseList } from "./options";

export type ListenCliOptions = { forwardTo: string; events?: string[]; apiKey?: string; baseUrl?: string };

export const listenCommand: CliCommand<ListenCliOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("forward test events to a local server, until Ctrl-C")
        .description(
          "Follows the application's test-mode events through the API (GET /api/public/sdk/v1/events/listen, " +
            "resuming after the last event seen when the connection breaks) and POSTs each to --forward-to, signed " +
            "exactly as a webhook delivery (x-service-signature and Standard Webhooks) with a secret of this session, " +
            "printed at start. One line per event with the local server's status. Any number of listeners each get " +
            "every event; nothing is registered on the service.",
        )
        .addOption(new Option("--forward-to <url>", "the local URL events are POSTed to").makeOptionMandatory())
        .addOption(new Option("--events <list>", "comma-separated event kinds (default: all)").argParser(parseList))
        .addOption(new Option("--api-key <key>", "an sk_test_ key (default: WALLET_CARD_API_KEY)"))
        .addOption(
          new Option("--base-url <url>", "where the service runs (default: WALLET_CARD_BASE_URL or http://localhost:3000)"),
        ),
      [
        "listen --forward-to http://localhost:4000/api/webhooks --api-key sk_test_…",
        "listen --forward-to http://localhost:4000/api/webhooks --events card.captured,card.refunded --base-url https://wallets.example.com",
      ],
    ),

  async run(options) {
    const controller = new AbortController();
    process.once("SIGINT", () => controller.abort());
    process.once("SIGTERM", () => controller.abort());
    process.exitCode = await runListenCommand(options, {
      print: (line) => console.log(line),
      error: (line) => console.error(line),
      signal: controller.signal,
    });
  },
};
