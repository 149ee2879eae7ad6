// The benchmark's results: per scenario and target the raw runs and their medians, the printed
// table, and the copy of that table kept in bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import type { MachineInfo } from "./machine";
import { growthSummary, growthTables, type GrowthResult } from "./growth-report";
import type { OverloadResult } from "../overload/report";

export type TargetName = "ours" | "baseline";

export type TargetPoint = {
  /** Saturation throughput of each run (requests or deliveries per second). */
  throughputRuns: number[];
  throughput: number;
  /** The constant rate of the latency runs: half of `throughput`. */
  halfLoadRate: number;
  p50Runs: number[];
  p99Runs: number[];
  p50: number;
  p99: number;
  rssMb: number;
  /** CPU of the server's (or worker's) process tree at saturation, as a fraction of one core. */
  serverCpu: number;
  /** Anything that makes the figure less than it seems (a busy generator, failed requests). */
  warnings: string[];
  raw: { saturation: unknown[]; halfLoad: unknown[] };
};

export type ScenarioResult = {
  id: string;
  number: string;
  title: string;
  /** The Node.js version both sides' servers and workers ran on (`--node`). */
  node: string;
  unit: "req/s" | "deliveries/s";
  ours: TargetPoint;
  baseline: TargetPoint;
  /** ours / baseline throughput. */
  ratio: number;
};

/** Scenario 7: our server with one process against one per core, each side saturated alone. */
export type ScalingPoint = {
  /** WEB_CONCURRENCY of this side. */
  processes: number;
  throughputRuns: number[];
  throughput: number;
  /** CPU of the whole process tree at saturation, as a fraction of one core (2.0 = two cores). */
  serverCpu: number;
  /** Peak RSS summed over the process tree (primary and workers). */
  rssTreeMb: number;
  /** Peak RSS of the largest single process of the tree (with one process, that process). */
  rssLargestProcessMb: number;
  warnings: string[];
  raw: { saturation: unknown[] };
};

export type ScalingKind = {
  scenario: string;
  title: string;
  one: ScalingPoint;
  all: ScalingPoint;
  /** all.throughput / one.throughput: how far one process per core multiplies one process. Not a ratio to the baseline. */
  scalingFactor: number;
};

export type ScalingResult = {
  id: "scaling";
  number: "7";
  title: string;
  node: string;
  unit: "req/s";
  cores: number;
  kinds: ScalingKind[];
};

export type BenchResults = {
  machine: MachineInfo;
  settings: Record<string, unknown>;
  scenarios: ScenarioResult[];
  /** Scenario 7, once per Node.js version, when it ran: both sides are ours, so it is kept apart from the baseline ratios. */
  scaling?: ScalingResult[];
  /** The overload scenario (issue 42), once per Node.js version, when it ran: ours alone, past saturation. */
  overload?: OverloadResult[];
  /** The growth scenario, when it ran: ours alone, at two data sizes. */
  growth?: GrowthResult;
  loadAverageAtEnd: number[];
  durationSeconds: number;
};

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const round = (n: number) => (n >= 100 ? Math.round(n).toString() : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** One table per Node.js version, in the order they ran. */
export function resultTables(scenarios: ScenarioResult[]): string {
  const versions = [...new Set(scenarios.map((s) => s.node))];
  return versions.map((node) => resultTable(scenarios.filter((s) => s.node === node))).join("\n\n");
}

export function resultTable(scenarios: ScenarioResult[]): string {
  const header = [
    `scenario (Node.js ${scenarios[0]?.node ?? "?"})`,
    "ours /s",
    "baseline /s",
    "ratio",
    "p50 ms (ours / base)",
    "p99 ms (ours / base)",
    "RSS MiB (ours / base)",
  ];
  const rows = scenarios.map((s) => [
    `${s.number}. ${s.title}${s.ours.warnings.length + s.baseline.warnings.length > 0 ? " (!)" : ""}`,
    Math.round(s.ours.throughput).toString(),
    Math.round(s.baseline.throughput).toString(),
    `${(s.ratio * 100).toFixed(0)}%`,
    `${round(s.ours.p50)} / ${round(s.baseline.p50)}`,
    `${round(s.ours.p99)} / ${round(s.baseline.p99)}`,
    `${s.ours.rssMb} / ${s.baseline.rssMb}`,
  ]);
  const lines = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`);
  return lines.join("\n");
}

export function warningLines(scenarios: ScenarioResult[]): string[] {
  return scenarios.flatMap((s) =>
    (["ours", "baseline"] as const).flatMap((target) =>
      s[target].warnings.map((w) => `${s.number} ${target} (Node.js ${s.node}): ${w}`),
    ),
  );
}

/** Scenario 7's own table: a scaling factor between two configurations of ours, never a ratio to the baseline. */
export function scalingTable(scaling: ScalingResult): string {
  const all = `${scaling.cores} processes`;
  const header = [
    `7. all cores against one core (Node.js ${scaling.node})`,
    "1 process /s",
    `${all} /s`,
    "scaling factor (all / one)",
    "server CPU, cores (1 / all)",
    "RSS MiB, tree (1 / all)",
    "RSS MiB, largest process (1 / all)",
  ];
  const rows = scaling.kinds.map((k) => [
    `${k.title}${k.one.warnings.length + k.all.warnings.length > 0 ? " (!)" : ""}`,
    Math.round(k.one.throughput).toString(),
    Math.round(k.all.throughput).toString(),
    `${k.scalingFactor.toFixed(2)}×`,
    `${k.one.serverCpu.toFixed(2)} / ${k.all.serverCpu.toFixed(2)}`,
    `${k.one.rssTreeMb} / ${k.all.rssTreeMb}`,
    `${k.one.rssLargestProcessMb} / ${k.all.rssLargestProcessMb}`,
  ]);
  const lines = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`);
  return lines.join("\n");
}

