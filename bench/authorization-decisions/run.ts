// What asking a decision endpoint costs a spend (issue 25), measured A/B in one process
// (bench/support/ab-harness.ts): blocks of spends of an application without a decision endpoint
// (scenario 5a's) alternate with blocks of one whose endpoint, a node:http server in a child process
// answering {"approved": true} at once, is asked by every spend (5d's). Reports the process's CPU
// time and wall time per spend. A complement to `npm run bench -- --scenarios 5`, whose absolute
// figures a loaded machine ruins.
//
//   npx tsx bench/authorization-decisions/run.ts [--rounds 10] [--block 100] [--concurrency 4] [--wallets 50] [--only plain|decided]
//
// Needs PostgreSQL at DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test; a database
// bench_ad_<run> is made there and dropped at the end).
import { randomBytes } from "node:crypto";
import { createRunDatabase } from "@/lib/db/run-database";
import {
  abEnvironment,
  abSettings,
  item,
  routeSpender,
  runAb,
  runScript,
  startApprovingEndpoint,
} from "../support/ab-harness";

const settings = abSettings({ rounds: 10, block: 100 });

async function main(): Promise<void> {
  abEnvironment();
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const database = await createRunDatabase("bench_ad", runId);
  const port = 3490 + Math.floor(Math.random() * 100);
  const endpoint = await startApprovingEndpoint(port);
  process.env.DATABASE_URL = database.url;
  try {
    const { seedApiData } = await import("../support/seed");
    const spend = await routeSpender();
    const { seed } = await seedApiData(runId, { keys: 1, wallets: settings.wallets }, endpoint.url);
    const keys = { plain: item(seed.keys, 0), decided: item(seed.decisionKeys, 0) };
    const cards = { plain: seed.spreadCardIds, decided: seed.decisionCardIds };
    await runAb(settings, ["plain", "decided"], (variant, n) => spend(keys[variant], item(cards[variant], n)));
  } finally {
    // Every pool of the process (Prisma's, the pre-check's) before the database goes.
    const { disconnectDb } = await import("@/lib/db/client");
    await disconnectDb().catch(() => undefined);
    await database.drop();
    endpoint.stop();
  }
}

runScript(main);
