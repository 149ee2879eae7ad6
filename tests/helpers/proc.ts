// Processes as Linux's /proc shows them, for system tests that check which processes of the
// service are alive and who forked them (no CONFIG_PROC_CHILDREN or ps needed).
import { readdirSync, readFileSync } from "node:fs";

/** /proc/<pid>/stat's fields after the command name (field 3, state, first; then the parent's pid), or null when gone. */
export function statFields(pid: number): string[] | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses; it ends at the last ")".
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** Whether the process exists and is not a zombie. */
export function alive(pid: number): boolean {
  const fields = statFields(pid);
  return fields !== null && fields[0] !== "Z";
}

/** Pids whose parent is `pid`; a zombie counts as gone. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && fields[0] !== "Z" && Number(fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** /proc/<pid>/cmdline with its NULs as spaces, or "" when gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}
