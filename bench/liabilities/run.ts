// Proof-of-liabilities snapshot cost: time and peak memory of one snapshot at 10k, 100k and 1M
// live wallets (issue 26.2 asks for a million in under a minute). Seeds a fresh database in bulk
// SQL, then takes each snapshot in a child process of its own, so its peak RSS (VmHWM) is the
// snapshot's and not the seeding's; the child also times one inclusion proof.
//
//   npx tsx bench/liabilities/run.ts                      # 10k, 100k, 1M
//   npx tsx bench/liabilities/run.ts --sizes 10000,50000  # other sizes
//
// Needs PostgreSQL at DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test; a database
// bench_pol_<run> is made there and dropped at the end) and a superuser role for the seeding.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { REPO_ROOT } from "@/lib/db/paths";
import { createRunDatabase } from "@/lib/db/run-database";
import { machineInfo } from "../support/machine";

type ChildReport = {
  wallets: number;
  snapshotMs: number;
  streamMs: number;
  statsMs: number;
  chunks: number;
  baselineRssMiB: number;
  peakRssMiB: number;
  proofMs: number;
  proofSteps: number;
  /** The child's CPU time (user + system) over the snapshot: what it costs apart from waiting. */
  cpuMs?: number;
  /** The load average when the snapshot ended: on a shared machine, wall time follows it. */
  load?: number;
};

const CURRENCY_SPLIT = 10; // every 10th wallet is EUR, the rest USD: two trees, as in practice

function mib(kib: number): number {
  return Math.round((kib / 1024) * 10) / 10;
}

function procStatusKiB(field: "VmRSS" | "VmHWM"): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) : 0;
}

/**
 * Adds live wallets `from`..`to` (inclusive) with their ledger accounts, each funded by a transfer of
 * its own (+amount to the wallet, -amount to the reserve), as fundWallet records it; one in fifty
 * stays at zero. Ids are random-looking, as newId makes them, so reading in id order jumps around
 * the heap as it would in production. Triggers are off for the seeding only (session_replication_role):
 * the per-entry balance trigger would dominate the seeding time, and the rows are balanced by construction.
 */
async function seedWallets(client: pg.Client, applicationId: string, from: number, to: number): Promise<void> {
  const step = 50_000;
  for (let a = from; a <= to; a += step) {
    const b = Math.min(to, a + step - 1);
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(
      `INSERT INTO "Wallet" (id, "applicationId", livemode, "externalUserId", email, currency, "accountNumber")
       SELECT 'wal_' || substr(md5(g::text), 1, 24), $1, true, 'bench_' || g, 'bench@example.com',
              CASE WHEN g % ${CURRENCY_SPLIT} = 0 THEN 'EUR' ELSE 'USD' END, lpad(g::text, 10, '0')
       FROM generate_series($2::int, $3::int) g`,
      [applicationId, a, b],
    );
    await client.query(
      `INSERT INTO "LedgerAccount" (id, "applicationId", livemode, kind, currency, "walletId", "postedMinor")
       SELECT 'lacct_' || substr(md5(g::text), 1, 24), $1, true, 'wallet',
              CASE WHEN g % ${CURRENCY_SPLIT} = 0 THEN 'EUR' ELSE 'USD' END, 'wal_' || substr(md5(g::text), 1, 24),
              CASE WHEN g % 50 = 0 THEN 0 ELSE (g::bigint * 7919) % 1000000 + 1 END
       FROM generate_series($2::int, $3::int) g`,
      [applicationId, a, b],
    );
    await client.query(
      `INSERT INTO "LedgerTransfer" (id, "applicationId", livemode, kind)
       SELECT 'ltr_' || substr(md5(g::text), 1, 24), $1, true, 'funding'
       FROM generate_series($2::int, $3::int) g WHERE g % 50 <> 0`,
      [applicationId, a, b],
    );
    await client.query(
      `INSERT INTO "LedgerEntry" ("transferId", "accountId", currency, amount)
       SELECT 'ltr_' || substr(md5(g::text), 1, 24), side.account, side.currency, side.amount
       FROM generate_series($1::int, $2::int) g,
            LATERAL (SELECT CASE WHEN g % ${CURRENCY_SPLIT} = 0 THEN 'EUR' ELSE 'USD' END AS currency,
                            ((g::bigint * 7919) % 1000000 + 1)::bigint AS amount) v,
            LATERAL (VALUES ('lacct_' || substr(md5(g::text), 1, 24), v.currency, v.amount),
                            ('lacct_reserve_live_' || v.currency, v.currency, -v.amount)) side(account, currency, amount)
       WHERE g % 50 <> 0`,
      [a, b],
    );
    await client.query("COMMIT");
  }
  await client.query(`ANALYZE "Wallet", "LedgerAccount", "LedgerTransfer", "LedgerEntry"`);
}

