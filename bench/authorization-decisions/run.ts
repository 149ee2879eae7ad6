// What asking a decision endpoint costs a spend (issue 25), measured A/B in one process: the real spend
// route handler (pipeline, zod, Prisma, PostgreSQL; no Next.js server) alternates blocks of spends of
// an application without a decision endpoint (scenario 5a's) and of one whose endpoint, a node:http
// server in a child process answering {"approved": true} at once, is asked by every spend (5d's),
// so a busy shared machine slows both alike. Reports the process's CPU time and wall time per spend.
// A complement to `npm run bench -- --scenarios 5`, whose absolute figures a loaded machine ruins.
//
//   npx tsx bench/authorization-decisions/run.ts [--rounds 10] [--block 100] [--concurrency 4] [--wallets 50]
//
// Needs PostgreSQL at DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/test; a database
// bench_ad_<run> is made there and dropped at the end).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import { createRunDatabase } from "@/lib/db/run-database";

const { values: flags } = parseArgs({
  options: {
    rounds: { type: "string", default: "10" },
    block: { type: "string", default: "100" },
    concurrency: { type: "string", default: "4" },
    wallets: { type: "string", default: "50" },
  },
});
const rounds = Number(flags.rounds);
const block = Number(flags.block);
const concurrency = Number(flags.concurrency);
const wallets = Number(flags.wallets);

type Variant = "plain" | "decided";
type Sample = { cpuUsPerSpend: number; wallMsPerSpend: number };

/** The median, or NaN for no values. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function item<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error("an empty list");
  return value;
}

async function main(): Promise<void> {
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  // The limiter counts in memory here, raised by configuration as in bench/run.ts.
  process.env.API_RATE_LIMIT_PER_MINUTE = "1000000000";
  delete process.env.REDIS_URL;
  const runId = `${Date.now()}_${randomBytes(4).toString("hex")}`;
  const database = await createRunDatabase("bench_ad", runId);
  // The endpoint in a process of its own, so its work is not counted as the spend's CPU.
  const port = 3490 + Math.floor(Math.random() * 100);
  const endpoint = spawn(
    process.execPath,
    [
      "-e",
      `const a=JSON.stringify({approved:true});const s=require("node:http").createServer((q,r)=>{q.resume();q.on("end",()=>{r.writeHead(200,{"content-type":"application/json","content-length":a.length});r.end(a)})});s.keepAliveTimeout=65000;s.listen(${port},"127.0.0.1",()=>console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve) => endpoint.stdout.once("data", () => resolve()));
  process.env.DATABASE_URL = database.url;
  try {
    const { seedApiData } = await import("../support/seed");
    const { POST } = await import("@/app/api/public/sdk/v1/cards/[id]/authorizations/route");
    const { CLIENT_ADDRESS_HEADER } = await import("@/lib/client-address");
    const { seed } = await seedApiData(runId, { keys: 1, wallets }, `http://127.0.0.1:${port}/decide`);
    const keys: Record<Variant, string> = { plain: item(seed.keys, 0), decided: item(seed.decisionKeys, 0) };
    const cards: Record<Variant, string[]> = { plain: seed.spreadCardIds, decided: seed.decisionCardIds };
    const body = JSON.stringify({ amount: 0.01, merchant: { name: "Bench Coffee", category: "5814", country: "US" } });

    let n = 0;
    async function spend(key: string, cardId: string): Promise<void> {
      const request = new Request(`http://localhost/api/public/sdk/v1/cards/${cardId}/authorizations`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
          [CLIENT_ADDRESS_HEADER]: "127.0.0.1",
        },
        body,
      });
      const response = await POST(request, { params: Promise.resolve({ id: cardId }) });
      await response.text();
      if (response.status !== 201) throw new Error(`spend answered ${response.status}`);
    }
    async function runBlock(variant: Variant): Promise<Sample> {
      const list = cards[variant];
      let next = 0;
      const cpu = process.cpuUsage();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < block) {
            next++;
            await spend(keys[variant], item(list, n++));
          }
        }),
      );
      const wallMs = performance.now() - start;
      const used = process.cpuUsage(cpu);
      return { cpuUsPerSpend: (used.user + used.system) / block, wallMsPerSpend: wallMs / block };
    }

    console.error(
      `load average at start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
    // Warm-up: JIT, connection pool, key cache, both paths.
    await runBlock("plain");
    await runBlock("decided");
    const samples: Record<Variant, Sample[]> = { plain: [], decided: [] };
    for (let round = 0; round < rounds; round++) {
      const order: Variant[] = round % 2 === 0 ? ["plain", "decided"] : ["decided", "plain"];
      for (const variant of order) samples[variant].push(await runBlock(variant));
    }
    const report = (variant: Variant) => ({
      cpuUsPerSpend: Math.round(median(samples[variant].map((s) => s.cpuUsPerSpend))),
      wallMsPerSpend: Number(median(samples[variant].map((s) => s.wallMsPerSpend)).toFixed(3)),
    });
    const plain = report("plain");
    const decided = report("decided");
    // Each round's own ratio, so a slow moment that hit both blocks of a round cancels out.
    const ratios = (field: keyof Sample) =>
      median(samples.plain.map((p, i) => item(samples.decided, i)[field] / p[field]));
    console.log(
      JSON.stringify(
        {
          settings: { rounds, block, concurrency, wallets },
          loadAverageAtEnd: os.loadavg(),
          plain,
          decided,
          medianRoundRatio: {
            cpu: Number(ratios("cpuUsPerSpend").toFixed(3)),
            wall: Number(ratios("wallMsPerSpend").toFixed(3)),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    const { prisma } = await import("@/lib/db/client");
    await prisma()
      .$disconnect()
      .catch(() => undefined);
    await database.drop();
    endpoint.kill();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
