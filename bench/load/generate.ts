// The load generator, one process per measurement (the orchestrator pins it to its own core).
// closed: N connections each send, await, send again — the saturation throughput.
// open: requests leave on a fixed schedule whatever the server does, and each latency counts from
// the request's *intended* send time (wrk2's method), so a stalled server cannot hide its stall by
// slowing the generator down (coordinated omission).
// Usage: node --import tsx bench/load/generate.ts '<json spec>'; prints one JSON result line.
import { readFileSync } from "node:fs";
import { createHttpClient } from "./http-client";
import { newLatencyHistogram, recordMs, summarize, type LatencySummary } from "./latency";
import { runOpenSchedule } from "./open-schedule";
import { buildRequest, type HttpScenarioId, type SeedData } from "./scenarios";
import { findStalls, type Stalls } from "./stalls";

export type GeneratorSpec = {
  baseUrl: string;
  scenario: HttpScenarioId;
  seedFile: string;
  /** Unique per run; keeps the write scenario's keys apart. */
  tag: string;
  warmupSeconds: number;
  seconds: number;
  timeoutMs: number;
  /**
   * The overload scenario (bench/overload/report.ts): 503 answers timed apart from the served ones, and
   * after the schedule a gentle probe (one request at a time) until one is answered normally again.
   */
  overload?: { expectStatus: number; normalMs: number; probeGiveUpMs: number };
} & ({ mode: "closed"; connections: number } | { mode: "open"; rate: number; maxSockets: number });

export type GeneratorResult = {
  mode: "closed" | "open";
  /** Requests completed with the scenario's success status, per second of the measured window. */
  throughput: number;
  /** For open runs: the rate asked for. */
  targetRate?: number;
  completed: number;
  statusCounts: Record<string, number>;
  /** Requests still unanswered when the run gave up on them (counted as failures, latency = wait so far). */
  unanswered: number;
  latency: LatencySummary;
  /** CPU time of this process over the window, as a fraction of one core: near 1 means the generator, not the server, was the limit. */
  generatorCpu: number;
  /** For open runs: the slow requests merged where they overlap (bench/load/stalls.ts). */
  stalls?: Stalls;
  /** For open runs: the measured window on the wall clock (epoch ms), from the first intended send to the last answer. */
  windowEpochMs?: [number, number];
  /** With `overload`: the 503 answers' latencies (not in `latency`), and ms from the schedule's end until a probe was answered normally (null: never within probeGiveUpMs). */
  refusedLatency?: LatencySummary;
  recoveryMs?: number | null;
};

const spec = JSON.parse(process.argv[2] ?? "") as GeneratorSpec;
const seed = JSON.parse(readFileSync(spec.seedFile, "utf8")) as SeedData;
const client = createHttpClient(
  spec.baseUrl,
  spec.mode === "closed" ? spec.connections : spec.maxSockets,
  spec.timeoutMs,
);
const histogram = newLatencyHistogram();
const refusedHistogram = newLatencyHistogram();
const statusCounts: Record<string, number> = {};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function countStatus(status: number) {
  const key = String(status);
  statusCounts[key] = (statusCounts[key] ?? 0) + 1;
}

async function closedLoop(connections: number): Promise<GeneratorResult> {
  const started = performance.now();
  const measureFrom = started + spec.warmupSeconds * 1000;
  const measureUntil = measureFrom + spec.seconds * 1000;
  let n = 0;
  let completed = 0;
  let cpuAtStart: NodeJS.CpuUsage | undefined;
  const loop = async () => {
    while (performance.now() < measureUntil) {
      const sentAt = performance.now();
      const status = await client.send(buildRequest(spec.scenario, seed, n++, spec.tag));
      const doneAt = performance.now();
      if (sentAt < measureFrom || doneAt > measureUntil) continue;
      countStatus(status);
      if (status >= 200 && status < 300) completed++;
      recordMs(histogram, doneAt - sentAt);
    }
  };
  const warmupTimer = setTimeout(() => (cpuAtStart = process.cpuUsage()), spec.warmupSeconds * 1000);
  await Promise.all(Array.from({ length: connections }, loop));
  clearTimeout(warmupTimer);
  const cpu = process.cpuUsage(cpuAtStart);
  return {
    mode: "closed",
    throughput: completed / spec.seconds,
    completed,
    statusCounts,
    unanswered: 0,
    latency: summarize(histogram),
    generatorCpu: (cpu.user + cpu.system) / 1000 / (spec.seconds * 1000),
  };
}