/** The child: one snapshot on DATABASE_URL, then one proof, reported as a JSON line. */
async function child(): Promise<void> {
  const { prisma, disconnectDb } = await import("@/lib/db/client");
  const { takeLiabilitySnapshot } = await import("@/lib/liabilities/take-liability-snapshot");
  const { liabilityProof } = await import("@/lib/liabilities/liability-proof");
  const db = prisma();
  await db.$queryRaw`SELECT 1`;
  const baselineRss = procStatusKiB("VmRSS");
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  let streamed = started;
  const outcome = await takeLiabilitySnapshot({
    onBatch: () => {
      streamed = performance.now();
    },
  });
  const snapshotMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  if (!outcome.taken) throw new Error(outcome.reason);
  const peakRss = procStatusKiB("VmHWM");
  const chunks = await db.liabilityChunk.count({ where: { snapshotId: outcome.id } });
  const app = await db.wallet.findFirstOrThrow({ where: { externalUserId: "bench_7" }, select: { applicationId: true } });
  const proofStarted = performance.now();
  const proof = await liabilityProof(db, { applicationId: app.applicationId, livemode: true }, "bench_7", outcome.id);
  const proofMs = performance.now() - proofStarted;
  const report: ChildReport = {
    wallets: outcome.wallets,
    snapshotMs: Math.round(snapshotMs),
    streamMs: Math.round(streamed - started),
    statsMs: Math.round(started + snapshotMs - streamed),
    chunks,
    baselineRssMiB: mib(baselineRss),
    peakRssMiB: mib(peakRss),
    proofMs: Math.round(proofMs * 10) / 10,
    proofSteps: proof.path.length,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    load: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
  };
  console.log(JSON.stringify(report));
  await disconnectDb();
}

function runChild(url: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "bench/liabilities/run.ts"), "--child"], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    proc.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    proc.on("error", reject);
    proc.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0) return reject(new Error(`snapshot child exited ${code}: ${out}`));
      resolve(JSON.parse(line) as ChildReport);
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sizes: { type: "string", default: "10000,100000,1000000" },
      child: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
    },
  });
  if (values.child) return child();
  const sizes = values.sizes
    .split(",")
    .map(Number)
    .sort((a, b) => a - b);
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const database = await createRunDatabase("bench_pol", runId);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const version = (await client.query<{ server_version: string }>("SHOW server_version")).rows[0]?.server_version ?? "?";
    const machine = machineInfo(version);
    console.error(`machine: ${machine.cpuModel}, ${machine.nproc} cores, ${machine.memoryGb} GB, load ${machine.loadAverageAtStart.join(" ")}, Node ${machine.node}, PostgreSQL ${version}, commit ${machine.gitCommit}${machine.gitDirty ? " (dirty)" : ""}`);
    // The reserve accounts and one application, inserted directly: the bench needs only live wallets.
    const applicationId = `app_bench${randomBytes(6).toString("hex")}`;
    await client.query("BEGIN");
    await client.query("SET LOCAL session_replication_role = replica");
    await client.query(`INSERT INTO "Application" (id, "accountId", name) VALUES ($1, 'acct_bench', 'bench')`, [applicationId]).catch(async () => {
      // Before accounts existed an application belonged to its merchant directly.
      await client.query("ROLLBACK");
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      await client.query(`INSERT INTO "Application" (id, "merchantId", name) VALUES ($1, 'usr_bench', 'bench')`, [applicationId]);
    });
    await client.query(
      `INSERT INTO "LedgerAccount" (id, livemode, kind, currency) VALUES
       ('lacct_reserve_live_USD', true, 'reserve', 'USD'), ('lacct_reserve_live_EUR', true, 'reserve', 'EUR')`,
    );
    await client.query("COMMIT");

    let seeded = 0;
    const rows: (ChildReport & { seedMs: number })[] = [];
    for (const size of sizes) {
      const seedStarted = performance.now();
      await seedWallets(client, applicationId, seeded + 1, size);
      const seedMs = Math.round(performance.now() - seedStarted);
      seeded = size;
      console.error(`seeded ${size} wallets (${seedMs} ms); taking a snapshot`);
      const report = await runChild(database.url);
      rows.push({ ...report, seedMs });
      console.error(JSON.stringify(report));
    }
    console.log("| live wallets | snapshot | of which streaming + hashing + storing | treasury figures + publish | chunks | peak RSS (idle RSS) | one proof |");
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    for (const r of rows) {
      console.log(
        `| ${r.wallets.toLocaleString("en-US")} | ${(r.snapshotMs / 1000).toFixed(1)} s | ${(r.streamMs / 1000).toFixed(1)} s | ${(r.statsMs / 1000).toFixed(1)} s | ${r.chunks} | ${r.peakRssMiB} MiB (${r.baselineRssMiB} MiB) | ${r.proofMs} ms, ${r.proofSteps} steps |`,
      );
    }
  } finally {
    await client.end();
    if (values.keep) console.error(`kept ${database.url}`);
    else await database.drop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
