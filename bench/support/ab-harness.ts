// The in-process A/B of the spend route that bench/spending-controls/run.ts and
// bench/authorization-decisions/run.ts share: the real route handler (pipeline, zod, Prisma,
// PostgreSQL; no Next.js server) called for alternating blocks of spends of two variants, so a busy
// shared machine slows both alike, and each round's own ratio of the process's CPU and wall time per
// spend. `--only <variant>` runs that variant's blocks alone; `--profile <file>` writes a V8 CPU
// profile of the measured rounds only (not the start-up, seeding or warm-up a `node --cpu-prof` of the
// whole process is mostly made of), which bench/support/profile-summary.ts reads.
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import os from "node:os";
import { parseArgs } from "node:util";

export type AbSettings = {
  rounds: number;
  block: number;
  concurrency: number;
  wallets: number;
  only?: string;
  profile?: string;
};
type Sample = { cpuUsPerSpend: number; wallMsPerSpend: number };

/** The command line's settings, with the script's own defaults for rounds and block. */
export function abSettings(defaults: { rounds: number; block: number }): AbSettings {
  const { values } = parseArgs({
    options: {
      rounds: { type: "string", default: String(defaults.rounds) },
      block: { type: "string", default: String(defaults.block) },
      concurrency: { type: "string", default: "4" },
      wallets: { type: "string", default: "50" },
      only: { type: "string" },
      profile: { type: "string" },
    },
  });
  return {
    rounds: Number(values.rounds),
    block: Number(values.block),
    concurrency: Number(values.concurrency),
    wallets: Number(values.wallets),
    ...(values.only ? { only: values.only } : {}),
    ...(values.profile ? { profile: values.profile } : {}),
  };
}

/** The environment every A/B runs in: the limiter counting in memory, raised as in bench/run.ts. */
export function abEnvironment(): void {
  process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/test";
  process.env.API_RATE_LIMIT_PER_MINUTE = "1000000000";
  // The decision endpoints measured listen on this machine's loopback (docs/decisions/loopback-endpoints.md).
  process.env.ALLOW_LOOPBACK_ENDPOINTS = "true";
  delete process.env.REDIS_URL;
}

/** The median, or NaN for no values. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

export function item<T>(list: readonly T[], index: number): T {
  const value = list[index % list.length];
  if (value === undefined) throw new Error("an empty list");
  return value;
}

/**
 * A spend through the real route handler, answering 201 or throwing. Imported only when called,
 * after the run's DATABASE_URL is set.
 */
export async function routeSpender(): Promise<(key: string, cardId: string) => Promise<void>> {
  const { POST } = await import("@/app/api/public/sdk/v1/cards/[id]/authorizations/route");
  const { CLIENT_ADDRESS_HEADER } = await import("@/lib/client-address");
  const body = JSON.stringify({ amount: 0.01, merchant: { name: "Bench Coffee", category: "5814", country: "US" } });
  return async (key, cardId) => {
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
  };
}

/**
 * Warms both variants up, then runs `rounds` rounds of one block of each (their order alternating)
 * and prints the report as JSON: each variant's median CPU and wall time per spend and the median of
 * the rounds' own ratios (B / A), so a slow moment that hit both blocks of a round cancels out.
 */
export async function runAb<A extends string, B extends string>(
  settings: AbSettings,
  variants: readonly [A, B],
  spend: (variant: A | B, index: number) => Promise<void>,
): Promise<void> {
  const { rounds, block, concurrency } = settings;
  let n = 0;
  async function runBlock(variant: A | B): Promise<Sample> {
    let next = 0;
    const cpu = process.cpuUsage();
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < block) {
          next++;
          await spend(variant, n++);
        }
      }),
    );
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { cpuUsPerSpend: (used.user + used.system) / block, wallMsPerSpend: wallMs / block };
  }

  const load = () => os.loadavg().map((l) => Number(l.toFixed(2)));
  console.error(`load average at start: ${load().join(" ")}`);
  const [a, b] = variants;
  const only = settings.only === undefined ? null : variants.find((v) => v === settings.only);
  if (settings.only !== undefined && !only) throw new Error(`--only is one of ${variants.join(", ")}`);
  // Warm-up: JIT, connection pool, key cache, both paths.
  for (const variant of only ? [only] : variants) await runBlock(variant);
  const samples = new Map<A | B, Sample[]>(variants.map((v) => [v, []]));
  const profiler = settings.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
  }
  for (let round = 0; round < rounds; round++) {
    const order = only ? [only] : round % 2 === 0 ? [a, b] : [b, a];
    for (const variant of order) samples.get(variant)?.push(await runBlock(variant));
  }
  if (profiler && settings.profile) {
    const { profile } = await profiler.post("Profiler.stop");
    await writeFile(settings.profile, JSON.stringify(profile));
    profiler.disconnect();
  }
  const of = (variant: A | B) => samples.get(variant) ?? [];
  const report = (variant: A | B) => ({
    cpuUsPerSpend: Math.round(median(of(variant).map((s) => s.cpuUsPerSpend))),
    wallMsPerSpend: Number(median(of(variant).map((s) => s.wallMsPerSpend)).toFixed(3)),
  });
  const ratio = (field: keyof Sample) =>
    Number(median(of(a).map((sa, i) => item(of(b), i)[field] / sa[field])).toFixed(3));
  console.log(
    JSON.stringify(
      {
        settings,
        loadAverageAtEnd: load(),
        ...(only
          ? { [only]: report(only) }
          : {
              [a]: report(a),
              [b]: report(b),
              medianRoundRatio: { cpu: ratio("cpuUsPerSpend"), wall: ratio("wallMsPerSpend") },
            }),
      },
      null,
      2,
    ),
  );
}

/** Runs `main`, exiting 0 or, with the error printed, 1 (the route's pools would keep it alive). */
/**
 * A decision endpoint answering {"approved": true} at once over keep-alive, in a process of its own
 * so its work is not counted as the spend's CPU (nor profiled when NODE_OPTIONS asks for --cpu-prof).
 */
export async function startApprovingEndpoint(port: number): Promise<{ url: string; stop(): void }> {
  const endpoint = spawn(
    process.execPath,
    [
      "-e",
      `const a=JSON.stringify({approved:true});const s=require("node:http").createServer((q,r)=>{q.resume();q.on("end",()=>{r.writeHead(200,{"content-type":"application/json","content-length":a.length});r.end(a)})});s.keepAliveTimeout=65000;s.listen(${port},"127.0.0.1",()=>console.log("up"))`,
    ],
    { stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, NODE_OPTIONS: "" } },
  );
  await new Promise<void>((resolve) => endpoint.stdout.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}/decide`, stop: () => endpoint.kill() };
}

export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
