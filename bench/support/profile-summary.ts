// Reads the V8 CPU profiles (`node --cpu-prof`) in a directory and says where the busy time went:
// self time by part of the stack (next, @prisma/*, pg, node core, our code...), inclusive time
// ("a frame of X is on the stack"), and the top functions. Threads that were mostly idle (tsx's
// module-hooks thread) are skipped, and idle time is left out of the percentages.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const NOT_BUSY = new Set(["(idle)", "(program)"]);

/** Which part of the stack a frame belongs to. */
function frameCategory(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  if (url.startsWith("wasm://")) return "wasm (Prisma query compiler)";
  if (url.startsWith("node:")) return "node core";
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules?.[1]) return modules[1];
  // Our route handlers and lib/ are bundled by Next into server chunks, with what they import.
  if (url.includes("/.next"))
    return url.includes("/chunks/") ? "next server chunks (our code + bundled deps)" : "next build output";
  if (url.includes("/lib/") || url.includes("/scripts/") || url.includes("/app/")) return "our code (unbundled)";
  return path.basename(url);
}

type Tally = {
  busy: number;
  self: Map<string, number>;
  inclusive: Map<string, number>;
  functions: Map<string, number>;
  /** Inclusive time of our own functions (lib/, app/, scripts/; bundled or not). */
  ours: Map<string, number>;
};

function isOurs(url: string): boolean {
  return !url.includes("node_modules") && /\/(lib|app|scripts)\//.test(url);
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? ` ${url.replace(/^.*\/(node_modules|\.next-bench|lib|scripts|app)\//, "$1/")}:${lineNumber + 1}`
    : "";
  return `${functionName || "(anonymous)"}${where}`;
}

function add(map: Map<string, number>, key: string, us: number) {
  map.set(key, (map.get(key) ?? 0) + us);
}

function tallyProfile(profile: CpuProfile, tally: Tally): { busy: number; total: number } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // The labels on each node's stack (its own and its ancestors'), computed once per node.
  const onStack = (label: (node: ProfileNode) => string | undefined) => {
    const known = new Map<number, Set<string>>();
    const of = (id: number): Set<string> => {
      const cached = known.get(id);
      if (cached) return cached;
      const node = nodes.get(id);
      const parentId = parent.get(id);
      const set = new Set(parentId === undefined ? [] : of(parentId));
      const own = node && label(node);
      if (own !== undefined) set.add(own);
      known.set(id, set);
      return set;
    };
    return of;
  };
  const categoriesOf = onStack((node) => frameCategory(node.callFrame.url, node.callFrame.functionName));
  const oursOf = onStack((node) => (isOurs(node.callFrame.url) ? frameName(node) : undefined));
  let busy = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = nodes.get(id);
    const us = profile.timeDeltas[i] ?? 0;
    total += us;
    if (!node) return;
    const category = frameCategory(node.callFrame.url, node.callFrame.functionName);
    if (NOT_BUSY.has(category)) return;
    busy += us;
    add(tally.self, category, us);
    for (const onStack of categoriesOf(id)) add(tally.inclusive, onStack, us);
    for (const fn of oursOf(id)) add(tally.ours, fn, us);
    add(tally.functions, frameName(node), us);
  });
  return { busy, total };
}

export function summarizeProfile(dir: string, top = 25): string {
  const tally: Tally = { busy: 0, self: new Map(), inclusive: new Map(), functions: new Map(), ours: new Map() };
  const threads: string[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    const scratch: Tally = { busy: 0, self: new Map(), inclusive: new Map(), functions: new Map(), ours: new Map() };
    const { busy, total } = tallyProfile(profile, scratch);
    const share = total > 0 ? busy / total : 0;
    threads.push(
      `${file}: ${(total / 1e6).toFixed(1)} s, ${(share * 100).toFixed(0)}% busy${share < 0.05 ? " (skipped)" : ""}`,
    );
    if (share < 0.05) continue;
    tally.busy += busy;
    for (const key of ["self", "inclusive", "functions", "ours"] as const) {
      for (const [name, us] of scratch[key]) add(tally[key], name, us);
    }
  }
  const pct = (us: number) => `${((us / tally.busy) * 100).toFixed(1).padStart(5)}%`;
  const sorted = (map: Map<string, number>, limit = Infinity) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, us]) => `  ${pct(us)}  ${name}`);
  return [
    `CPU profile in ${dir}`,
    ...threads.map((t) => `  ${t}`),
    `busy time ${(tally.busy / 1e6).toFixed(1)} s; self time by part of the stack:`,
    ...sorted(tally.self),
    "inclusive (a frame of it on the stack):",
    ...sorted(tally.inclusive, 15),
    "our functions, inclusive:",
    ...sorted(tally.ours, 20),
    `top ${top} functions by self time:`,
    ...sorted(tally.functions, top),
  ].join("\n");
}

// Also usable alone: node --import tsx bench/support/profile-summary.ts <dir>
if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const dir = process.argv[2];
  if (dir) console.log(summarizeProfile(dir));
}
