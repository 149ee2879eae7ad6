// Times the console reads of issue 28 on two bulk-seeded applications tenfold apart (warm, median of
// five), with DATABASE_URL a scratch database: `tsx tests/helpers/measure-console-volume.ts 100000`.
import { prisma, disconnectDb } from "@/lib/db/client";
import { listEvents } from "@/lib/console/list-events";
import { listRequestLog } from "@/lib/console/list-request-log";
import { searchWallets } from "@/lib/console/search-wallets";
import { listWalletTransactions } from "@/lib/ledger/list-wallet-transactions";
import { endpointStats } from "@/lib/webhooks/endpoint-stats";
import { seedConsoleVolume } from "./console-volume";
import { setupApp } from "./fixtures";

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}

async function measure(rows: number) {
  const app = await setupApp();
  const seedStart = performance.now();
  const volume = await seedConsoleVolume(app.appId, rows);
  const seeded = Math.round((performance.now() - seedStart) / 1000);
  const db = prisma();
  const tenant = { applicationId: app.appId, livemode: false };
  const figures = {
    "events list": await median(() => listEvents(db, app.merchant.id, app.appId, {})),
    "endpoint figures": await median(() => endpointStats(db, volume.endpointId)),
    "wallet search": await median(() =>
      searchWallets(db, app.merchant.id, app.appId, { externalUserId: volume.walletNeedle }),
    ),
    "request log, path contains": await median(() =>
      listRequestLog(db, app.merchant.id, app.appId, { path: volume.pathNeedle }),
    ),
    "wallet transactions, first page": await median(() =>
      listWalletTransactions(db, tenant, volume.busyWallet.externalUserId, { limit: 20, starting_after: undefined }),
    ),
  };
  return { rows, seeded, figures };
}

const sizes = process.argv.slice(2).map(Number);
const results = [];
for (const rows of sizes) results.push(await measure(rows));
console.log(JSON.stringify(results, null, 2));
await disconnectDb();
