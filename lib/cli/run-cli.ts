// Runs one operator command line: parses it, prepares the database only when a command is about to
// run (help and usage errors never start one), closes it afterwards, and answers an exit code.
import { CommanderError } from "commander";
import { disconnectDb } from "@/lib/db/client";
import { prepareDatabase, type PreparedDatabase } from "@/lib/db/prepare-database";
import { buildProgram } from "./program";

/** 0 when done (or help was asked for), 2 for a usage error, 1 when the command failed. */
export async function runCli(argv: string[], name: string): Promise<number> {
  const program = buildProgram(name);
  let database: PreparedDatabase | undefined;
  program.hook("preAction", async (_program, action) => {
    // `verify --jwks file` checks a document offline against a saved key set: no database to start.
    if (action.name() === "verify" && action.opts().jwks !== undefined) return;
    // `listen` talks to the API only: it must work against a hosted deployment's.
    if (action.name() === "listen") return;
    // `liabilities verify` checks saved JSON files only.
    if (action.name() === "verify" && action.parent?.name() === "liabilities") return;
    database = await prepareDatabase();
  });
  try {
    // No arguments at all is a request for the list of commands, not a mistake.
    await program.parseAsync(argv.length === 0 ? ["help"] : argv, { from: "user" });
    return 0;
  } catch (error) {
    // Commander has already printed its message (and the hint) for a usage error.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    if (database) {
      await disconnectDb();
      await database.stop();
    }
  }
}
