// The growth scenario's results (bench/README.md, "Growth"): each operation's median at the small
// and the tenfold size, per Node.js version, with the ratio big / small against the 1.5× target.
import type { GrowthCounts } from "./growth-seed";
import type { GrowthMeasurement } from "../growth/measure";

/** Issue 28: every operation within 1.5× at ten times the data. */
export const GROWTH_TARGET = 1.5;

export type GrowthRow = {
  id: string;
  title: string;
  via: "http" | "in-process";
  smallMs: number;
  bigMs: number;
  smallRunsMs: number[];
  bigRunsMs: number[];
  /** bigMs / smallMs. */
  growth: number;
};

export type GrowthNodeResult = { node: string; rows: GrowthRow[] };

export type GrowthResult = {
  id: "growth";
  /** Ledger entries asked for at the small size (`--growth-entries`); the big size adds nine times as many. */
  entriesAsked: number;
  counts: { small: GrowthCounts; big: GrowthCounts };
  reps: number;
  target: number;
  byNode: GrowthNodeResult[];
  /** Load average (1, 5, 15 min) when each size's measuring began. */
  loadAverage: { small: number[]; big: number[] };
};

export function growthRows(small: GrowthMeasurement, big: GrowthMeasurement): GrowthRow[] {
  return small.operations.map((s) => {
    const b = big.operations.find((o) => o.id === s.id);
    if (!b) throw new Error(`growth: ${s.id} was measured at the small size only`);
    return {
      id: s.id,
      title: s.title,
      via: s.via,
      smallMs: s.medianMs,
      bigMs: b.medianMs,
      smallRunsMs: s.runsMs,
      bigRunsMs: b.runsMs,
      growth: s.medianMs > 0 ? b.medianMs / s.medianMs : 0,
    };
  });
}

const ms = (n: number) =>
  n >= 1000 ? `${(n / 1000).toFixed(2)} s` : n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(1)} ms`;

function sizeLabel(counts: GrowthCounts): string {
  return `${(counts.ledgerEntries / 1e6).toFixed(counts.ledgerEntries >= 1e6 ? 2 : 3)} M entries`;
}

/** One table per Node.js version; over the target is marked (!). */
export function growthTables(result: GrowthResult): string {
  const { small, big } = result.counts;
  return result.byNode
    .map((node) => {
      const header = [
        `growth, Node.js ${node.node}`,
        "via",
        `at S (${sizeLabel(small)})`,
        `at 10×S (${sizeLabel(big)})`,
        "growth",
      ];
      const rows = node.rows.map((r) => [
        r.title,
        r.via,
        ms(r.smallMs),
        ms(r.bigMs),
        `${r.growth.toFixed(2)}×${r.growth > result.target ? " (!)" : ""}`,
      ]);
      return [header, header.map(() => "---"), ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
    })
    .join("\n\n");
}

export function growthSummary(result: GrowthResult): string {
  const { small, big } = result.counts;
  const describe = (c: GrowthCounts) =>
    `${c.ledgerEntries} ledger entries, ${c.wallets} wallets, ${c.events} events, ${c.deliveries} deliveries, ` +
    `${c.attempts} attempts, ${c.requestLogs} request-log rows, ${c.auditLogs} audit lines`;
  const over = result.byNode.flatMap((n) =>
    n.rows.filter((r) => r.growth > result.target).map((r) => `${r.id} on ${n.node}`),
  );
  return [
    `Growth: median of ${result.reps} warm runs per operation at each size. S: ${describe(small)}; 10×S: ${describe(big)}. ` +
      `Load average when measuring began: S ${result.loadAverage.small.join(" ")}, 10×S ${result.loadAverage.big.join(" ")}.`,
    over.length === 0
      ? `Every operation within ${result.target}× (marked (!) otherwise).`
      : `Over ${result.target}× (marked (!)): ${over.join(", ")}.`,
  ].join("\n");
}
