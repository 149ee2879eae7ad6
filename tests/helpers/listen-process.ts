// `listen` as a developer runs it, its own process: `npm run cli -- listen` (scripts/cli.ts) or the
// client package's `wallet-card listen` (lib/client/listen-cli.ts), its printed lines kept, and the
// session's signing secret read from what it printed first.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { REPO_ROOT } from "@/lib/db/paths";

export type Listener = { child: ChildProcessWithoutNullStreams; lines: string[]; secret: () => string };

export function startListener(command: "repo" | "package", args: string[], env: NodeJS.ProcessEnv): Listener {
  const script = command === "repo" ? ["scripts/cli.ts", "listen"] : ["lib/client/listen-cli.ts", "listen"];
  const child = spawn(process.execPath, ["--import", "tsx", ...script, ...args], { cwd: REPO_ROOT, env });
  const lines: string[] = [];
  let buffered = "";
  child.stdout.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    lines.push(...parts);
  });
  child.stderr.on("data", (chunk: Buffer) => lines.push(`stderr: ${chunk.toString("utf8").trim()}`));
  const secret = () => {
    const line = lines.find((l) => l.startsWith("Listener signing secret for this session: "));
    if (!line) throw new Error(`no secret printed yet: ${lines.join("\n")}`);
    return line.slice(line.indexOf("whsec_"));
  };
  return { child, lines, secret };
}

/** Stops a listener as Ctrl-C does and waits for it to exit. */
export async function stopListener(listener: Listener): Promise<void> {
  if (listener.child.exitCode !== null || listener.child.signalCode !== null) return;
  const exited = new Promise((resolve) => listener.child.once("exit", resolve));
  listener.child.kill("SIGINT");
  await exited;
}
