// `cli keys create|list|revoke`: an application's API keys from the command line, through the same
// key functions as the console (only hashes and display fragments are stored).
import { Argument, Option, type Command } from "commander";
import { prisma } from "@/lib/db/client";
import type { KeyMode } from "@/lib/keys/api-key-secret";
import { createApiKey } from "@/lib/keys/create-api-key";
import { revokeApiKey } from "@/lib/keys/revoke-api-key";
import { SCOPES } from "@/lib/keys/scopes";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { appOption, jsonOption, modeOption, parseList, requireApplication } from "./options";
import { formatList, formatTable, formatTime } from "./table";

export type KeysCreateOptions = {
  app: string;
  mode: KeyMode;
  name?: string;
  scopes?: string[];
  allowIp?: string[];
  json?: boolean;
};

export const keysCreateCommand: CliCommand<KeysCreateOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("mint an API key (shown once)")
        .description(
          "Mints an API key for the application. The key is printed once and stored only as a SHA-256 hash; " +
            "`keys list` shows its name and last four characters afterwards.",
        )
        .addOption(appOption())
        .addOption(modeOption("test or live key"))
        .addOption(new Option("--name <name>", 'a name to recognise it by (default: "<mode> key")'))
        .addOption(
          new Option(
            "--scopes <list>",
            `comma-separated; none means every scope. Known: ${SCOPES.join(", ")}`,
          ).argParser(parseList),
        )
        .addOption(
          new Option("--allow-ip <list>", "comma-separated IPv4/IPv6 addresses or CIDRs; none means any").argParser(
            parseList,
          ),
        )
        .addOption(jsonOption("print the key as one JSON line")),
      [
        "keys create --app app_… --name 'Reporting' --scopes wallets:read,events:read",
        "keys create --app app_… --mode live --allow-ip 203.0.113.0/24 --json",
      ],
    ),

  async run(options) {
    await requireApplication(options.app);
    const { record, secret } = await createApiKey(prisma(), {
      applicationId: options.app,
      mode: options.mode,
      name: options.name ?? `${options.mode} key`,
      scopes: options.scopes ?? [],
      allowedIps: options.allowIp ?? [],
    });
    if (options.json) {
      console.log(
        JSON.stringify({
          id: record.id,
          key: secret,
          name: record.name,
          mode: options.mode,
          scopes: record.scopes,
          allowedIps: record.allowedIps,
        }),
      );
      return;
    }
    console.log(
      [
        `Key ${record.id} "${record.name}" (${options.mode}): ${secret}   (shown once; stored only as a hash)`,
        `Scopes: ${record.scopes.join(", ") || "all"}`,
        `Allowed addresses: ${record.allowedIps.join(", ") || "any"}`,
      ].join("\n"),
    );
  },
};

export type KeysListOptions = { app: string; json?: boolean };

/** An application's keys, oldest first, as fragments only: the secret itself is never stored. */
async function listApiKeys(applicationId: string) {
  const keys = await prisma().apiKey.findMany({
    where: { applicationId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      livemode: true,
      prefix: true,
      last4: true,
      scopes: true,
      allowedIps: true,
      createdAt: true,
      lastUsedAt: true,
      revokedAt: true,
    },
  });
  // In the order a reader wants them, the mode spelled as everywhere else in the CLI.
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    mode: key.livemode ? "live" : "test",
    prefix: key.prefix,
    last4: key.last4,
    scopes: key.scopes,
    allowedIps: key.allowedIps,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    revokedAt: key.revokedAt,
  }));
}

export const keysListCommand: CliCommand<KeysListOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("list keys: name, mode, last 4, scopes, dates")
        .description(
          "Lists every key of the application, test and live, oldest first. Only the prefix and last four " +
            "characters of a key are known after it is minted. Times are UTC.",
        )
        .addOption(appOption())
        .addOption(jsonOption("print a JSON array of the keys (times in ISO 8601)")),
      ["keys list --app app_…", "keys list --app app_… --json"],
    ),

  async run(options) {
    await requireApplication(options.app);
    const keys = await listApiKeys(options.app);
    if (options.json) {
      console.log(JSON.stringify(keys));
      return;
    }
    if (keys.length === 0) {
      console.log(`${options.app} has no API keys. Mint one: keys create --app ${options.app}`);
      return;
    }
    console.log(
      formatTable(
        ["ID", "NAME", "MODE", "KEY", "SCOPES", "ALLOWED IPS", "CREATED (UTC)", "LAST USED", "REVOKED"],
        keys.map((k) => [
          k.id,
          k.name,
          k.mode,
          `${k.prefix}••••${k.last4}`,
          formatList(k.scopes, "all"),
          formatList(k.allowedIps, "any"),
          formatTime(k.createdAt),
          formatTime(k.lastUsedAt),
          formatTime(k.revokedAt),
        ]),
      ),
    );
  },
};

export const keysRevokeCommand: CliCommand<Record<string, never>> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("revoke a key; it stops working at once")
        .description(
          "Revokes an API key. Running servers forget it before this returns, so the key stops working at once.",
        )
        .addArgument(new Argument("<keyId>", "the key's id (key_…), as `keys list` shows it")),
      ["keys revoke key_…"],
    ),

  async run(_options, [keyId]) {
    if (!keyId) throw new Error("Name the key to revoke: keys revoke KEY_ID");
    if (!(await revokeApiKey(prisma(), keyId))) throw new Error(`No active key ${keyId}.`);
    console.log(`Revoked ${keyId}.`);
  },
};
