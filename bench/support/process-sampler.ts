// Peak resident memory and CPU time of a process and all its descendants, read from /proc while it
// runs: VmRSS summed over the tree (the root's own VmHWM catches peaks between samples), and the
// largest single process of it (each one's VmHWM where it can be reset), which for a cluster
// server is what one worker needs, apart from how many there are.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";

function readStatus(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
}

function kilobytes(status: string | undefined, field: "VmRSS" | "VmHWM"): number {
  const match = status && new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
  return match ? Number(match[1]) : 0;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of one process in seconds (fields 14 and 15 of /proc/<pid>/stat). */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const status = readStatus(Number(entry));
    const ppid = status && /^PPid:\s+(\d+)/m.exec(status)?.[1];
    if (!ppid) continue;
    const list = children.get(Number(ppid)) ?? [];
    list.push(Number(entry));
    children.set(Number(ppid), list);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i] ?? -1) ?? []));
  return tree;
}

/** Resets the kernel's peak (VmHWM) to the current RSS; false where that is not permitted. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

export type PeakMemory = { treeMb: number; largestProcessMb: number };

export class ProcessSampler {
  #peakKb = 0;
  #peakProcessKb = 0;
  #timer: NodeJS.Timeout | undefined;
  #tree: number[] = [];
  #treeAge = 0;
  // Only a resettable VmHWM describes one window; otherwise it would carry earlier peaks along.
  readonly #useHwm: boolean;
  // The processes whose VmHWM was reset at the start of this window (a worker forked since was not).
  #hwmReset = new Set<number>();

  constructor(readonly pid: number) {
    this.#useHwm = resetPeak(pid);
    this.#resetTreePeaks();
  }

  start(intervalMs = 250): void {
    this.#timer = setInterval(() => this.sample(), intervalMs);
    this.#timer.unref();
  }

  sample(): void {
    // The tree rarely changes; rescanning /proc every few seconds is enough.
    if (this.#treeAge-- <= 0) {
      this.#tree = descendants(this.pid);
      this.#treeAge = 20;
    }
    let rss = 0;
    for (const pid of this.#tree) {
      const status = readStatus(pid);
      const current = kilobytes(status, "VmRSS");
      rss += current;
      const own = this.#hwmReset.has(pid) ? Math.max(current, kilobytes(status, "VmHWM")) : current;
      this.#peakProcessKb = Math.max(this.#peakProcessKb, own);
    }
    const rootPeak = this.#useHwm ? kilobytes(readStatus(this.pid), "VmHWM") : 0;
    this.#peakKb = Math.max(this.#peakKb, rss, rootPeak);
  }

  /** Peak of the tree since the last call, in MiB; starts the next window afresh. */
  takePeakMb(): number {
    return this.takePeaks().treeMb;
  }

  /** Peaks of the tree and of its largest process since the last call, in MiB; starts the next window afresh. */
  takePeaks(): PeakMemory {
    this.sample();
    const peaks = { treeMb: Math.round(this.#peakKb / 1024), largestProcessMb: Math.round(this.#peakProcessKb / 1024) };
    this.#peakKb = 0;
    this.#peakProcessKb = 0;
    this.#resetTreePeaks();
    return peaks;
  }

  #resetTreePeaks(): void {
    if (!this.#useHwm) return;
    this.#tree = descendants(this.pid);
    this.#treeAge = 20;
    this.#hwmReset = new Set(this.#tree.filter(resetPeak));
  }

  /** CPU seconds used so far by the process tree (as it is now). */
  cpuSeconds(): number {
    return descendants(this.pid).reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
