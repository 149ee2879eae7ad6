// `cli bootstrap`: declares the command and prints what bootstrap made, including how to sign in to
// the console to see the application there.
import { Option, type Command } from "commander";
import { parseConfig } from "@/lib/config";
import { isConsoleError } from "@/lib/console/errors";
import { MIN_PASSWORD_LENGTH } from "@/lib/console/password-rules";
import { prisma } from "@/lib/db/client";
import { runningServerAddress } from "@/lib/platform/server-address";
import { bootstrap, BOOTSTRAP_KEY_NAME, DEFAULT_OPERATOR_EMAIL, type ConsolePassword } from "./bootstrap";
import type { CliCommand } from "./cli-command";
import { withExamples } from "./help-layout";
import { jsonOption } from "./options";

export type BootstrapOptions = {
  email: string;
  password?: string;
  appName: string;
  webhookUrl?: string;
  json?: boolean;
};

const SIGN_IN_PATH = "/merchant/sdk/sign-in";

/**
 * Where the console is: PUBLIC_BASE_URL or PORT when this command's environment sets them, else
 * where the running server says it is (.data/server.json, written by `npm run dev` / `npm start`),
 * else where `npm run dev` listens by default.
 */
export function consoleBaseUrl(serverFile?: string): string {
  // Read afresh rather than through config()'s copy, as the server's address is (lib/platform/server-address.ts).
  const { PUBLIC_BASE_URL, PORT } = parseConfig(process.env);
  if (PUBLIC_BASE_URL) return PUBLIC_BASE_URL.replace(/\/+$/, "");
  if (PORT) return `http://localhost:${PORT}`;
  return runningServerAddress(serverFile)?.url ?? "http://localhost:3000";
}

function signInText(email: string, access: ConsolePassword, signInUrl: string): string {
  switch (access.status) {
    case "generated":
      return `sign in at ${signInUrl} with ${email} / ${access.password}   (generated; shown once)`;
    case "set":
      return `sign in at ${signInUrl} with ${email} and the password you gave`;
    case "unchanged":
      return `sign in at ${signInUrl} with ${email} and its existing password (--password sets a new one)`;
    case "github":
      return `sign in at ${signInUrl} with GitHub as ${email} (no password set; --password adds one)`;
  }
}

export const bootstrapCommand: CliCommand<BootstrapOptions> = {
  declare: (command: Command) =>
    withExamples(
      command
        .summary("make a merchant, an application and a test key")
        .description(
          "The shortest path to a working API key. Makes the merchant account --email (or reuses it) with a " +
            "console password, its application --app-name (or reuses it), and mints a fresh test key with every " +
            'scope, named "bootstrap" the first time and "bootstrap 2", "bootstrap 3"… after (earlier keys keep ' +
            "working until revoked); with --webhook-url it also registers a test-mode endpoint for every event.\n\n" +
            "Console password: a new merchant gets --password, or a generated one printed once. An existing " +
            "merchant keeps its password unless --password is given, which replaces it; one without a password " +
            "gets a generated one, unless it signs in with GitHub.",
        )
        .addOption(
          new Option("--email <email>", "the merchant account to make or reuse; also its console sign-in").default(
            DEFAULT_OPERATOR_EMAIL,
          ),
        )
        .addOption(
          new Option(
            "--password <password>",
            `console password, by the console's sign-up rules (at least ${MIN_PASSWORD_LENGTH} characters, hard to guess); replaces an existing merchant's`,
          ).env("BOOTSTRAP_PASSWORD"),
        )
        .addOption(new Option("--app-name <name>", "the application to make or reuse").default("Default application"))
        .addOption(new Option("--webhook-url <url>", "also register a test-mode webhook endpoint for every event"))
        .addOption(
          jsonOption(
            "print one JSON line: appId, testKey, testWebhookSecret, liveWebhookSecret, email, signInUrl, password when generated",
          ),
        ),
      [
        "bootstrap",
        "bootstrap --email ada@example.com --password 'violet tractor harbour nine'",
        "bootstrap --webhook-url http://localhost:4000/api/webhooks --json",
      ],
    ),

  async run(options) {
    const result = await bootstrap(prisma(), {
      email: options.email,
      password: options.password,
      appName: options.appName,
      webhookUrl: options.webhookUrl,
    }).catch((error: unknown) => {
      // The console's message for the field, named as the option the operator typed.
      if (isConsoleError(error, "field")) throw new Error(`--${error.field}: ${error.message}`);
      throw error;
    });
    const base = consoleBaseUrl();
    const signInUrl = `${base}${SIGN_IN_PATH}`;
    const access = result.consolePassword;
    if (options.json) {
      console.log(
        JSON.stringify({
          appId: result.appId,
          testKey: result.testKey,
          testKeyId: result.testKeyId,
          testKeyName: result.testKeyName,
          testWebhookSecret: result.webhookSecrets.test,
          liveWebhookSecret: result.webhookSecrets.live,
          merchantId: result.merchantId,
          email: result.email,
          endpointId: result.endpointId,
          signInUrl,
          passwordStatus: access.status,
          ...(access.status === "generated" ? { password: access.password } : {}),
        }),
      );
      return;
    }
    console.log(
      [
        `Merchant:         ${result.email} (${result.merchantId})${result.merchantReused ? " (reused)" : ""}`,
        `Application:      ${result.appId} "${result.appName}"${result.reused ? " (reused)" : ""}`,
        `Test key:         ${result.testKey}   (shown once; stored only as a hash)`,
        // Each run adds a key; the earlier ones are not revoked behind the operator's back.
        result.testKeyName === BOOTSTRAP_KEY_NAME
          ? ""
          : `                  "${result.testKeyName}" (${result.testKeyId}); earlier bootstrap keys still work (keys list --app ${result.appId})`,
        `Webhook secrets:  test ${result.webhookSecrets.test}   (signs test-mode deliveries)`,
        `                  live ${result.webhookSecrets.live}   (signs live-mode deliveries)`,
        result.endpointId ? `Webhook endpoint: ${result.endpointId} -> ${options.webhookUrl}` : "",
        `Console:          ${signInText(result.email, access, signInUrl)}`,
        `                  then open ${base}/merchant/sdk/apps/${result.appId}`,
      ]
        .filter(Boolean)
        .join("\n"),
    );
  },
};
