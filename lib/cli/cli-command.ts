// The shape of one operator command: how it describes itself to commander, and the function it runs.
import type { Command } from "commander";

export type CliCommand<Options> = {
  /** Adds the summary, description, arguments, options and examples to the command made for it. */
  declare(command: Command): Command;
  /** Runs one domain operation with the parsed options and positional arguments, and prints its result. */
  run(options: Options, args: string[]): Promise<void>;
};
