// The overload scenario's results (issue 42, bench/README.md "Overload"): per loaded scenario, its
// saturation rate, then an open loop at 1x, 2x and 3x that rate, each reduced to what the issue's
// targets name, and the check of those targets at 3x.
import type { GeneratorResult } from "../load/generate";

export const OVERLOAD_MULTIPLES = [1, 2, 3] as const;

/** The issue's targets, checked at 3x. */
export const OVERLOAD_TARGETS = {
  servedP99Ms: 1_000,
  refusedP99Ms: 50,
  recoveryMs: 2_000,
  /** Served throughput at 3x over the saturation throughput. */
  servedShare: 0.8,
} as const;

export type OverloadPoint = {
  multiple: number;
  offeredRate: number;
  servedRate: number;
  servedP50Ms: number;
  servedP99Ms: number;
  refused: number;
  refusedP99Ms: number | null;
  /** No answer within the client timeout (the generator's status 0, or still waiting at the end). */
  timeouts: number;
  /** 5xx answers other than 503 (every 503 here is admission's `overloaded`). */
  other5xx: number;
  /** From the end of the load until a gentle probe was answered normally; null if never within the probe's limit. */
  recoveryMs: number | null;
  raw: GeneratorResult;
};

export type OverloadScenario = {
  scenario: string;
  number: string;
  title: string;
  saturationRate: number;
  points: OverloadPoint[];
  /** Which of the issue's targets the 3x point misses; empty when it meets them all. */
  missed: string[];
};

export type OverloadResult = {
  id: "overload";
  node: string;
  seconds: number;
  scenarios: OverloadScenario[];
};

export function overloadPoint(multiple: number, offeredRate: number, result: GeneratorResult): OverloadPoint {
  const counts = result.statusCounts;
  const count = (match: (status: number) => boolean) =>
    Object.entries(counts)
      .filter(([status]) => match(Number(status)))
      .reduce((sum, [, n]) => sum + n, 0);
  const refused = counts["503"] ?? 0;
  return {
    multiple,
    offeredRate,
    servedRate: result.throughput,
    servedP50Ms: result.latency.p50,
    servedP99Ms: result.latency.p99,
    refused,
    refusedP99Ms: refused > 0 ? (result.refusedLatency?.p99 ?? null) : null,
    timeouts: (counts["0"] ?? 0) + result.unanswered,
    other5xx: count((status) => status >= 500 && status !== 503),
    recoveryMs: result.recoveryMs ?? null,
    raw: result,
  };
}

export function missedTargets(saturationRate: number, points: OverloadPoint[]): string[] {
  const at3 = points.find((point) => point.multiple === 3);
  if (!at3) return ["no 3x point"];
  const missed: string[] = [];
  const t = OVERLOAD_TARGETS;
  if (at3.servedP99Ms > t.servedP99Ms) missed.push(`served p99 ${at3.servedP99Ms} ms > ${t.servedP99Ms}`);
  if (at3.refusedP99Ms !== null && at3.refusedP99Ms > t.refusedP99Ms)
    missed.push(`refusal p99 ${at3.refusedP99Ms} ms > ${t.refusedP99Ms}`);
  if (at3.timeouts > 0) missed.push(`${at3.timeouts} timeouts`);
  if (at3.other5xx > 0) missed.push(`${at3.other5xx} 5xx other than 503`);
  if (at3.recoveryMs === null || at3.recoveryMs > t.recoveryMs)
    missed.push(`recovery ${at3.recoveryMs ?? "never"} ms > ${t.recoveryMs}`);
  if (at3.servedRate < t.servedShare * saturationRate)
    missed.push(
      `served ${Math.round(at3.servedRate)}/s < ${t.servedShare * 100}% of saturation ${Math.round(saturationRate)}/s`,
    );
  return missed;
}

export function overloadTable(result: OverloadResult): string {
  const header = [
    `overload (Node.js ${result.node}, ${result.seconds} s each)`,
    "offered /s",
    "served /s",
    "served p50 / p99 ms",
    "refused",
    "refusal p99 ms",
    "timeouts",
    "other 5xx",
    "recovery ms",
  ];
  const rows = result.scenarios.flatMap((s) =>
    s.points.map((p) => [
      `${s.number}. ${s.title} at ${p.multiple}x (saturation ${Math.round(s.saturationRate)}/s)`,
      Math.round(p.offeredRate).toString(),
      Math.round(p.servedRate).toString(),
      `${p.servedP50Ms} / ${p.servedP99Ms}`,
      p.refused.toString(),
      p.refusedP99Ms === null ? "-" : String(p.refusedP99Ms),
      p.timeouts.toString(),
      p.other5xx.toString(),
      p.recoveryMs === null ? "never" : String(p.recoveryMs),
    ]),
  );
  const lines = [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`);
  const verdicts = result.scenarios.map(
    (s) => `${s.number} at 3x: ${s.missed.length === 0 ? "every target met" : `missed: ${s.missed.join("; ")}`}`,
  );
  return [...lines, "", ...verdicts].join("\n");
}