export function scalingWarningLines(scalings: ScalingResult[] | undefined): string[] {
  return (scalings ?? []).flatMap((scaling) =>
    scaling.kinds.flatMap((k) =>
      (["one", "all"] as const).flatMap((side) =>
        k[side].warnings.map((w) => `7 ${k.scenario}, ${k[side].processes} process(es), Node.js ${scaling.node}: ${w}`),
      ),
    ),
  );
}

function machineLine(machine: MachineInfo): string {
  return (
    `${machine.date.slice(0, 10)}, ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGb} GB, ` +
    `${machine.kernel}, Node.js ${machine.nodeVersions?.join(" and ") ?? machine.node}, PostgreSQL ${machine.postgres}, commit ${machine.gitCommit.slice(0, 10)}` +
    `${machine.gitDirty ? " (with uncommitted changes)" : ""}, load average at start ${machine.loadAverageAtStart.join(" ")}`
  );
}

const START = "<!-- bench:latest:start -->";
const END = "<!-- bench:latest:end -->";

/** Replaces the README's latest-results block (between the markers) with this run's table. */
export function updateReadme(readmePath: string, results: BenchResults): boolean {
  const text = readFileSync(readmePath, "utf8");
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start === -1 || end < start) return false;
  const settings = results.settings;
  const warnings = [...warningLines(results.scenarios), ...scalingWarningLines(results.scaling)];
  const block = [
    START,
    "",
    `Machine: ${machineLine(results.machine)}.`,
    `Settings: ${settings.runs} runs per point (median shown), ${settings.seconds} s each after warm-up, ` +
      `${settings.connections} connections at saturation; half-load latency at a constant rate of half each side's own median throughput.`,
    "",
    resultTables(results.scenarios),
    "",
    ...(results.scaling && results.scaling.length > 0
      ? [
          `Scenario 7 compares ours with ours: saturation throughput with WEB_CONCURRENCY=${results.scaling[0]?.cores} (one process per core) as a multiple of WEB_CONCURRENCY=1, both unpinned.`,
          "",
          results.scaling.map(scalingTable).join("\n\n"),
          "",
        ]
      : []),
    ...(results.growth ? [growthSummary(results.growth), "", growthTables(results.growth), ""] : []),
    ...(warnings.length > 0 ? ["Warnings (marked (!) above):", "", ...warnings.map((w) => `- ${w}`), ""] : []),
    END,
  ].join("\n");
  writeFileSync(readmePath, text.slice(0, start) + block + text.slice(end + END.length));
  return true;
}
