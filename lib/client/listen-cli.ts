#!/usr/bin/env node
// `npx wallet-card listen --forward-to URL [--events a,b] [--api-key sk_test_…] [--base-url URL]`:
// the @wallet-card/client package's command line (listen.ts does the work). Also run by
// `npm run cli -- listen` in the repository. Keep imports relative, ending in .ts.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { listen, newListenerSecret } from "./listen.ts";

const USAGE =
  "usage: wallet-card listen --forward-to <url> [--events kind,kind] [--api-key sk_test_…] [--base-url https://…]\n" +
  "  --api-key defaults to WALLET_CARD_API_KEY, --base-url to WALLET_CARD_BASE_URL or http://localhost:3000";

export type ListenCommandOptions = {
  forwardTo: string;
  events?: string[];
  apiKey?: string;
  baseUrl?: string;
};

/** Runs `listen` until Ctrl-C (or `signal`), printing its secret first; the exit code. */
export async function runListenCommand(
  options: ListenCommandOptions,
  io: { print: (line: string) => void; error: (line: string) => void; signal?: AbortSignal; env?: NodeJS.ProcessEnv },
): Promise<number> {
  const env = io.env ?? process.env;
  const apiKey = options.apiKey ?? env.WALLET_CARD_API_KEY;
  if (!apiKey?.startsWith("sk_test_")) {
    io.error("listen needs a test key: --api-key sk_test_… (or WALLET_CARD_API_KEY).");
    return 2;
  }
  const secret = newListenerSecret();
  io.print(`Listener signing secret for this session: ${secret}`);
  io.print(
    "Verify forwarded events with it (x-service-signature and the Standard Webhooks headers), as you would a delivery.",
  );
  try {
    await listen({
      apiKey,
      baseUrl: options.baseUrl ?? env.WALLET_CARD_BASE_URL ?? "http://localhost:3000",
      forwardTo: options.forwardTo,
      events: options.events,
      secret,
      print: io.print,
      signal: io.signal,
    });
    return 0;
  } catch (error) {
    io.error(`listen stopped: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== "listen") {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      "forward-to": { type: "string" },
      events: { type: "string" },
      "api-key": { type: "string" },
      "base-url": { type: "string" },
    },
  });
  if (!values["forward-to"]) {
    console.error(USAGE);
    return 2;
  }
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  process.once("SIGTERM", () => controller.abort());
  return runListenCommand(
    {
      forwardTo: values["forward-to"],
      events: values.events
        ?.split(",")
        .map((e) => e.trim())
        .filter(Boolean),
      apiKey: values["api-key"],
      baseUrl: values["base-url"],
    },
    { print: (line) => console.log(line), error: (line) => console.error(line), signal: controller.signal },
  );
}

/** Whether this file is the process's entry: run directly or through the package's `wallet-card` link. */
function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    // The bin link resolves to this file; the repository's own `wallet-card` bin (the operator CLI,
    // which imports this file for its `listen`) resolves elsewhere.
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// Run as the package's bin, not when imported (by `npm run cli -- listen` and the operator CLI).
if (isEntry()) {
  process.exitCode = await main(process.argv.slice(2));
}
