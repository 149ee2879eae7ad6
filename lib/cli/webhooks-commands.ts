// `cli webhooks add|list|disable|enable`: an application's webhook endpoints from the command line, through
// the same endpoint functions (and address checks) as the console.
import { Argument, Option, type Command } from "commander";
import { prisma, transaction } from "@/lib/db/client";
import { EVENT_TYPES } from "@/lib/events/record-event";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import {
  addWebhookEndpoint,
  disableWebhookEndpoint,
  enableWebhookEndpoint,
  listWebhookEndpoints,
} from "@/lib/webhooks/endpoints";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, modeOption, parseList, requireApplication } from "./options";
import { formatList, formatTable, formatTime } from "./table";

export type WebhooksAddOptions = { app: string; url: string; mode: KeyMode; events?: string[]; json?: boolean };

export const webhooksAddCommand: CliCommand<WebhooksAddOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("register an endpoint (every event by default)")
        .description(
          "Registers a webhook endpoint for one mode. Live endpoints must be https and may not resolve to " +
            "private, loopback or link-local addresses; test endpoints may use localhost only where " +
            "ALLOW_LOOPBACK_ENDPOINTS=true (npm run dev, and this command on its embedded database).",
        )
        .addOption(appOption())
        .addOption(new Option("--url <url>", "where deliveries are POSTed").makeOptionMandatory())
        .addOption(modeOption("which mode's events it receives"))
        .addOption(
          new Option(
            "--events <list>",
            `comma-separated event kinds; none means all. Known: ${EVENT_TYPES.join(", ")}`,
          ).argParser(parseList),
        )
        .addOption(jsonOption("print the endpoint as one JSON line")),
      [
        "webhooks add --app app_… --url http://localhost:4000/api/webhooks",
        "webhooks add --app app_… --url https://example.com/hooks --mode live --events card.issued,card.captured",
      ],
    ),

  async run(options) {
    const endpoint = await addWebhookEndpoint(prisma(), {
      applicationId: options.app,
      url: options.url,
      livemode: options.mode === "live",
      events: options.events ?? [],
    });
    if (options.json) {
      console.log(JSON.stringify({ id: endpoint.id, url: endpoint.url, mode: options.mode, events: endpoint.events }));
      return;
    }
    console.log(
      `Endpoint ${endpoint.id} (${options.mode}) -> ${endpoint.url}\nEvents: ${endpoint.events.join(", ") || "all"}`,
    );
  },
};

export type WebhooksListOptions = { app: string; json?: boolean };

export const webhooksListCommand: CliCommand<WebhooksListOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("list an application's webhook endpoints")
        .description("Lists the application's webhook endpoints, test and live, oldest first. Times are UTC.")
        .addOption(appOption())
        .addOption(jsonOption("print a JSON array of the endpoints (times in ISO 8601)")),
      ["webhooks list --app app_…", "webhooks list --app app_… --json"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const endpoints = (await listWebhookEndpoints(prisma(), options.app)).map((e) => ({
      id: e.id,
      mode: e.livemode ? "live" : "test",
      enabled: e.enabled,
      url: e.url,
      events: e.events,
      createdAt: e.createdAt,
    }));
    if (options.json) {
      console.log(JSON.stringify(endpoints));
      return;
    }
    if (endpoints.length === 0) {
      console.log(`${options.app} has no webhook endpoints. Add one: webhooks add --app ${options.app} --url URL`);
      return;
    }
    console.log(
      formatTable(
        ["ID", "MODE", "STATUS", "URL", "EVENTS", "CREATED (UTC)"],
        endpoints.map((e) => [
          e.id,
          e.mode,
          e.enabled ? "enabled" : "disabled",
          e.url,
          formatList(e.events, "all"),
          formatTime(e.createdAt),
        ]),
      ),
    );
  },
};

export const webhooksDisableCommand: CliCommand<Record<string, never>> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("stop sending to an endpoint")
        .description(
          "Disables an endpoint: nothing more is sent to it; its pending deliveries wait, and `webhooks enable` resumes them.",
        )
        .addArgument(new Argument("<endpointId>", "the endpoint's id (we_…), as `webhooks list` shows it")),
      ["webhooks disable we_…"],
    ),

  async run(_options, [endpointId = ""]) {
    await transaction((tx) => disableWebhookEndpoint(tx, endpointId, "an operator (command line)"));
    console.log(`Disabled ${endpointId}; its pending deliveries wait until it is enabled again.`);
  },
};

export const webhooksEnableCommand: CliCommand<Record<string, never>> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("send to a disabled endpoint again")
        .description(
          "Enables an endpoint disabled by hand or by the delivery engine (after 3 days of failures): clears its failure streak and resumes its pending deliveries at once.",
        )
        .addArgument(new Argument("<endpointId>", "the endpoint's id (we_…), as `webhooks list` shows it")),
      ["webhooks enable we_…"],
    ),

  async run(_options, [endpointId = ""]) {
    const { resumed } = await transaction((tx) => enableWebhookEndpoint(tx, endpointId));
    console.log(`Enabled ${endpointId}; ${resumed} pending ${resumed === 1 ? "delivery" : "deliveries"} resumed.`);
  },
};
