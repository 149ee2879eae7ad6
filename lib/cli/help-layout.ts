// How the operator CLI's help reads: the top-level help is one aligned table of every command
// ("keys create", not just "keys") grouped by topic, usage lines name the required options, and each
// command ends with examples that can be pasted as they are.
import { Help, type Argument, type Command, type HelpConfiguration } from "commander";

// Commander's own layout, for everything this file does not change.
const standard = new Help();

// Examples per command, kept here so a group's help (`keys --help`) can show its commands' examples.
const examplesOf = new WeakMap<Command, string[]>();

function rootOf(command: Command): Command {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}

/** The words that select the command after the program's name: ["keys", "create"]. */
function commandWords(command: Command): string[] {
  const words: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) words.unshift(c.name());
  return words;
}

function argumentTerm(argument: Argument): string {
  const name = `${argument.name()}${argument.variadic ? "..." : ""}`;
  return argument.required ? `<${name}>` : `[${name}]`;
}

/** What follows the command's words: its arguments, the options it cannot run without, then [options]. */
function usageTail(command: Command): string {
  if (command.commands.length > 0) return "<command>";
  const visible = command.options.filter((option) => !option.hidden);
  return [
    ...command.registeredArguments.map(argumentTerm),
    ...visible.filter((option) => option.mandatory).map((option) => option.flags),
    visible.some((option) => !option.mandatory) ? "[options]" : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** How to run the command, starting with how the program itself was called ("npm run cli --" or "wallet-card"). */
function commandLine(command: Command): string {
  return [rootOf(command).name(), ...commandWords(command), usageTail(command)].filter(Boolean).join(" ");
}

/** Every runnable command under `command`, depth first, in the order they were declared. */
function leafCommands(command: Command): Command[] {
  return command.commands.flatMap((sub) => (sub.commands.length > 0 ? leafCommands(sub) : [sub]));
}

/** The program's help: every runnable command in one table, under the heading of its topic. */
function programHelp(program: Command, helper: Help): string {
  const name = program.name();
  const groups = new Map<string, Command[]>();
  for (const top of program.commands) {
    const heading = top.helpGroup() || "Commands:";
    groups.set(heading, [...(groups.get(heading) ?? []), ...(top.commands.length > 0 ? leafCommands(top) : [top])]);
  }
  // The implicit `help` command is not among program.commands; list it where a newcomer starts.
  const helpCommand = standard.visibleCommands(program).find((c) => !program.commands.includes(c));
  const firstGroup = groups.keys().next().value;
  if (helpCommand && firstGroup !== undefined) groups.get(firstGroup)?.push(helpCommand);

  // Words and arguments only, so the table stays narrow enough to wrap; each command's help has the rest.
  const term = (c: Command) =>
    c.parent ? [...commandWords(c), ...c.registeredArguments.map(argumentTerm)].join(" ") : helper.subcommandTerm(c);
  const options = helper.visibleOptions(program);
  const width = Math.max(
    ...[...groups.values()].flat().map((c) => term(c).length),
    ...options.map((o) => helper.optionTerm(o).length),
  );
  const item = (itemTerm: string, description: string) => helper.formatItem(itemTerm, width, description, helper);

  const lines = [`${helper.styleTitle("Usage:")} ${name} <command> [options]`, ""];
  const description = helper.commandDescription(program);
  if (description) lines.push(helper.boxWrap(description, helper.helpWidth ?? 80), "");
  for (const [heading, commands] of groups) {
    lines.push(helper.styleTitle(heading));
    for (const c of commands) lines.push(item(term(c), helper.subcommandDescription(c)));
    lines.push("");
  }
  lines.push(helper.styleTitle("Options:"));
  for (const o of options) lines.push(item(helper.optionTerm(o), helper.optionDescription(o)));
  lines.push(
    "",
    `Run "${name} <command> --help" for a command's options and examples.`,
    "List commands (keys list, webhooks list) take --json for machine-readable output.",
    "",
  );
  return lines.join("\n");
}

export const helpLayout: HelpConfiguration = {
  commandUsage: (command) => commandLine(command),
  // The full words ("keys create --app <id> [options]") in every list, so a line can be typed as read.
  subcommandTerm: (command) =>
    command.parent
      ? [...commandWords(command), usageTail(command)].filter(Boolean).join(" ")
      : standard.subcommandTerm(command),
  formatHelp: (command, helper) =>
    command.parent ? standard.formatHelp(command, helper) : programHelp(command, helper),
};

/**
 * Ends the command's help with examples, each written without the program's name (`keys list
 * --app app_…`) and shown with the name it was called by.
 */
export function withExamples(command: Command, examples: string[]): Command {
  examplesOf.set(command, examples);
  return command.addHelpText("after", ({ command: shown }) => examplesText(shown, examples));
}

/** Ends a group's help (`keys --help`) with its commands' examples. */
export function withGroupExamples(group: Command): Command {
  return group.addHelpText("after", ({ command: shown }) =>
    examplesText(
      shown,
      shown.commands.flatMap((c) => examplesOf.get(c) ?? []),
    ),
  );
}

function examplesText(command: Command, examples: string[]): string {
  if (examples.length === 0) return "";
  const name = rootOf(command).name();
  return `\nExamples:\n${examples.map((example) => `  ${name} ${example}`).join("\n")}\n`;
}

/** The hint printed under a usage error: where to read how this command is used. */
export function usageHint(command: Command): string {
  const words = [rootOf(command).name(), ...commandWords(command)].join(" ");
  if (!command.parent) return `(Run "${words} help" to see every command.)`;
  return command.commands.length > 0
    ? `(Run "${words} --help" to see its commands.)`
    : `(Run "${words} --help" for its options and examples.)`;
}
