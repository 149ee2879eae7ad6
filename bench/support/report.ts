// The benchmark's results: per scenario and target the raw runs and their medians, the printed
// table, and the copy of that table kept in bench/README.md.
import { readFileSync, writeFileSync } from "node:fs";
import type { MachineInfo } from "./machine";

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
  unit: "req/s" | "deliveries/s";
  ours: TargetPoint;
  baseline: TargetPoint;
  /** ours / baseline throughput. */
  ratio: number;
};

export type BenchResults = {
  machine: MachineInfo;
  settings: Record<string, unknown>;
  scenarios: ScenarioResult[];
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

export function resultTable(scenarios: ScenarioResult[]): string {
  const header = [
    "scenario",
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
    (["ours", "baseline"] as const).flatMap((target) => s[target].warnings.map((w) => `${s.number} ${target}: ${w}`)),
  );
}

function machineLine(machine: MachineInfo): string {
  return (
    `${machine.date.slice(0, 10)}, ${machine.nproc} × ${machine.cpuModel}, ${machine.memoryGb} GB, ` +
    `${machine.kernel}, Node.js ${machine.node}, PostgreSQL ${machine.postgres}, commit ${machine.gitCommit.slice(0, 10)}` +
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
  const warnings = warningLines(results.scenarios);
  const block = [
    START,
    "",
    `Machine: ${machineLine(results.machine)}.`,
    `Settings: ${settings.runs} runs per point (median shown), ${settings.seconds} s each after warm-up, ` +
      `${settings.connections} connections at saturation; half-load latency at a constant rate of half each side's own median throughput.`,
    "",
    resultTable(results.scenarios),
    "",
    ...(warnings.length > 0 ? ["Warnings (marked (!) above):", "", ...warnings.map((w) => `- ${w}`), ""] : []),
    END,
  ].join("\n");
  writeFileSync(readmePath, text.slice(0, start) + block + text.slice(end + END.length));
  return true;
}
