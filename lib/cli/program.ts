// Builds the commander program from the command table in commands.ts: one command (or group and
// command) per entry, under its topic, each running its own run function.
import { Command, type OptionValues } from "commander";
import type { CliCommand } from "./cli-command";
import { COMMANDS, GROUPS, isFirstWord, isGroupWord, TOPICS } from "./commands";
import { helpLayout, usageHint, withGroupExamples } from "./help-layout";

/** Makes the command named `name` on `parent`, lets it declare itself, and runs it with what commander parsed. */
function add(parent: Command, name: string, command: CliCommand<OptionValues>): void {
  const made = command.declare(parent.command(name));
  made.showHelpAfterError(usageHint(made));
  made.action(() => command.run(made.opts(), made.processedArgs.map(String)));
}

/** The command that holds others (`keys`); alone, it shows its help with its commands' examples. */
function addGroup(parent: Command, name: string, summary: string): Command {
  const group = parent.command(name).summary(summary).description(`${summary}.`).helpCommand(false);
  group.showHelpAfterError(usageHint(group));
  return withGroupExamples(group);
}

/** `name` is how the user called the CLI ("npm run cli --", "wallet-card"), used in usage lines and examples. */
export function buildProgram(name: string): Command {
  // Settings made here, before any command is added, are copied to every command.
  const program = new Command(name)
    .description(
      "Operator tools for the wallet & card service. They call the same domain functions as the API and the " +
        "console, on DATABASE_URL or else the embedded PostgreSQL under .data/.",
    )
    .configureHelp(helpLayout)
    // Errors come back to runCli as exceptions, so it picks the exit code and always closes the database.
    .exitOverride()
    .helpCommand("help [command]", "this list, or a command's options and examples");
  program.showHelpAfterError(usageHint(program));

  const groups = new Map<string, Command>();
  for (const [words, command] of Object.entries(COMMANDS)) {
    const [first = "", second] = words.split(" ");
    if (!isFirstWord(first)) throw new Error(`no help topic for "${words}"`);
    program.commandsGroup(TOPICS[first]);
    if (second === undefined) {
      add(program, first, command);
      continue;
    }
    if (!isGroupWord(first)) throw new Error(`no group summary for "${words}"`);
    const group = groups.get(first) ?? addGroup(program, first, GROUPS[first]);
    groups.set(first, group);
    add(group, second, command);
  }
  return program;
}
