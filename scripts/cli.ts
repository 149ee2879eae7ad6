// Operator command line: `npm run cli -- <command>`. Uses the same domain functions as the API
// and console, against DATABASE_URL or the embedded PostgreSQL.
import { parseArgs } from "node:util";
import { loadEnvFiles } from "@/lib/db/load-env-files";
import { prepareDatabase, type PreparedDatabase } from "@/lib/db/prepare-database";
import { COMMANDS, usage } from "@/lib/cli/commands";

async function main() {
  loadEnvFiles();
  const argv = process.argv.slice(2).filter((a, i) => !(i === 0 && a === "--"));
  const twoWords = argv.slice(0, 2).join(" ");
  const [command, args] = COMMANDS[twoWords]
    ? [COMMANDS[twoWords], argv.slice(2)]
    : [argv[0] ? COMMANDS[argv[0]] : undefined, argv.slice(1)];
  if (!command) {
    const asked = argv[0] === undefined || ["help", "--help", "-h"].includes(argv[0]);
    (asked ? console.log : console.error)(`${asked ? "" : `Unknown command: ${argv.join(" ")}\n\n`}${usage()}`);
    process.exit(asked ? 0 : 2);
  }
  let database: PreparedDatabase | undefined;
  try {
    const { values, positionals } = parseArgs({ args, options: command.options, allowPositionals: true, strict: true });
    database = await prepareDatabase();
    await command.run(values as Record<string, string | boolean | undefined>, positionals);
  } finally {
    const { disconnectDb } = await import("@/lib/db/client");
    await disconnectDb();
    await database?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
