// The webhook worker as its own process (scripts/worker.ts), for tests that kill one mid-send:
// quick to notice a dead worker, quick to poll. Every process started is killed when the test's
// file ends, if the test has not.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { REPO_ROOT } from "@/lib/db/paths";

export function workerProcesses(extraEnv: Record<string, string> = {}) {
  const children: ChildProcess[] = [];
  return {
    start(): ChildProcess {
      const child = spawn(process.execPath, ["--import", "tsx", path.join(REPO_ROOT, "scripts/worker.ts")], {
        cwd: REPO_ROOT,
        env: {
          ...process.env,
          WEBHOOK_STALE_LOCK_SECONDS: "1",
          WEBHOOK_SWEEP_INTERVAL_MS: "300",
          WEBHOOK_POLL_INTERVAL_MS: "200",
          ...extraEnv,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.push(child);
      return child;
    },
    async killAll(): Promise<void> {
      for (const child of children) {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill("SIGKILL");
          await once(child, "exit");
        }
      }
    },
  };
}
