// The operator CLI as a newcomer meets it: the real command line in a subprocess, through
// `npm run cli` and through the `wallet-card` bin, for help, usage errors and exit codes. None of
// this may need a database, so the runs point DATABASE_URL at a port where nothing listens.
import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "@/lib/cli/commands";
import { EVENT_TYPES } from "@/lib/events/record-event";

const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = path.join(ROOT, "bin", "wallet-card.mjs");

type Run = { code: number; stdout: string; stderr: string };

/** The environment of a terminal: no test runner, no npm script variables, and no reachable database. */
function terminalEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: "postgresql://nobody@127.0.0.1:9/none" };
  for (const name of Object.keys(env)) {
    if (name === "NODE_OPTIONS" || name.startsWith("VITEST") || name.startsWith("npm_")) delete env[name];
  }
  return env;
}

function run(command: string, args: string[], cwd = ROOT): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: terminalEnv(), timeout: 90_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

const cli = (...args: string[]) => run("npm", ["run", "--silent", "cli", "--", ...args]);

/** stderr without npm's own warnings about the machine's npm configuration. */
function ownErrors(stderr: string): string[] {
  return stderr.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));
}

describe("cli help", { timeout: 120_000 }, () => {
  it("with no arguments, `help` and `--help`, prints every command in one table grouped by topic", async () => {
    const [bare, help, flag] = await Promise.all([cli(), cli("help"), cli("--help")]);
    for (const result of [bare, help, flag]) expect(result.code).toBe(0);
    expect(help.stdout).toBe(bare.stdout);
    expect(flag.stdout).toBe(bare.stdout);

    const lines = bare.stdout.split("\n");
    expect(lines[0]).toBe("Usage: npm run cli -- <command> [options]");
    const headings = lines.filter((line) => /^\S.*:$/.test(line));
    expect(headings).toEqual([
      "Getting started:",
      "Keys:",
      "Wallets:",
      "Money in and out:",
      "Webhooks:",
      "Signed documents:",
      "Proof of liabilities:",
      "Options:",
    ]);
    // Every command of the table in commands.ts, by its full words, its description in one column.
    const descriptionColumns = Object.keys(COMMANDS).map((words) => {
      const row = new RegExp(`^ {2}${words}( <\\w+>)* {2,}(?=\\S)`);
      const match = lines.map((line) => row.exec(line)).find(Boolean);
      expect(match, `"${words}" is listed`).toBeTruthy();
      return match?.[0].length;
    });
    expect(new Set(descriptionColumns).size).toBe(1);
    // Grouped: the three keys commands between "Keys:" and "Wallets:".
    const keysRows = lines
      .slice(lines.indexOf("Keys:"), lines.indexOf("Wallets:"))
      .filter((l) => l.startsWith("  keys "));
    expect(keysRows).toHaveLength(3);
    expect(bare.stdout).toContain('Run "npm run cli -- <command> --help"');
  });

  it("`trigger --help` shows its argument with the valid events, its options and an example", async () => {
    const { code, stdout } = await cli("trigger", "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npm run cli -- trigger <event> --app <id> [options]");
    for (const option of ["--app <id>", "--wait", "--json", "-h, --help"]) expect(stdout).toContain(`  ${option}`);
    for (const type of EVENT_TYPES) expect(stdout).toContain(`"${type}"`);
    expect(stdout).toMatch(/\nExamples:\n {2}npm run cli -- trigger card\.captured --app app_/);
  });

  it("`keys --help` shows its commands with their required options, and examples of each", async () => {
    const { code, stdout } = await cli("keys", "--help");
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: npm run cli -- keys <command>");
    expect(stdout).toMatch(/^ {2}keys create --app <id> \[options\] +mint an API key/m);
    expect(stdout).toMatch(/^ {2}keys list --app <id> \[options\] +list keys/m);
    expect(stdout).toMatch(/^ {2}keys revoke <keyId> +revoke a key/m);
    const examples = stdout.slice(stdout.indexOf("Examples:"));
    for (const sub of ["create", "list", "revoke"]) expect(examples).toContain(`npm run cli -- keys ${sub} `);
    expect(examples).toContain("keys list --app app_… --json");
  });

  it("`keys create --help` and `wallets fund --help` describe every option, with defaults", async () => {
    const [create, fund] = await Promise.all([cli("keys", "create", "--help"), cli("wallets", "fund", "--help")]);
    for (const option of ["--app <id>", "--mode <mode>", "--name <name>", "--scopes <list>", "--allow-ip <list>"])
      expect(create.stdout).toContain(`  ${option}`);
    expect(create.stdout).toContain('default: "test"');
    expect(create.stdout).toContain("wallets:read");
    expect(fund.stdout).toContain(
      "Usage: npm run cli -- wallets fund --app <id> --user <externalUserId> --amount <amount> [options]",
    );
    expect(fund.stdout).toMatch(
      /--mode <mode> +the test or the live wallet \(choices: "test", "live",\s+default: "test"\)/,
    );
  });

  it("an unknown command is one error line and a hint, with exit code 2", async () => {
    const { code, stdout, stderr } = await cli("frobnicate");
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(ownErrors(stderr)).toEqual([
      "error: unknown command 'frobnicate'",
      '(Run "npm run cli -- help" to see every command.)',
    ]);
  });

  it("an unknown option is one error line and a hint to that command's help, with exit code 2", async () => {
    const { code, stderr } = await cli("keys", "list", "--app", "app_x", "--colour");
    expect(code).toBe(2);
    expect(ownErrors(stderr)).toEqual([
      "error: unknown option '--colour'",
      '(Run "npm run cli -- keys list --help" for its options and examples.)',
    ]);
  });

  it("the wallet-card bin runs the same CLI under its own name, without npm's banner lines", async () => {
    const viaExec = await run("npm", ["exec", "--", "wallet-card", "keys", "--help"]);
    expect(viaExec.code).toBe(0);
    expect(viaExec.stdout.split("\n")[0]).toBe("Usage: wallet-card keys <command>");
    // npm's banner is "> wallet-card-service@0.1.0 cli" followed by the command it runs.
    expect(viaExec.stdout).not.toMatch(/^> /m);
    expect(viaExec.stdout).toContain("  wallet-card keys list --app app_…");

    const unknown = await run("npx", ["wallet-card", "frobnicate"]);
    expect(unknown.code).toBe(2);
    expect(ownErrors(unknown.stderr)).toEqual([
      "error: unknown command 'frobnicate'",
      '(Run "wallet-card help" to see every command.)',
    ]);
  });

  it("the bin works from any working directory (tsconfig paths resolved from the project)", async () => {
    const { code, stdout, stderr } = await run(process.execPath, [BIN, "trigger", "--help"], os.tmpdir());
    expect(ownErrors(stderr)).toEqual([]);
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toBe("Usage: wallet-card trigger <event> --app <id> [options]");
  });
});
