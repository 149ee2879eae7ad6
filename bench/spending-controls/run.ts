// What spending controls cost a spend, measured A/B in one process (bench/support/ab-harness.ts):
// blocks of spends on plain cards (scenario 5a's) alternate with blocks on cards with a daily limit
// and ten blocked categories (scenario 5c's). Reports the process's CPU time and the wall time per
// spend. A complement to `npm run bench -- --scenarios 5`, whose absolute figures a loaded machine ruins.
//
//   npx tsx bench/spending-controls/run.ts [--rounds 20] [--block 200] [--concurrency 4] [--wallets 50] [--only plain|controlled]
//
// Needs PostgreSQL at DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test; a database
// bench_sc_<run> is made there and dropped at the end).
import { randomBytes } from "node:crypto";
import { createRunDatabase } from "@/lib/db/run-database";
import { abEnvironment, abSettings, item, routeSpender, runAb, runScript } from "../support/ab-harness";

const settings = abSettings({ rounds: 20, block: 200 });

async function main(): Promise<void> {
  abEnvironment();
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const database = await createRunDatabase("bench_sc", runId);
  process.env.DATABASE_URL = database.url;
  try {
    const { seedApiData } = await import("../support/seed");
    const spend = await routeSpender();
    const { seed } = await seedApiData(runId, { keys: 1, wallets: settings.wallets });
    const key = item(seed.keys, 0);
    const cards = { plain: seed.spreadCardIds, controlled: seed.controlledCardIds };
    await runAb(settings, ["plain", "controlled"], (variant, n) => spend(key, item(cards[variant], n)));
  } finally {
    // Every pool of the process (Prisma's, the pre-check's) before the database goes.
    const { disconnectDb } = await import("@/lib/db/client");
    await disconnectDb().catch(() => undefined);
    await database.drop();
  }
}

runScript(main);