async function openLoop(rate: number): Promise<GeneratorResult> {
  const inFlight = new Map<number, number>();
  // [intended send, answer] on the wall clock (epoch ms), so the run can set them beside the
  // server's own pauses.
  const spans: [number, number][] = [];
  const epoch = (ms: number) => performance.timeOrigin + ms;
  let completed = 0;
  const { generatorCpu } = await runOpenSchedule(
    { rate, warmupSeconds: spec.warmupSeconds, seconds: spec.seconds },
    (index, intendedAt, measured) => {
      if (measured) inFlight.set(index, intendedAt);
      void client.send(buildRequest(spec.scenario, seed, index, spec.tag)).then((status) => {
        if (!measured || !inFlight.delete(index)) return;
        countStatus(status);
        if (status >= 200 && status < 300) completed++;
        const doneAt = performance.now();
        recordMs(spec.overload && status === 503 ? refusedHistogram : histogram, doneAt - intendedAt);
        spans.push([epoch(intendedAt), epoch(doneAt)]);
      });
    },
  );
  const recovery = spec.overload ? probeUntilNormal(spec.overload) : undefined;
  // Stragglers get the request timeout to finish; whatever is left then is recorded as waited-for.
  const giveUpAt = performance.now() + spec.timeoutMs + 1000;
  while (inFlight.size > 0 && performance.now() < giveUpAt) await sleep(20);
  const unanswered = inFlight.size;
  const recoveryMs = await recovery;
  const givenUpAt = performance.now();
  for (const intendedAt of inFlight.values()) {
    recordMs(histogram, givenUpAt - intendedAt);
    spans.push([epoch(intendedAt), epoch(givenUpAt)]);
  }
  return {
    mode: "open",
    throughput: completed / spec.seconds,
    targetRate: rate,
    completed,
    statusCounts,
    unanswered,
    latency: summarize(histogram),
    generatorCpu,
    stalls: findStalls(spans),
    ...(spec.overload ? { refusedLatency: summarize(refusedHistogram), recoveryMs } : {}),
    windowEpochMs:
      spans.length === 0
        ? undefined
        : [Math.min(...spans.map(([from]) => from)), Math.max(...spans.map(([, to]) => to))],
  };
}

/**
 * From the end of the schedule: one request at a time, 50 ms apart, until one gets the scenario's
 * status within `normalMs`; stragglers of the load may still be finishing meanwhile.
 */
async function probeUntilNormal(overload: NonNullable<GeneratorSpec["overload"]>): Promise<number | null> {
  const from = performance.now();
  const probeClient = createHttpClient(spec.baseUrl, 1, spec.timeoutMs);
  try {
    for (let n = 0; performance.now() - from < overload.probeGiveUpMs; n++) {
      const sentAt = performance.now();
      const status = await probeClient.send(buildRequest(spec.scenario, seed, 1_000_000_000 + n, `${spec.tag}-probe`));
      const doneAt = performance.now();
      if (status === overload.expectStatus && doneAt - sentAt <= overload.normalMs) return Math.round(doneAt - from);
      await sleep(50);
    }
    return null;
  } finally {
    probeClient.close();
  }
}

const result = spec.mode === "closed" ? await closedLoop(spec.connections) : await openLoop(spec.rate);
client.close();
process.stdout.write(`${JSON.stringify(result)}\n`);
